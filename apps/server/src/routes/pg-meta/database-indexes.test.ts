import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseIndex } from '@basalt/contracts'
import { Agent, createProjectApp, projectSuperuserUrl } from '../../../test/platform-app.ts'

describe('Database › Indexes routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (query = '') => `/api/platform/pg-meta/${p.ref}/database/indexes${query}`
  const list = async (schema = 'public'): Promise<DatabaseIndex[]> =>
    (await p.owner.get(api(`?included_schemas=${schema}`))).json()
  const named = async (name: string, schema = 'public') => (await list(schema)).find((i) => i.name === name)

  beforeAll(async () => {
    p = await createProjectApp('Indexes')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    // A dropped column shifts the table's column numbers from the index's own: columns are read from the index.
    await p.database.query(`
      create table public.items (id int primary key, gone int, title text, price int, note text);
      alter table public.items drop column gone;
      create index by_title on public.items (title) include (note);
      create index by_title_again on public.items (title) include (note);
      create index cheap on public.items (lower(title), price) where price < 10;
      create schema other;
      create table other.items (id int, title text);
      create index by_title on other.items (id);
    `)
    // An invalid index, as a failed CREATE INDEX CONCURRENTLY leaves it.
    const su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
    await su.query(`update pg_index set indisvalid = false where indexrelid = 'public.cheap'::regclass`)
    await su.end()
  })
  afterAll(async () => {
    await p?.close()
  })

  it('reads columns from the index itself, keeps same-named indexes of two schemas apart, and flags invalid, unused and duplicate ones', async () => {
    expect(await named('by_title')).toMatchObject({
      table: 'items',
      method: 'btree',
      columns: ['title'],
      include: ['note'],
      unused: true,
      duplicate_of: 'by_title_again',
    })
    expect(await named('by_title', 'other')).toMatchObject({ schema: 'other', columns: ['id'], duplicate_of: null })
    expect(await named('cheap')).toMatchObject({
      valid: false,
      columns: ['lower(title)', 'price'],
      predicate: 'price < 10',
    })
    const pkey = await named('items_pkey')
    expect(pkey).toMatchObject({ primary: true, unique: true, unused: false, columns: ['id'] })
    expect(pkey!.size_bytes).toBeGreaterThan(0)
  })

  it('creates an index with a method, unique and concurrently, and drops it', async () => {
    const created = await p.owner.post(api(), {
      schema: 'public',
      table: 'items',
      columns: ['price', 'title'],
      unique: true,
      concurrently: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    const index: DatabaseIndex = created.json()
    expect(index).toMatchObject({
      name: 'items_price_title_idx',
      unique: true,
      valid: true,
      columns: ['price', 'title'],
    })
    const gin = await p.owner.post(api(), {
      schema: 'public',
      table: 'items',
      name: 'by_hash',
      columns: ['title'],
      method: 'hash',
    })
    expect(gin.json()).toMatchObject({ method: 'hash' })
    expect((await p.owner.delete(api(`?id=${index.id}`))).statusCode).toBe(200)
    expect(await named('items_price_title_idx')).toBeUndefined()
  })

  it("answers an index on a missing column with Postgres' message and leaves nothing, concurrently too", async () => {
    for (const concurrently of [false, true]) {
      const missing = await p.owner.post(api(), {
        schema: 'public',
        table: 'items',
        name: 'broken',
        columns: ['nope'],
        concurrently,
      })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({
        code: 'pg_error',
        message: 'column "nope" does not exist',
        pg: { code: '42703' },
      })
      expect(await named('broken')).toBeUndefined()
    }
    // A unique index the rows break, built concurrently: Postgres leaves it invalid; Basalt drops it.
    await p.database.query(`insert into public.items (id, title) values (1, 'a'), (2, 'a')`)
    const dup = await p.owner.post(api(), {
      schema: 'public',
      table: 'items',
      name: 'uniq',
      columns: ['title'],
      unique: true,
      concurrently: true,
    })
    expect(dup.json()).toMatchObject({ code: 'pg_error', pg: { code: '23505' } })
    expect(await named('uniq')).toBeUndefined()
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api('?included_schemas=public'))).statusCode).toBe(200)
    const body = { schema: 'public', table: 'items', columns: ['note'] }
    expect((await readOnly.post(api(), body)).statusCode).toBe(403)
    const id = (await named('by_title'))!.id
    expect((await readOnly.delete(api(`?id=${id}`))).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.post(api(), body)).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect(await named('items_note_idx')).toBeUndefined()
  })
})
