import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countTableRows } from './table-count.ts'
import type { TableCountParams } from '@basalt/contracts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

const userA = 'aaaaaaaa-0000-0000-0000-000000000001'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'count',
    `
    create table public.small (id int primary key, v int);
    insert into public.small select g, g % 3 from generate_series(1, 40) g;

    -- 120,000 rows, analysed.
    create table public.big (id int primary key, v int);
    insert into public.big select g, g % 10 from generate_series(1, 120000) g;
    analyze public.big;
    create view public.big_view as select * from public.big;

    -- Never analysed: statistics unknown.
    create table public.unanalysed (id int);
    insert into public.unanalysed select generate_series(1, 300);

    create table public.parted (id int not null, k int not null) partition by list (k);
    create table public.parted_1 partition of public.parted for values in (1);
    create table public.parted_2 partition of public.parted for values in (2);
    insert into public.parted select g, 1 + g % 2 from generate_series(1, 60000) g;
    analyze public.parted;

    insert into auth.users (id, email) values ('${userA}', 'a@example.com');
    create table public.owned (id int primary key, owner uuid);
    insert into public.owned select g, case when g <= 5 then '${userA}'::uuid end from generate_series(1, 60000) g;
    analyze public.owned;
    alter table public.owned enable row level security;
    create policy "own" on public.owned for select to authenticated using (auth.uid() = owner);
    `,
  )
})
afterAll(async () => {
  await db.drop()
})

const count = (params: TableCountParams, imp?: Parameters<typeof db.run>[1]) =>
  db.run((c) => countTableRows(c, params), imp)

describe('countTableRows', () => {
  it('counts small tables exactly, with or without filters', async () => {
    expect(await count({ schema: 'public', table: 'small' })).toEqual({
      ok: true,
      data: { count: 40, is_estimate: false },
    })
    expect(
      await count({ schema: 'public', table: 'small', filters: [{ column: 'v', operator: '=', value: '0' }] }),
    ).toEqual({
      ok: true,
      data: { count: 13, is_estimate: false },
    })
    expect(await count({ schema: 'public', table: 'unanalysed' })).toEqual({
      ok: true,
      data: { count: 300, is_estimate: false },
    })
  })

  it('estimates a big table from its statistics without scanning it, unless exact is asked', async () => {
    const estimate = await count({ schema: 'public', table: 'big' })
    expect(estimate).toEqual({ ok: true, data: { count: 120000, is_estimate: true } })
    expect(await count({ schema: 'public', table: 'big', exact: true })).toEqual({
      ok: true,
      data: { count: 120000, is_estimate: false },
    })
    const parted = await count({ schema: 'public', table: 'parted' })
    expect(parted).toEqual({ ok: true, data: { count: 60000, is_estimate: true } })
  })

  it('uses the plan estimate for filters on a big table, and counts exactly when it is small', async () => {
    const wide = await count({
      schema: 'public',
      table: 'big',
      filters: [{ column: 'id', operator: '>', value: '10' }],
    })
    expect(wide.ok && wide.data.is_estimate).toBe(true)
    expect(wide.ok && Math.abs(wide.data.count - 119990) / 119990).toBeLessThan(0.05)
    expect(
      await count({ schema: 'public', table: 'big', filters: [{ column: 'id', operator: '<=', value: '10' }] }),
    ).toEqual({
      ok: true,
      data: { count: 10, is_estimate: false },
    })
    // Empty filter values are ignored: this is the unfiltered estimate.
    expect(
      await count({ schema: 'public', table: 'big', filters: [{ column: 'v', operator: '=', value: '' }] }),
    ).toEqual({
      ok: true,
      data: { count: 120000, is_estimate: true },
    })
  })

  it('estimates views through the plan', async () => {
    const view = await count({ schema: 'public', table: 'big_view' })
    expect(view.ok && view.data).toEqual({ count: expect.closeTo(120000, -3), is_estimate: true })
    expect(
      await count({ schema: 'public', table: 'big_view', filters: [{ column: 'id', operator: '<', value: '4' }] }),
    ).toEqual({
      ok: true,
      data: { count: 3, is_estimate: false },
    })
  })

  it('counts what RLS lets the impersonated role see', async () => {
    expect(await count({ schema: 'public', table: 'owned' }, { role: 'authenticated', userId: userA })).toEqual({
      ok: true,
      data: { count: 5, is_estimate: false },
    })
    expect(await count({ schema: 'public', table: 'owned' }, { role: 'anon' })).toEqual({
      ok: true,
      data: { count: 0, is_estimate: false },
    })
    expect(await count({ schema: 'public', table: 'owned', exact: true }, { role: 'service_role' })).toEqual({
      ok: true,
      data: { count: 60000, is_estimate: false },
    })
  })

  it('answers not_found for an unknown table and pg_error for a bad filter', async () => {
    expect(await count({ schema: 'public', table: 'nope' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Table public.nope not found' },
    })
    const bad = await count({
      schema: 'public',
      table: 'small',
      filters: [{ column: 'v', operator: '=', value: 'abc' }],
    })
    expect(!bad.ok && bad.error).toMatchObject({ code: 'pg_error', pg: { code: '22P02' } })
  })
})
