import { RESERVED_ROLES } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listRoles } from './roles.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
let admin: string
beforeAll(async () => {
  db = await createCatalogDatabase('roles')
  admin = `admin_${db.nobody}`
  await db.exec(`create role "${admin}" login createdb createrole connection limit 5 valid until 'infinity'`)
})
afterAll(async () => {
  await db.exec(`drop role "${admin}"`)
  await db.drop()
})

describe('listRoles', () => {
  it('lists roles with their attribute flags', async () => {
    const result = await db.run((c) => listRoles(c))
    if (!result.ok) throw new Error(result.error.message)
    const byName = Object.fromEntries(result.data.map((r) => [r.name, r]))
    expect(byName.service_role).toEqual({
      id: expect.any(Number),
      name: 'service_role',
      can_login: false,
      can_create_role: false,
      can_create_db: false,
      can_bypass_rls: true,
      is_superuser: false,
      is_replication_role: false,
      inherit_role: false,
      connection_limit: -1,
      valid_until: null,
    })
    expect(byName[admin]).toMatchObject({
      can_login: true,
      can_create_role: true,
      can_create_db: true,
      can_bypass_rls: false,
      inherit_role: true,
      connection_limit: 5,
      valid_until: 'infinity',
    })
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role', db.nobody]))
  })

  it('leaves out the reserved roles of spec 1 §6 and every pg_* role', async () => {
    const result = await db.run((c) => listRoles(c))
    if (!result.ok) throw new Error(result.error.message)
    const names = result.data.map((r) => r.name)
    for (const reserved of RESERVED_ROLES) expect(names).not.toContain(reserved)
    expect(names.filter((n) => n.startsWith('pg_'))).toEqual([])
    expect(names).toEqual([...names].sort())
  })
})
