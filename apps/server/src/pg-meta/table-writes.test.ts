import {
  NO_PRIMARY_KEY_MESSAGE,
  NO_ROW_UPDATED_MESSAGE,
  TRUNCATE_IMPERSONATING_MESSAGE,
  type CellValues,
  type Impersonation,
} from '@basalt/contracts'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchTableRows } from './table-rows.ts'
import { deleteRows, insertRows, updateRow } from './table-writes.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

const userA = 'aaaaaaaa-0000-0000-0000-000000000001'
const userB = 'bbbbbbbb-0000-0000-0000-000000000002'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'writes',
    `
    create type public.mood as enum ('sad', 'ok', 'happy');
    create table public.kinds (
      id bigint generated always as identity primary key,
      i2 int2, i4 int4, i8 int8, num numeric, f4 float4, f8 float8, b bool, t text, vc varchar(20), u uuid,
      d date, tm time, ts timestamp, tstz timestamptz, j json, jb jsonb, m public.mood, ta text[], ia int4[],
      ja jsonb[], by bytea,
      t_upper text generated always as (upper(t)) stored
    );
    create table public.todos (
      id serial primary key,
      title text not null default 'untitled',
      status text default 'new',
      created_at timestamptz not null default now(),
      body text
    );
    create domain public.label as text not null check (value <> '');
    create table public.labelled (id int primary key, name public.label default 'unnamed', note text);
    create table public.loose (a int, b text);
    create table public.pairs (k1 int, k2 text, v text, primary key (k1, k2));

    create table public.parents (id int primary key);
    create table public.children (id int primary key, parent_id int references public.parents (id));

    insert into auth.users (id, email) values ('${userA}', 'a@example.com'), ('${userB}', 'b@example.com');
    create table public.notes (id int primary key, owner uuid not null, body text);
    alter table public.notes enable row level security;
    create policy "read own" on public.notes for select to authenticated using (auth.uid() = owner);
    create policy "write own" on public.notes for update to authenticated using (auth.uid() = owner);
    create policy "delete own" on public.notes for delete to authenticated using (auth.uid() = owner);
    create policy "insert own" on public.notes for insert to authenticated with check (auth.uid() = owner);
    `,
  )
})
afterAll(async () => {
  await db.drop()
})

// Timestamps come back in the session's time zone; UTC keeps the expected text fixed.
const utc = <T>(fn: (c: pg.PoolClient) => Promise<T>, impersonation?: Impersonation) =>
  db.run(async (c) => {
    await c.query("set local timezone = 'UTC'")
    return fn(c)
  }, impersonation)

const read = (table: string, filters: { column: string; operator: '='; value: string }[] = []) =>
  utc((c) => fetchTableRows(c, { schema: 'public', table, filters }))

async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  const result = await read(table)
  if (!result.ok) throw new Error(result.error.message)
  return result.data.rows.map((r) => r.data)
}

