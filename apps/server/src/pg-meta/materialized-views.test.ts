import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getMaterializedView, listMaterializedViews } from './materialized-views.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'matviews',
    CATALOG_FIXTURE_SQL + `create materialized view sales.later as select 1 as one with no data;`,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('materialized views', () => {
  it('lists them with populated state and definition, with columns on request', async () => {
    const [result, ids] = await db.run(
      async (c) =>
        [
          await listMaterializedViews(c, { includedSchemas: ['public', 'sales'], includeColumns: true }),
          [await oidOf(c, 'public.book_counts'), await oidOf(c, 'sales.later')],
        ] as const,
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map(({ columns, ...v }) => ({ ...v, columns: columns?.map((c) => c.name) }))).toEqual([
      {
        id: ids[0],
        schema: 'public',
        name: 'book_counts',
        comment: null,
        is_populated: true,
        definition: ' SELECT author_id,\n    count(*) AS n\n   FROM books\n  GROUP BY author_id;',
        columns: ['author_id', 'n'],
      },
      {
        id: ids[1],
        schema: 'sales',
        name: 'later',
        comment: null,
        is_populated: false,
        definition: ' SELECT 1 AS one;',
        columns: ['one'],
      },
    ])
  })

  it('gets one by id; not_found for anything else', async () => {
    const [one, other] = await db.run(async (c) => [
      await getMaterializedView(c, await oidOf(c, 'sales.later')),
      await getMaterializedView(c, await oidOf(c, 'public.author_names')),
    ])
    expect(one?.ok && one.data.name).toBe('later')
    expect(other?.ok === false && other.error.code).toBe('not_found')
  })

  it('hides them from a role without privileges', async () => {
    expect(await db.runAs(db.nobody, (c) => listMaterializedViews(c))).toEqual({ ok: true, data: [] })
  })
})
