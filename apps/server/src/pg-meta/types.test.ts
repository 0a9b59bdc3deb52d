import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'
import { listTypes } from './types.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'types',
    CATALOG_FIXTURE_SQL +
      `create type sales.status as enum ('open', 'closed');
       create domain sales.positive as int check (value > 0);
       create type sales.point2 as (x float8, y float8);`,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('listTypes', () => {
  it('lists user types with enum labels, without array types or table row types', async () => {
    const result = await db.run((c) => listTypes(c, { excludedSchemas: ['auth', 'storage', 'extensions', '_basalt'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map(({ id: _id, ...t }) => t)).toEqual([
      { schema: 'fidelity', name: 'feeling', format: 'fidelity.feeling', enums: [], comment: null },
      { schema: 'public', name: 'mood', format: 'mood', enums: ['sad', 'ok', 'happy'], comment: 'How it went' },
      { schema: 'sales', name: 'point2', format: 'sales.point2', enums: [], comment: null },
      { schema: 'sales', name: 'positive', format: 'sales.positive', enums: [], comment: null },
      { schema: 'sales', name: 'status', format: 'sales.status', enums: ['open', 'closed'], comment: null },
    ])
  })

  it('lists built-in types only with system schemas', async () => {
    const result = await db.run((c) => listTypes(c, { includedSchemas: ['pg_catalog'], includeSystemSchemas: true }))
    const names = result.ok ? result.data.map((t) => t.name) : []
    expect(names).toEqual(expect.arrayContaining(['int4', 'text', 'jsonb', 'uuid']))
    expect(names).not.toContain('_int4')
    expect(names).not.toContain('pg_class')
  })
})
