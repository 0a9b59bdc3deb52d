import { PROTECTED_SCHEMAS } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isProtectedSchema, listSchemas } from './schemas.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase('schemas', `create schema sales; create schema vault; create schema hidden;`)
  await db.exec(`revoke all on schema hidden from public`)
})
afterAll(async () => {
  await db.drop()
})

describe('listSchemas', () => {
  it('lists schemas with owner and the protected flag, system schemas only on request', async () => {
    const result = await db.run((c) => listSchemas(c))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map(({ id: _id, ...s }) => s)).toEqual([
      { name: '_basalt', owner: 'postgres', protected: true },
      { name: 'auth', owner: 'postgres', protected: true },
      { name: 'extensions', owner: 'postgres', protected: true },
      { name: 'hidden', owner: 'postgres', protected: false },
      { name: 'public', owner: 'pg_database_owner', protected: false },
      { name: 'sales', owner: 'postgres', protected: false },
      { name: 'storage', owner: 'postgres', protected: true },
      { name: 'vault', owner: 'postgres', protected: true },
    ])
    const all = await db.run((c) => listSchemas(c, { includeSystemSchemas: true }))
    expect(all.ok && all.data.filter((s) => ['pg_catalog', 'information_schema', 'pg_toast'].includes(s.name))).toEqual(
      [
        expect.objectContaining({ name: 'information_schema', protected: true }),
        expect.objectContaining({ name: 'pg_catalog', protected: true }),
        expect.objectContaining({ name: 'pg_toast', protected: true }),
      ],
    )
  })

  it('lists only schemas the role may use', async () => {
    const result = await db.run((c) => listSchemas(c), { role: 'anon' })
    expect(result.ok && result.data.map((s) => s.name)).toEqual(['auth', 'extensions', 'public', 'storage'])
    const nobody = await db.runAs(db.nobody, (c) => listSchemas(c))
    expect(nobody.ok && nobody.data.map((s) => s.name)).toEqual(['public'])
  })

  it('protects the system schemas of spec 2 §9, the catalogs and _basalt', () => {
    expect(PROTECTED_SCHEMAS).toEqual([
      'auth',
      'cron',
      'extensions',
      'information_schema',
      'net',
      'pgsodium',
      'pgsodium_masks',
      'pgbouncer',
      'pgtle',
      'realtime',
      'storage',
      'supabase_functions',
      'supabase_migrations',
      'vault',
      'graphql',
      'graphql_public',
      'pg_catalog',
      'pg_toast',
      '_basalt',
    ])
    expect(isProtectedSchema('public')).toBe(false)
  })
})
