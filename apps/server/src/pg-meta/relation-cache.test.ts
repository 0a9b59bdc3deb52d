import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRole } from '../db/impersonation.ts'
import { findRelation, RelationCache } from './relation-lookup.ts'
import { fetchTableRows } from './table-rows.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'relcache',
    `create table public.pets (id int primary key, name text);
     insert into public.pets values (1, 'Rex'), (2, 'Tom');`,
  )
})
afterAll(async () => {
  await db.drop()
})

/** A grid page read the way the route reads it as the admin connection: outside a transaction, cached. */
const readPets = (cache: RelationCache) =>
  withRole(db.pool, undefined, (c) => fetchTableRows(c, { schema: 'public', table: 'pets' }, cache), {
    readOnly: true,
  })

const columnsOf = async (cache: RelationCache) => {
  const page = await readPets(cache)
  if (!page.ok) throw new Error(page.error.message)
  return { fields: page.data.fields.map((f) => `${f.name} ${f.dataType}`), rows: page.data.rows.map((r) => r.data) }
}

describe('the relation cache of grid pages', () => {
  it('shows every kind of schema change on the next page, made by anyone', async () => {
    const cache = new RelationCache()
    expect(await columnsOf(cache)).toEqual({
      fields: ['id integer', 'name text'],
      rows: [
        { id: 1, name: 'Rex' },
        { id: 2, name: 'Tom' },
      ],
    })
    expect(cache.get('public', 'pets')).toBeDefined()

    // A column added elsewhere (the page would still succeed with the cached columns).
    await db.exec(`alter table public.pets add column born date default '2020-01-01'`)
    expect((await columnsOf(cache)).fields).toEqual(['id integer', 'name text', 'born date'])

    // A column renamed (the cached page would fail), then retyped.
    await db.exec('alter table public.pets rename column name to nickname')
    expect((await columnsOf(cache)).rows[0]).toEqual({ id: 1, nickname: 'Rex', born: '2020-01-01' })
    await db.exec('alter table public.pets alter column nickname type varchar(20)')
    expect((await columnsOf(cache)).fields).toContain('nickname character varying(20)')

    // The primary key dropped: small tables are no longer ordered by it.
    await db.exec('alter table public.pets drop constraint pets_pkey')
    expect(await readPets(cache)).toMatchObject({ ok: true, data: { primaryKey: [] } })

    // The table renamed away and another made under its name: the old one's signature has not changed.
    await db.exec(
      `alter table public.pets rename to old_pets; create table public.pets (code text primary key); insert into public.pets values ('p1')`,
    )
    expect(await columnsOf(cache)).toEqual({ fields: ['code text'], rows: [{ code: 'p1' }] })
    await db.exec('drop table public.pets; alter table public.old_pets rename to pets')

    // The table dropped and made again under the same name: another oid, other columns.
    await db.exec(
      `drop table public.pets; create table public.pets (tag text primary key); insert into public.pets values ('x')`,
    )
    expect(await columnsOf(cache)).toEqual({ fields: ['tag text'], rows: [{ tag: 'x' }] })

    // And dropped for good: the error the user sees is the real one.
    await db.exec('drop table public.pets')
    expect(await readPets(cache)).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(cache.get('public', 'pets')).toBeUndefined()
  })

  it('keeps the signature when only statistics change', async () => {
    await db.exec(
      `create table public.stats (id int primary key); insert into public.stats select generate_series(1, 10)`,
    )
    const before = await db.run((c) => findRelation(c, 'public', 'stats'))
    await db.exec('analyze public.stats')
    await db.exec('vacuum public.stats')
    const after = await db.run((c) => findRelation(c, 'public', 'stats'))
    if (!before.ok || !after.ok) throw new Error('stats table missing')
    expect(after.data.signature).toBe(before.data.signature)
    expect(after.data.estimated_rows).toBe(10)
  })
})

describe('RelationCache', () => {
  const relation = (name: string) =>
    ({ id: 1, schema: 'public', name, signature: 's' }) as Parameters<RelationCache['set']>[0]

  it('forgets entries after the TTL', () => {
    let now = 0
    const cache = new RelationCache(1_000, 10, () => now)
    cache.set(relation('a'))
    now = 1_000
    expect(cache.get('public', 'a')?.name).toBe('a')
    now = 1_001
    expect(cache.get('public', 'a')).toBeUndefined()
  })

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new RelationCache(60_000, 2)
    cache.set(relation('a'))
    cache.set(relation('b'))
    cache.set(relation('c'))
    expect([cache.get('public', 'a'), cache.get('public', 'b')?.name, cache.get('public', 'c')?.name]).toEqual([
      undefined,
      'b',
      'c',
    ])
  })
})