describe('insertRows, updateRow: values converted by the column type', () => {
  // What the user types in the grid (text forms, JSON for json columns), and what every read shows.
  const typed: CellValues = {
    i2: '12',
    i4: 34,
    i8: '9007199254740993',
    num: '12.50',
    f4: '1.5',
    f8: 2.25,
    b: 'true',
    t: "it's \\ here",
    vc: 'short',
    u: '0b3c2a8e-6f1d-4c3e-9a4b-7d2e1f0a9b8c',
    d: '2026-01-02',
    tm: '10:00:00',
    ts: '2026-01-02 10:00:00',
    tstz: '2026-01-02 10:00:00+02',
    j: { a: [1, 'x'] },
    jb: 'just a string',
    m: 'happy',
    ta: ['a', 'b c', null, 'd"e'],
    ia: '{3,4}',
    ja: [{ k: true }, 'two'],
    by: '\\x0102ff',
  }
  const shown = {
    i2: 12,
    i4: 34,
    i8: '9007199254740993',
    num: '12.50',
    f4: 1.5,
    f8: 2.25,
    b: true,
    t: "it's \\ here",
    vc: 'short',
    u: '0b3c2a8e-6f1d-4c3e-9a4b-7d2e1f0a9b8c',
    d: '2026-01-02',
    tm: '10:00:00',
    ts: '2026-01-02 10:00:00',
    tstz: '2026-01-02 08:00:00+00',
    j: { a: [1, 'x'] },
    jb: 'just a string',
    m: 'happy',
    ta: ['a', 'b c', null, 'd"e'],
    ia: [3, 4],
    ja: [{ k: true }, 'two'],
    by: '\\x0102ff',
    t_upper: "IT'S \\ HERE",
  }

  it('inserts every common type and returns the row exactly as a read shows it', async () => {
    const inserted = await utc((c) => insertRows(c, { schema: 'public', table: 'kinds', rows: [typed] }))
    expect(inserted.ok).toBe(true)
    if (!inserted.ok) return
    const row = inserted.data.rows[0]!
    expect(row.data).toEqual({ id: expect.any(String), ...shown })
    const readBack = await read('kinds', [{ column: 'id', operator: '=', value: String(row.data.id) }])
    expect(readBack.ok && readBack.data).toEqual(inserted.data)
    expect(inserted.data.primaryKey).toEqual(['id'])
    expect(inserted.data.fields.find((f) => f.name === 'ta')).toEqual({
      name: 'ta',
      dataTypeID: 1009,
      format: '_text',
      dataType: 'text[]',
    })
  })

  it('writes back what a read returned without changing it, and nulls every column', async () => {
    const [before] = await rowsOf('kinds')
    const { id, t_upper, ...values } = before as Record<string, CellValues[string]>
    void t_upper
    const same = await utc((c) => updateRow(c, { schema: 'public', table: 'kinds', match: { id: id! }, values }))
    expect(same.ok && same.data.rows[0]?.data).toEqual(before)

    const nulls = Object.fromEntries(Object.keys(values).map((k) => [k, null]))
    const cleared = await utc((c) =>
      updateRow(c, { schema: 'public', table: 'kinds', match: { id: id! }, values: nulls }),
    )
    expect(cleared.ok && cleared.data.rows[0]?.data).toEqual({ id, ...nulls, t_upper: null })
    expect(await rowsOf('kinds')).toEqual([{ id, ...nulls, t_upper: null }])
  })

  it('updates with typed text and JSON values', async () => {
    const [{ id }] = (await rowsOf('kinds')) as [{ id: string }]
    const updated = await utc((c) => updateRow(c, { schema: 'public', table: 'kinds', match: { id }, values: typed }))
    expect(updated.ok && updated.data.rows).toEqual([{ idx: 0, data: { id, ...shown }, truncated: [] }])
  })

  it('reports a value its type refuses as the Postgres error, and writes nothing', async () => {
    const before = await rowsOf('kinds')
    const result = await utc((c) =>
      insertRows(c, { schema: 'public', table: 'kinds', rows: [{ i4: '7' }, { i4: 'seven' }] }),
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'invalid input syntax for type integer: "seven"', pg: { code: '22P02' } },
    })
    expect(await rowsOf('kinds')).toEqual(before)
  })
})

