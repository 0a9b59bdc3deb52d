import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'
import { getView, listViews } from './views.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'views',
    CATALOG_FIXTURE_SQL + `create view sales.totals as select count(*) as n from sales.orders;`,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('views', () => {
  it('lists views with updatability and definition', async () => {
    const [result, ids] = await db.run(
      async (c) =>
        [
          await listViews(c, { includedSchemas: ['public', 'sales'] }),
          [await oidOf(c, 'public.author_names'), await oidOf(c, 'sales.totals')],
        ] as const,
    )
    expect(result).toEqual({
      ok: true,
      data: [
        {
          id: ids[0],
          schema: 'public',
          name: 'author_names',
          comment: 'Names only',
          is_updatable: true,
          definition: ' SELECT id,\n    name\n   FROM authors;',
        },
        {
          id: ids[1],
          schema: 'sales',
          name: 'totals',
          comment: null,
          is_updatable: false,
          definition: ' SELECT count(*) AS n\n   FROM sales.orders;',
        },
      ],
    })
  })

  it('counts INSTEAD OF triggers as making a view updatable, as pg_relation_is_updatable(oid, true) does', async () => {
    const [result, events] = await db.run(async (c) => {
      const id = await oidOf(c, 'fidelity.venue_show_counts')
      const { rows } = await c.query<{ events: number }>('select pg_relation_is_updatable($1, true) as events', [id])
      return [await getView(c, id), rows[0]?.events] as const
    })
    expect(events).toBe(28)
    expect(result.ok && result.data.is_updatable).toBe(true)
  })

  it('lists a view over a foreign table whose wrapper has no handler as not updatable', async () => {
    const result = await db.run((c) => listViews(c, { includedSchemas: ['fidelity'], includeColumns: true }))
    if (!result.ok) throw new Error(result.error.message)
    const remote = result.data.find((v) => v.name === 'remote_labels')
    expect(remote?.is_updatable).toBe(false)
    expect(remote?.columns?.map((c) => [c.name, c.is_updatable])).toEqual([
      ['id', false],
      ['label', false],
    ])
  })

  it('gets one view by id with columns; not_found for a table id', async () => {
    const [view, table] = await db.run(async (c) => [
      await getView(c, await oidOf(c, 'public.author_names')),
      await getView(c, await oidOf(c, 'public.authors')),
    ])
    expect(view?.ok && view.data.columns?.map((c) => [c.name, c.format])).toEqual([
      ['id', 'int8'],
      ['name', 'text'],
    ])
    expect(table?.ok === false && table.error.code).toBe('not_found')
  })

  it('hides views from a role without privileges', async () => {
    expect(await db.runAs(db.nobody, (c) => listViews(c))).toEqual({ ok: true, data: [] })
  })
})
