import type { PgTable } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'
import { getTable, listTables } from './tables.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase('tables', CATALOG_FIXTURE_SQL)
})
afterAll(async () => {
  await db.drop()
})

const summary = (t: PgTable) => ({
  schema: t.schema,
  name: t.name,
  comment: t.comment,
  rls_enabled: t.rls_enabled,
  rls_forced: t.rls_forced,
  is_partitioned: t.is_partitioned,
  is_partition: t.is_partition,
  primary_keys: t.primary_keys,
})

describe('listTables', () => {
  it('lists the tables of the included schemas with primary keys, partitioned tables among them', async () => {
    const result = await db.run((c) => listTables(c, { includedSchemas: ['public', 'sales'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map(summary)).toEqual([
      {
        schema: 'public',
        name: 'authors',
        comment: 'People who write',
        rls_enabled: true,
        rls_forced: false,
        is_partitioned: false,
        is_partition: false,
        primary_keys: [{ name: 'id' }],
      },
      {
        schema: 'public',
        name: 'books',
        comment: null,
        rls_enabled: false,
        rls_forced: false,
        is_partitioned: false,
        is_partition: false,
        primary_keys: [{ name: 'author_id' }, { name: 'isbn' }],
      },
      {
        schema: 'public',
        name: 'events',
        comment: null,
        rls_enabled: false,
        rls_forced: false,
        is_partitioned: true,
        is_partition: false,
        primary_keys: [{ name: 'id' }, { name: 'at' }],
      },
      {
        schema: 'public',
        name: 'events_2024',
        comment: null,
        rls_enabled: false,
        rls_forced: false,
        is_partitioned: false,
        is_partition: true,
        primary_keys: [{ name: 'id' }, { name: 'at' }],
      },
      {
        schema: 'public',
        name: 'reviews',
        comment: null,
        rls_enabled: false,
        rls_forced: false,
        is_partitioned: false,
        is_partition: false,
        primary_keys: [{ name: 'id' }],
      },
      {
        schema: 'sales',
        name: 'orders',
        comment: null,
        rls_enabled: false,
        rls_forced: false,
        is_partitioned: false,
        is_partition: false,
        primary_keys: [{ name: 'id' }],
      },
    ])
    for (const t of result.data) {
      expect(t.columns).toBeUndefined()
      expect(t.bytes).toBeGreaterThanOrEqual(0)
      expect(t.size).toMatch(/^\d+ (bytes|kB)$/)
      expect(t.live_rows_estimate).toBe(0)
    }
  })

  it('gives each table its relationships, one per column pair, as source or target', async () => {
    const [result, ids] = await db.run(
      async (c) =>
        [
          await listTables(c, { includedSchemas: ['public'] }),
          await c.query<{ name: string; id: string }>(
            `select conname as name, oid::int8 as id from pg_constraint where contype = 'f'`,
          ),
        ] as const,
    )
    if (!result.ok) throw new Error(result.error.message)
    const fk = Object.fromEntries(ids.rows.map((r) => [r.name, Number(r.id)]))
    const books = result.data.find((t) => t.name === 'books')
    const cascade = {
      id: fk.books_author_id_fkey,
      constraint_name: 'books_author_id_fkey',
      source_schema: 'public',
      source_table_name: 'books',
      source_column_name: 'author_id',
      target_table_schema: 'public',
      target_table_name: 'authors',
      target_column_name: 'id',
      deletion_action: 'cascade',
      update_action: 'no action',
    }
    const composite = (column: string) => ({
      id: fk.reviews_author_id_isbn_fkey,
      constraint_name: 'reviews_author_id_isbn_fkey',
      source_schema: 'public',
      source_table_name: 'reviews',
      source_column_name: column,
      target_table_schema: 'public',
      target_table_name: 'books',
      target_column_name: column,
      deletion_action: 'set null',
      update_action: 'cascade',
    })
    expect(books?.relationships).toEqual([cascade, composite('author_id'), composite('isbn')])
    const authors = result.data.find((t) => t.name === 'authors')
    expect(authors?.relationships).toEqual([
      cascade,
      {
        id: fk.orders_author_id_fkey,
        constraint_name: 'orders_author_id_fkey',
        source_schema: 'sales',
        source_table_name: 'orders',
        source_column_name: 'author_id',
        target_table_schema: 'public',
        target_table_name: 'authors',
        target_column_name: 'id',
        deletion_action: 'no action',
        update_action: 'no action',
      },
    ])
  })

  it("gives a partition the foreign keys it inherits, and no table the clones of a referenced partition's", async () => {
    const result = await db.run((c) => listTables(c, { includedSchemas: ['fidelity'] }))
    if (!result.ok) throw new Error(result.error.message)
    const keys = Object.fromEntries(
      result.data.map((t) => [
        t.name,
        t.relationships.map((r) => `${r.source_table_name}.${r.source_column_name} -> ${r.target_table_name}`),
      ]),
    )
    expect(keys).toEqual({
      'Scratch Pad': [],
      archive: [],
      shows: ['shows.venue_id -> venues', 'tickets.show_id -> shows', 'tickets.show_at -> shows'],
      shows_2024: ['shows_2024.venue_id -> venues'],
      shows_rest: ['shows_rest.venue_id -> venues'],
      tickets: ['tickets.show_id -> shows', 'tickets.show_at -> shows'],
      venues: ['shows.venue_id -> venues', 'shows_2024.venue_id -> venues', 'shows_rest.venue_id -> venues'],
    })
  })

  it('filters by excluded schemas and leaves system schemas out unless asked', async () => {
    const names = async (params: Parameters<typeof listTables>[1]) => {
      const result = await db.run((c) => listTables(c, params))
      if (!result.ok) throw new Error(result.error.message)
      return [...new Set(result.data.map((t) => t.schema))]
    }
    expect(await names({ excludedSchemas: ['public', 'auth', 'storage', '_basalt'] })).toEqual(['fidelity', 'sales'])
    expect(await names({})).not.toContain('pg_catalog')
    expect(await names({ includeSystemSchemas: true })).toEqual(
      expect.arrayContaining(['pg_catalog', 'information_schema']),
    )
  })

  it('includes columns when asked, and pages with limit and offset', async () => {
    const result = await db.run((c) =>
      listTables(c, { includedSchemas: ['public'], includeColumns: true, limit: 2, offset: 1 }),
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((t) => [t.name, t.columns?.map((c) => c.name)])).toEqual([
      ['books', ['author_id', 'isbn', 'title', 'seq']],
      ['events', ['id', 'at']],
    ])
  })

  it('estimates rows from reltuples, summed over partitions for a partitioned table', async () => {
    await db.exec(`
      insert into public.events select g, date '2024-01-01' + (g % 300) from generate_series(1, 1000) g;
      analyze public.events;
    `)
    const result = await db.run((c) => listTables(c, { includedSchemas: ['public'] }))
    if (!result.ok) throw new Error(result.error.message)
    const byName = Object.fromEntries(result.data.map((t) => [t.name, t]))
    expect(byName.events_2024?.live_rows_estimate).toBe(1000)
    expect(byName.events?.live_rows_estimate).toBe(1000)
    expect(byName.events?.bytes).toBe(byName.events_2024?.bytes)
  })

  it('estimates tables never analysed, or analysed with fewer rows than autovacuum waits for, from their writes', async () => {
    await db.exec(`
      insert into fidelity.venues (id, name) select g, 'Venue ' || g from generate_series(1, 40) g;
      analyze fidelity.venues;
      delete from fidelity.venues where id > 25;
      analyze fidelity.tickets;
      insert into fidelity.tickets (id) select generate_series(1, 30);
      insert into fidelity.shows (id, venue_id, at) select g, 1, date '2024-12-01' + g from generate_series(1, 300) g;
      select pg_stat_force_next_flush();
    `)
    const result = await db.run((c) => listTables(c, { includedSchemas: ['fidelity'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(Object.fromEntries(result.data.map((t) => [t.name, t.live_rows_estimate]))).toEqual({
      'Scratch Pad': 0,
      archive: 0,
      // Analysed at 40 rows, below the threshold of 50: the statistics' count after the delete.
      venues: 25,
      // Analysed empty, then filled.
      tickets: 30,
      // Never analysed: the sum over the partitions.
      shows: 300,
      shows_2024: 30,
      shows_rest: 270,
    })
  })

  it('keeps reltuples for a small table when the statistics know nothing of it (reset, or lost in a crash)', async () => {
    await db.exec(`
      create table fidelity.kept (id int);
      insert into fidelity.kept select generate_series(1, 20);
      analyze fidelity.kept;
      select pg_stat_reset();
    `)
    const result = await db.run((c) => listTables(c, { includedSchemas: ['fidelity'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.find((t) => t.name === 'kept')?.live_rows_estimate).toBe(20)
  })
})

describe('getTable', () => {
  it('returns one table by oid with its columns', async () => {
    const [result, id] = await db.run(async (c) => {
      const oid = await oidOf(c, 'public.books')
      return [await getTable(c, oid), oid] as const
    })
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toMatchObject({ id, schema: 'public', name: 'books' })
    expect(result.data.columns?.map((c) => c.name)).toEqual(['author_id', 'isbn', 'title', 'seq'])
  })

  it('answers not_found for an unknown id and for a view', async () => {
    const [unknown, view] = await db.run(async (c) => [
      await getTable(c, 999_999_999),
      await getTable(c, await oidOf(c, 'public.author_names')),
    ])
    expect(unknown).toEqual({ ok: false, error: { code: 'not_found', message: 'Table 999999999 not found' } })
    expect(view?.ok).toBe(false)
  })
})

describe('privileges (spec 2 §6: metadata lists only what the role may use)', () => {
  it('a role without grants sees no table', async () => {
    const result = await db.runAs(db.nobody, (c) => listTables(c))
    expect(result).toEqual({ ok: true, data: [] })
  })

  it('anon sees the public tables it was granted, not auth.users', async () => {
    const result = await db.run((c) => listTables(c, { includedSchemas: ['public', 'auth'] }), { role: 'anon' })
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((t) => `${t.schema}.${t.name}`)).toEqual([
      'public.authors',
      'public.books',
      'public.events',
      'public.events_2024',
      'public.reviews',
    ])
  })

  it('a table the role lost its grants on disappears, and getTable says not_found', async () => {
    await db.exec(`create table public.secret (id int primary key); revoke all on public.secret from anon;`)
    const [list, one] = await db.run(
      async (c) =>
        [
          await listTables(c, { includedSchemas: ['public'] }),
          await getTable(c, await oidOf(c, 'public.secret')),
        ] as const,
      { role: 'anon' },
    )
    expect(list.ok && list.data.map((t) => t.name)).not.toContain('secret')
    expect(one.ok).toBe(false)
  })
})