describe('insertRows', () => {
  it('gives each column a row leaves out its default, even when other rows set it', async () => {
    const result = await utc((c) =>
      insertRows(c, {
        schema: 'public',
        table: 'todos',
        rows: [{ title: 'first', status: null }, { body: 'second' }, {}],
      }),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data.rows.map((r) => [r.data.title, r.data.status, r.data.body])).toEqual([
      ['first', null, null],
      ['untitled', 'new', 'second'],
      ['untitled', 'new', null],
    ])
    expect(result.data.rows.map((r) => r.idx)).toEqual([0, 1, 2])
    for (const row of result.data.rows) expect(row.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)
  })

  it('leaves out values for identity-always and generated columns', async () => {
    const result = await utc((c) =>
      insertRows(c, { schema: 'public', table: 'kinds', rows: [{ id: '999', t: 'x', t_upper: 'nope' }, { id: null }] }),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data.rows.map((r) => [r.data.t, r.data.t_upper])).toEqual([
      ['x', 'X'],
      [null, null],
    ])
    expect(result.data.rows.map((r) => r.data.id)).not.toContain('999')
  })

  it('writes tables with a NOT NULL domain column', async () => {
    const result = await db.run((c) =>
      insertRows(c, { schema: 'public', table: 'labelled', rows: [{ id: 1, name: 'one' }, { id: 2 }] }),
    )
    expect(result.ok && result.data.rows.map((r) => r.data)).toEqual([
      { id: 1, name: 'one', note: null },
      { id: 2, name: 'unnamed', note: null },
    ])
    const updated = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'labelled', match: { id: 1 }, values: { note: 'n' } }),
    )
    expect(updated.ok && updated.data.rows[0]?.data).toEqual({ id: 1, name: 'one', note: 'n' })
  })

  it('returns big cells cut as a read does', async () => {
    const body = 'x'.repeat(20_000)
    const result = await db.run((c) => insertRows(c, { schema: 'public', table: 'todos', rows: [{ body }] }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data.rows[0]?.truncated).toEqual(['body'])
    expect((result.data.rows[0]?.data.body as string).length).toBeLessThan(body.length)
  })

  it('inserts into a table without a primary key, and answers not_found for a missing table', async () => {
    const result = await db.run((c) => insertRows(c, { schema: 'public', table: 'loose', rows: [{ a: 1, b: 'x' }] }))
    expect(result.ok && result.data).toMatchObject({ rows: [{ data: { a: 1, b: 'x' } }], primaryKey: [] })
    const missing = await db.run((c) => insertRows(c, { schema: 'public', table: 'nope', rows: [{ a: 1 }] }))
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

describe('updateRow', () => {
  it('refuses a table without a primary key', async () => {
    const result = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'loose', match: { a: 1 }, values: { b: 'y' } }),
    )
    expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: NO_PRIMARY_KEY_MESSAGE } })
  })

  it('matches a composite primary key, and only the whole key', async () => {
    await db.exec(`insert into public.pairs values (1, 'a', 'one'), (1, 'b', 'two')`)
    const result = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'pairs', match: { k1: '1', k2: 'b' }, values: { v: 'TWO' } }),
    )
    expect(result.ok && result.data.rows.map((r) => r.data)).toEqual([{ k1: 1, k2: 'b', v: 'TWO' }])
    expect(await rowsOf('pairs')).toEqual([
      { k1: 1, k2: 'a', v: 'one' },
      { k1: 1, k2: 'b', v: 'TWO' },
    ])
    const partial = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'pairs', match: { k1: 1 }, values: { v: 'x' } }),
    )
    expect(partial).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('k1, k2') },
    })
  })

  it('answers not_found when the row is gone, or when RLS hides it from the role', async () => {
    await db.exec(`insert into public.notes values (1, '${userA}', 'a1'), (2, '${userB}', 'b1')`)
    const gone = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'pairs', match: { k1: 9, k2: 'z' }, values: { v: 'x' } }),
    )
    expect(gone).toEqual({ ok: false, error: { code: 'not_found', message: NO_ROW_UPDATED_MESSAGE } })

    const asA: Impersonation = { role: 'authenticated', userId: userA }
    const hidden = await db.run(
      (c) => updateRow(c, { schema: 'public', table: 'notes', match: { id: 2 }, values: { body: 'mine now' } }),
      asA,
    )
    expect(hidden).toEqual({ ok: false, error: { code: 'not_found', message: NO_ROW_UPDATED_MESSAGE } })
    const own = await db.run(
      (c) => updateRow(c, { schema: 'public', table: 'notes', match: { id: 1 }, values: { body: 'edited' } }),
      asA,
    )
    expect(own.ok && own.data.rows[0]?.data).toEqual({ id: 1, owner: userA, body: 'edited' })
    expect((await rowsOf('notes')).map((r) => r.body)).toEqual(['edited', 'b1'])
  })

  it('refuses an update whose only values are computed columns', async () => {
    const [{ id }] = (await rowsOf('kinds')) as [{ id: string }]
    const result = await db.run((c) =>
      updateRow(c, { schema: 'public', table: 'kinds', match: { id }, values: { t_upper: 'X' } }),
    )
    expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: 'no value to update' } })
  })
})

