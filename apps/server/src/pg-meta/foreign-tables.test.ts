import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getForeignTable, listForeignTables } from './foreign-tables.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
/** Whether postgres_fdw could be created on this Postgres (the binaries may lack it). */
let fdw = false
beforeAll(async () => {
  db = await createCatalogDatabase('foreign', CATALOG_FIXTURE_SQL + `create table public.plain (id int primary key);`)
  try {
    await db.exec(`
      create extension postgres_fdw schema extensions;
      create server loopback foreign data wrapper postgres_fdw options (dbname 'postgres');
      create foreign table public.remote_items (id int, label text) server loopback options (table_name 'items');
      comment on foreign table public.remote_items is 'Over there';
    `)
    fdw = true
  } catch {
    fdw = false
  }
})
afterAll(async () => {
  await db.drop()
})

const remoteOid = (c: pg.ClientBase) => oidOf(c, 'public.remote_items')

describe('foreign tables', () => {
  it('lists a foreign table whose wrapper has no handler, with columns that are not updatable', async () => {
    const [result, id] = await db.run(
      async (c) =>
        [
          await listForeignTables(c, { includedSchemas: ['fidelity'], includeColumns: true }),
          await oidOf(c, 'fidelity.remote'),
        ] as const,
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(
      result.data.map(({ columns, ...t }) => ({ ...t, columns: columns?.map((c) => [c.name, c.is_updatable]) })),
    ).toEqual([
      {
        id,
        schema: 'fidelity',
        name: 'remote',
        comment: null,
        foreign_server: 'nowhere',
        foreign_data_wrapper: 'no_handler',
        columns: [
          ['id', false],
          ['label', false],
        ],
      },
    ])
    const one = await db.run(async (c) => getForeignTable(c, id))
    expect(one.ok && one.data.columns?.map((c) => c.is_updatable)).toEqual([false, false])
  })

  it('lists foreign tables with their server and wrapper (none without postgres_fdw)', async () => {
    const result = await db.run(async (c) =>
      listForeignTables(c, { includedSchemas: ['public'], includeColumns: true }),
    )
    if (!result.ok) throw new Error(result.error.message)
    if (!fdw) {
      expect(result.data).toEqual([])
      return
    }
    const id = await db.run(remoteOid)
    expect(
      result.data.map(({ columns, ...t }) => ({ ...t, columns: columns?.map((c) => [c.name, c.format]) })),
    ).toEqual([
      {
        id,
        schema: 'public',
        name: 'remote_items',
        comment: 'Over there',
        foreign_server: 'loopback',
        foreign_data_wrapper: 'postgres_fdw',
        columns: [
          ['id', 'int4'],
          ['label', 'text'],
        ],
      },
    ])
  })

  it('gets one by id, and answers not_found for a plain table', async () => {
    const plain = await db.run(async (c) => getForeignTable(c, await oidOf(c, 'public.plain')))
    expect(plain.ok === false && plain.error.code).toBe('not_found')
    if (!fdw) return
    const one = await db.run(async (c) => getForeignTable(c, await remoteOid(c)))
    expect(one.ok && one.data.name).toBe('remote_items')
  })

  it('hides them from a role without privileges', async () => {
    expect(await db.runAs(db.nobody, (c) => listForeignTables(c))).toEqual({ ok: true, data: [] })
  })
})
