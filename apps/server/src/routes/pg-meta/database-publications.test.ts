import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Publication, PublicationsResponse } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

// On a cluster of its own, as `npm start` makes them: the embedded default runs with wal_level = logical.
describe('Database › Replication routes (publications)', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (query = '') => `/api/platform/pg-meta/${p.ref}/database/publications${query}`
  const list = async (): Promise<PublicationsResponse> => (await p.owner.get(api())).json()
  const named = async (name: string) => (await list()).publications.find((x) => x.name === name)

  beforeAll(async () => {
    p = await createProjectApp('Publications', { clusters: true })
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create table public.items (id int primary key, title text, secret text, price int);
      create table public.orders (id int primary key);
      create publication filtered for table public.items (id, title) where (price > 10), public.orders
        with (publish = 'insert, truncate');
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('says the embedded server publishes logical changes, and lists column lists and row filters', async () => {
    const response = await list()
    expect(response.wal_level).toBe('logical')
    expect(await named('filtered')).toMatchObject({
      all_tables: false,
      operations: ['insert', 'truncate'],
      tables: [
        { schema: 'public', name: 'items', columns: ['id', 'title'], row_filter: '(price > 10)' },
        { schema: 'public', name: 'orders', columns: null, row_filter: null },
      ],
      schemas: [],
    })
  })

  it('creates a publication of chosen tables and operations, changes them, and drops it', async () => {
    const created = await p.owner.post(api(), {
      name: 'feed',
      tables: [{ schema: 'public', name: 'items' }],
      operations: ['insert', 'update'],
    })
    expect(created.statusCode, created.body).toBe(201)
    const feed: Publication = created.json()
    expect(feed).toMatchObject({ name: 'feed', operations: ['insert', 'update'], tables: [{ name: 'items' }] })

    const changed = await p.owner.patch(api(`?id=${feed.id}`), {
      name: 'feed',
      tables: [{ schema: 'public', name: 'orders' }],
      operations: ['delete'],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ operations: ['delete'], tables: [{ name: 'orders' }] })
    const none = await p.owner.patch(api(`?id=${feed.id}`), { name: 'feed', tables: [], operations: ['delete'] })
    expect(none.json()).toMatchObject({ tables: [] })

    const audit = (await p.owner.get(`/api/organizations/${p.slug}/audit`)).json()
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['database.publication.create', 'database.publication.update']),
    )
    expect((await p.owner.delete(api(`?id=${feed.id}`))).statusCode).toBe(200)
    expect(await named('feed')).toBeUndefined()
  })

  it("answers Postgres' refusal whole and changes nothing: a missing table, a taken name", async () => {
    const missing = await p.owner.post(api(), {
      name: 'broken',
      tables: [{ schema: 'public', name: 'nope' }],
      operations: ['insert'],
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'pg_error', message: 'relation "public.nope" does not exist' })
    expect(await named('broken')).toBeUndefined()
    const taken = await p.owner.post(api(), { name: 'filtered', tables: [], operations: ['insert'] })
    expect(taken.json().message).toBe('publication "filtered" already exists')
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api())).statusCode).toBe(200)
    expect((await readOnly.post(api(), { name: 'x', tables: [], operations: ['insert'] })).statusCode).toBe(403)
    const id = (await named('filtered'))!.id
    expect((await readOnly.delete(api(`?id=${id}`))).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.delete(api(`?id=${id}`))).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect(await named('filtered')).toBeDefined()
  })
})