describe('deleteRows', () => {
  it('deletes rows by primary key, composite keys included, and counts them', async () => {
    await db.exec(`insert into public.pairs values (2, 'a', 'x'), (2, 'b', 'y'), (2, 'c', 'z')`)
    const result = await db.run((c) =>
      deleteRows(
        c,
        {
          schema: 'public',
          table: 'pairs',
          rows: [
            { k1: 2, k2: 'a' },
            { k1: '2', k2: 'c' },
            { k1: 9, k2: 'q' },
          ],
        },
        { impersonating: false },
      ),
    )
    expect(result).toEqual({ ok: true, data: { deleted: 2 } })
    expect((await rowsOf('pairs')).filter((r) => r.k1 === 2)).toEqual([{ k1: 2, k2: 'b', v: 'y' }])
  })

  it('refuses to delete rows of a table without a primary key', async () => {
    const result = await db.run((c) =>
      deleteRows(c, { schema: 'public', table: 'loose', rows: [{ a: 1 }] }, { impersonating: false }),
    )
    expect(result).toEqual({ ok: false, error: { code: 'bad_request', message: NO_PRIMARY_KEY_MESSAGE } })
  })

  it('deletes every row matching the filters', async () => {
    await db.exec(`insert into public.pairs values (3, 'a', 'keep'), (3, 'b', 'drop'), (3, 'c', 'drop')`)
    const result = await db.run((c) =>
      deleteRows(
        c,
        { schema: 'public', table: 'pairs', all: { filters: [{ column: 'v', operator: '=', value: 'drop' }] } },
        { impersonating: false },
      ),
    )
    expect(result).toEqual({ ok: true, data: { deleted: 2 } })
    expect((await rowsOf('pairs')).filter((r) => r.k1 === 3)).toEqual([{ k1: 3, k2: 'a', v: 'keep' }])
  })

  it('only deletes the rows RLS lets the role delete', async () => {
    await db.exec(`insert into public.notes values (3, '${userA}', 'a3'), (4, '${userB}', 'b4')`)
    const result = await db.run(
      (c) => deleteRows(c, { schema: 'public', table: 'notes', rows: [{ id: 3 }, { id: 4 }] }, { impersonating: true }),
      { role: 'authenticated', userId: userA },
    )
    expect(result).toEqual({ ok: true, data: { deleted: 1 } })
    expect((await rowsOf('notes')).map((r) => r.id)).toEqual([1, 2, 4])
  })

  it('truncates without filters, refused while impersonating, and cascades only when asked', async () => {
    await db.exec(`insert into public.parents values (1), (2); insert into public.children values (10, 1)`)
    const asAnon = await db.run(
      (c) => deleteRows(c, { schema: 'public', table: 'children', all: { filters: [] } }, { impersonating: true }),
      { role: 'anon' },
    )
    expect(asAnon).toEqual({ ok: false, error: { code: 'bad_request', message: TRUNCATE_IMPERSONATING_MESSAGE } })
    expect(await rowsOf('children')).toHaveLength(1)

    const referenced = await db.run((c) =>
      deleteRows(c, { schema: 'public', table: 'parents', all: { filters: [] } }, { impersonating: false }),
    )
    expect(referenced).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'cannot truncate a table referenced in a foreign key constraint' },
    })
    expect(await rowsOf('parents')).toHaveLength(2)

    const cascaded = await db.run((c) =>
      deleteRows(
        c,
        { schema: 'public', table: 'parents', all: { filters: [] }, cascade: true },
        { impersonating: false },
      ),
    )
    expect(cascaded).toEqual({ ok: true, data: { deleted: null } })
    expect(await rowsOf('parents')).toEqual([])
    expect(await rowsOf('children')).toEqual([])
  })
})
