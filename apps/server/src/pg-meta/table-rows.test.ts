import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRelation } from './relation-lookup.ts'
import { effectiveSorts, fetchCell, fetchTableRows } from './table-rows.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

const userA = 'aaaaaaaa-0000-0000-0000-000000000001'
const userB = 'bbbbbbbb-0000-0000-0000-000000000002'
const big = 'x'.repeat(20 * 1024)

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'rows',
    CATALOG_FIXTURE_SQL +
      `
      insert into public.authors (name, email, mood, moods, tags, profile, age) values
        ('Ada', 'ada@example.com', 'happy', '{happy,ok}', '{math}', '{"langs": ["en"]}', 36),
        ('bob', null, 'sad', null, '{}', null, null),
        ('Cleo', 'cleo@example.com', 'ok', '{}', '{a,b}', '{"n": 1}', 29);
      -- Inserted out of key order: a default order by primary key shows.
      insert into public.books (author_id, isbn, title) values (3, 'c', 'Gamma'), (1, 'b', 'Beta'), (1, 'a', 'Alpha');

      create table public.docs (id int primary key, body text, data jsonb, items int[], labels text[], n numeric, moods mood[]);
      insert into public.docs values
        (1, repeat('x', 20480), jsonb_build_object('k', repeat('y', 20480)), array(select generate_series(1, 60)), '{a,b}', 1.5,
         array_fill('ok'::mood, array[60])),
        (2, 'short', '{"k": 1}', '{1,2,3}', null, null, '{sad,happy}');

      -- 120,000 rows, analysed: big enough that no default order is applied.
      create table public.big (id int primary key, v int);
      insert into public.big select g, g % 10 from generate_series(1, 120000) g;
      analyze public.big;

      insert into auth.users (id, email) values ('${userA}', 'a@example.com'), ('${userB}', 'b@example.com');
      create table public.notes (id int primary key, owner uuid not null, body text);
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated using (auth.uid() = owner);
      insert into public.notes values (1, '${userA}', 'a1'), (2, '${userA}', 'a2'), (3, '${userB}', 'b1');
      `,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('fetchTableRows', () => {
  it('returns rows with idx, catalog field types and the primary key; small tables default to primary key order', async () => {
    const result = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'books' }))
    expect(result).toEqual({
      ok: true,
      data: {
        rows: [
          { idx: 0, data: { author_id: '1', isbn: 'a', title: 'Alpha', seq: 3 }, truncated: [] },
          { idx: 1, data: { author_id: '1', isbn: 'b', title: 'Beta', seq: 2 }, truncated: [] },
          { idx: 2, data: { author_id: '3', isbn: 'c', title: 'Gamma', seq: 1 }, truncated: [] },
        ],
        fields: [
          { name: 'author_id', dataTypeID: 20, format: 'int8', dataType: 'bigint' },
          { name: 'isbn', dataTypeID: 25, format: 'text', dataType: 'text' },
          { name: 'title', dataTypeID: 1043, format: 'varchar', dataType: 'character varying(200)' },
          { name: 'seq', dataTypeID: 23, format: 'int4', dataType: 'integer' },
        ],
        primaryKey: ['author_id', 'isbn'],
      },
    })
  })

  it('applies filters, sorts and a column list', async () => {
    const result = await db.run((c) =>
      fetchTableRows(c, {
        schema: 'public',
        table: 'authors',
        columns: ['name', 'age', 'moods'],
        filters: [
          { column: 'name', operator: '~~*', value: '%O%' },
          { column: 'id', operator: 'in', value: '1, 2,3' },
          { column: 'age', operator: '=', value: '' },
        ],
        sorts: [{ column: 'age', ascending: false, nullsFirst: true }],
      }),
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.rows.map((r) => r.data)).toEqual([
      { name: 'bob', age: null, moods: null },
      { name: 'Cleo', age: 29, moods: [] },
    ])
    expect(result.data.fields.map((f) => [f.name, f.format])).toEqual([
      ['name', 'text'],
      ['age', 'int4'],
      ['moods', '_mood'],
    ])
  })

  it('pages with limit and page; idx continues across pages', async () => {
    const result = await db.run((c) =>
      fetchTableRows(c, {
        schema: 'public',
        table: 'big',
        sorts: [{ column: 'id', ascending: true }],
        page: 2,
        limit: 500,
      }),
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.rows).toHaveLength(500)
    expect(result.data.rows[0]).toEqual({ idx: 500, data: { id: 501, v: 1 }, truncated: [] })
    expect(result.data.rows.at(-1)?.idx).toBe(999)
  })

  it('does not order a big table by default, and orders a small or never-analysed one by its key', async () => {
    await db.exec(`create table public.fresh (id int primary key); insert into public.fresh values (2), (1);`)
    const sorts = await db.run(async (c) => {
      const out: Record<string, unknown> = {}
      for (const table of ['big', 'books', 'fresh', 'author_names']) {
        const relation = await findRelation(c, 'public', table)
        if (!relation.ok) throw new Error(relation.error.message)
        out[table] = effectiveSorts(relation.data, [])
      }
      return out
    })
    expect(sorts).toEqual({
      big: [],
      books: [
        { column: 'author_id', ascending: true },
        { column: 'isbn', ascending: true },
      ],
      fresh: [{ column: 'id', ascending: true }],
      author_names: [],
    })
    const page = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'big' }))
    expect(page.ok && page.data.rows).toHaveLength(100)
  })

  it('truncates long text and json to 10,240 characters and arrays to 50 items, and says which cells', async () => {
    const result = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'docs' }))
    if (!result.ok) throw new Error(result.error.message)
    const [first, second] = result.data.rows
    expect(first?.truncated).toEqual(['body', 'data', 'items', 'moods'])
    expect(first?.data.body).toBe('x'.repeat(10_240))
    expect(first?.data.data).toBe(`{"k": "${'y'.repeat(10_240 - 7)}`)
    expect(first?.data.items).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(first?.data.labels).toEqual(['a', 'b'])
    expect(first?.data.moods).toEqual(Array.from({ length: 50 }, () => 'ok'))
    expect(first?.data.n).toBe('1.5')
    expect(second).toEqual({
      idx: 1,
      data: { id: 2, body: 'short', data: { k: 1 }, items: [1, 2, 3], labels: null, n: null, moods: ['sad', 'happy'] },
      truncated: [],
    })
  })

  it('answers not_found for an unknown table and a pg_error for an unknown column', async () => {
    const missing = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'nope' }))
    expect(missing).toEqual({ ok: false, error: { code: 'not_found', message: 'Table public.nope not found' } })
    const badSort = await db.run((c) =>
      fetchTableRows(c, { schema: 'public', table: 'books', sorts: [{ column: 'gone', ascending: true }] }),
    )
    expect(badSort.ok).toBe(false)
    expect(!badSort.ok && badSort.error).toMatchObject({
      code: 'pg_error',
      message: 'column "gone" does not exist',
      pg: { code: '42703' },
    })
    const longName = await db.run((c) =>
      fetchTableRows(c, { schema: 'public', table: 'books', columns: ['x'.repeat(64)] }),
    )
    expect(!longName.ok && longName.error.code).toBe('bad_request')
    const badLimit = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'books', limit: 7 as 100 }))
    expect(!badLimit.ok && badLimit.error.code).toBe('validation_failed')
  })

  it('applies RLS and privileges of the impersonated role', async () => {
    const bodies = async (imp?: Parameters<typeof db.run>[1]) => {
      const result = await db.run((c) => fetchTableRows(c, { schema: 'public', table: 'notes' }), imp)
      return result.ok ? result.data.rows.map((r) => r.data.body) : result.error.code
    }
    expect(await bodies({ role: 'authenticated', userId: userA })).toEqual(['a1', 'a2'])
    expect(await bodies({ role: 'authenticated', userId: userB })).toEqual(['b1'])
    expect(await bodies({ role: 'anon' })).toEqual([])
    expect(await bodies({ role: 'service_role' })).toEqual(['a1', 'a2', 'b1'])
    expect(await bodies()).toEqual(['a1', 'a2', 'b1'])
    const denied = await db.runAs(db.nobody, (c) => fetchTableRows(c, { schema: 'public', table: 'notes' }))
    expect(!denied.ok && denied.error).toMatchObject({ code: 'pg_error', pg: { code: '42501' } })
  })
})

