import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listForeignKeys } from './foreign-keys.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'fkeys',
    CATALOG_FIXTURE_SQL +
      `create table public.tickets (id int primary key, event_id bigint, event_at date,
         foreign key (event_id, event_at) references public.events (id, at) on delete restrict on update set default);`,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('listForeignKeys', () => {
  it('lists the foreign keys of a schema with all their columns and actions', async () => {
    const [result, ids] = await db.run(
      async (c) =>
        [
          await listForeignKeys(c, { schema: 'public' }),
          {
            authors: await oidOf(c, 'public.authors'),
            books: await oidOf(c, 'public.books'),
            reviews: await oidOf(c, 'public.reviews'),
            events: await oidOf(c, 'public.events'),
            tickets: await oidOf(c, 'public.tickets'),
          },
        ] as const,
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toEqual([
      {
        id: expect.any(Number),
        constraint_name: 'books_author_id_fkey',
        source_id: ids.books,
        source_schema: 'public',
        source_table: 'books',
        source_columns: ['author_id'],
        target_id: ids.authors,
        target_schema: 'public',
        target_table: 'authors',
        target_columns: ['id'],
        deletion_action: 'cascade',
        update_action: 'no action',
      },
      {
        id: expect.any(Number),
        constraint_name: 'reviews_author_id_isbn_fkey',
        source_id: ids.reviews,
        source_schema: 'public',
        source_table: 'reviews',
        source_columns: ['author_id', 'isbn'],
        target_id: ids.books,
        target_schema: 'public',
        target_table: 'books',
        target_columns: ['author_id', 'isbn'],
        deletion_action: 'set null',
        update_action: 'cascade',
      },
      {
        // One entry for the partitioned target, not one per partition.
        id: expect.any(Number),
        constraint_name: 'tickets_event_id_event_at_fkey',
        source_id: ids.tickets,
        source_schema: 'public',
        source_table: 'tickets',
        source_columns: ['event_id', 'event_at'],
        target_id: ids.events,
        target_schema: 'public',
        target_table: 'events',
        target_columns: ['id', 'at'],
        deletion_action: 'restrict',
        update_action: 'set default',
      },
    ])
    const sales = await db.run((c) => listForeignKeys(c, { schema: 'sales' }))
    expect(sales.ok && sales.data.map((k) => [k.source_table, k.target_schema, k.target_table])).toEqual([
      ['orders', 'public', 'authors'],
    ])
  })

  it('lists the keys partitions inherit, without the clones of a key referencing a partitioned table', async () => {
    const result = await db.run((c) => listForeignKeys(c, { schema: 'fidelity' }))
    if (!result.ok) throw new Error(result.error.message)
    expect(
      result.data.map((k) => [k.constraint_name, k.source_table, k.source_columns, k.target_table, k.deletion_action]),
    ).toEqual([
      ['shows_venue_id_fkey', 'shows', ['venue_id'], 'venues', 'cascade'],
      ['shows_venue_id_fkey', 'shows_2024', ['venue_id'], 'venues', 'cascade'],
      ['shows_venue_id_fkey', 'shows_rest', ['venue_id'], 'venues', 'cascade'],
      ['tickets_show_id_show_at_fkey', 'tickets', ['show_id', 'show_at'], 'shows', 'no action'],
    ])
  })

  it('lists nothing for a role without privileges', async () => {
    expect(await db.runAs(db.nobody, (c) => listForeignKeys(c, { schema: 'public' }))).toEqual({ ok: true, data: [] })
  })
})
