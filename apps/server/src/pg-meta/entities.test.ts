import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listEntities, type ListEntitiesParams } from './entities.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'entities',
    CATALOG_FIXTURE_SQL +
      // 150 tables in their own schema: t_000 … t_149.
      `create schema many;
       do $$ begin
         for i in 0..149 loop execute format('create table many.%I (id int)', 't_' || lpad(i::text, 3, '0')); end loop;
       end $$;`,
  )
})
afterAll(async () => {
  await db.drop()
})

const list = async (params: ListEntitiesParams) => {
  const result = await db.run((c) => listEntities(c, params))
  if (!result.ok) throw new Error(result.error.message)
  return result.data
}

describe('listEntities', () => {
  it('pages 100 at a time with the total', async () => {
    const first = await list({ schema: 'many' })
    expect(first.entities).toHaveLength(100)
    expect(first).toMatchObject({ page: 1, total: 150, hasMore: true })
    expect(first.entities[0]).toMatchObject({
      schema: 'many',
      name: 't_000',
      type: 'table',
      comment: null,
      rls_enabled: false,
    })
    expect(first.entities[99]?.name).toBe('t_099')
    const second = await list({ schema: 'many', page: 2 })
    expect(second.entities).toHaveLength(50)
    expect(second).toMatchObject({ page: 2, total: 150, hasMore: false })
    expect(second.entities.map((e) => e.name)).toEqual(Array.from({ length: 50 }, (_, i) => `t_${100 + i}`))
    expect(await list({ schema: 'many', page: 3 })).toEqual({ entities: [], page: 3, total: 150, hasMore: false })
  })

  it('sorts alphabetically (case-insensitive) or grouped by type', async () => {
    await db.exec(`create table public."Zebra" (id int); create view public."Apes" as select 1 as one;`)
    const alphabetical = await list({ schema: 'public', sort: 'alphabetical' })
    expect(alphabetical.entities.map((e) => [e.name, e.type])).toEqual([
      ['Apes', 'view'],
      ['author_names', 'view'],
      ['authors', 'table'],
      ['book_counts', 'materialized view'],
      ['books', 'table'],
      ['events', 'partitioned table'],
      ['events_2024', 'table'],
      ['reviews', 'table'],
      ['Zebra', 'table'],
    ])
    const grouped = await list({ schema: 'public', sort: 'grouped-alphabetical' })
    expect(grouped.entities.map((e) => [e.name, e.type])).toEqual([
      ['authors', 'table'],
      ['books', 'table'],
      ['events_2024', 'table'],
      ['reviews', 'table'],
      ['Zebra', 'table'],
      ['events', 'partitioned table'],
      ['Apes', 'view'],
      ['author_names', 'view'],
      ['book_counts', 'materialized view'],
    ])
    expect(grouped.entities[0]).toMatchObject({ comment: 'People who write', rls_enabled: true })
  })

  it('searches names trimmed and case-insensitively, with % and _ taken literally', async () => {
    expect((await list({ schema: 'public', search: '  AUTHOR ' })).entities.map((e) => e.name)).toEqual([
      'author_names',
      'authors',
    ])
    expect((await list({ schema: 'many', search: 't_14' })).total).toBe(10)
    expect((await list({ schema: 'public', search: 'r_n' })).entities.map((e) => e.name)).toEqual(['author_names'])
    expect((await list({ schema: 'public', search: '%' })).total).toBe(0)
    expect((await list({ schema: 'many', search: '   ' })).total).toBe(150)
  })

  it('lists nothing a role has no privileges on', async () => {
    const result = await db.runAs(db.nobody, (c) => listEntities(c, { schema: 'public' }))
    expect(result).toEqual({ ok: true, data: { entities: [], page: 1, total: 0, hasMore: false } })
  })
})