describe('fetchCell', () => {
  it('returns whole values the page truncated', async () => {
    const cell = (column: string) =>
      db.run((c) => fetchCell(c, { schema: 'public', table: 'docs', column, primaryKey: { id: 1 } }))
    expect(await cell('body')).toEqual({ ok: true, data: { value: big } })
    expect(await cell('items')).toEqual({ ok: true, data: { value: Array.from({ length: 60 }, (_, i) => i + 1) } })
    expect(await cell('moods')).toEqual({ ok: true, data: { value: Array.from({ length: 60 }, () => 'ok') } })
    const data = await cell('data')
    expect(data.ok && data.data.value).toEqual({ k: 'y'.repeat(20480) })
  })

  it('finds rows by a composite key given as the rows call returned it', async () => {
    const result = await db.run((c) =>
      fetchCell(c, { schema: 'public', table: 'books', column: 'title', primaryKey: { author_id: '1', isbn: 'b' } }),
    )
    expect(result).toEqual({ ok: true, data: { value: 'Beta' } })
  })

  it('refuses an incomplete key, a table without one, and answers not_found for a missing or hidden row', async () => {
    const ask = (table: string, primaryKey: Record<string, string | number>, imp?: Parameters<typeof db.run>[1]) =>
      db.run((c) => fetchCell(c, { schema: 'public', table, column: 'body', primaryKey }), imp)
    const partial = await ask('books', { author_id: '1' })
    expect(!partial.ok && partial.error.code).toBe('bad_request')
    const view = await ask('author_names', { id: 1 })
    expect(!view.ok && view.error.code).toBe('bad_request')
    const missing = await ask('docs', { id: 99 })
    expect(missing).toEqual({ ok: false, error: { code: 'not_found', message: 'Row not found' } })
    const hidden = await ask('notes', { id: 3 }, { role: 'authenticated', userId: userA })
    expect(!hidden.ok && hidden.error.code).toBe('not_found')
  })
})
