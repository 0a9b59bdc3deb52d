import { describe, expect, it } from 'vitest'
import { mockFetch } from '../../test/helpers'
import { getRoles, rolesQueryKey } from './get-roles'

const role = {
  id: 10,
  name: 'authenticated',
  can_login: false,
  can_create_role: false,
  can_create_db: false,
  can_bypass_rls: false,
  is_superuser: false,
  is_replication_role: false,
  inherit_role: true,
  connection_limit: -1,
  valid_until: null,
}

describe('getRoles', () => {
  it("reads the project's roles from pg-meta, under the project's pg-meta key", async () => {
    const { calls } = mockFetch({ 'GET /api/platform/pg-meta/a%20b/roles': { body: [role] } })
    await expect(getRoles('a b')).resolves.toEqual([role])
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/platform/pg-meta/a%20b/roles'])
    expect(rolesQueryKey('a b')).toEqual(['pg-meta', 'a b', 'roles'])
  })

  it('refuses an answer that is not a list of roles', async () => {
    mockFetch({ 'GET /api/platform/pg-meta/abc/roles': { body: [{ name: 'anon' }] } })
    await expect(getRoles('abc')).rejects.toMatchObject({ code: 'invalid_response' })
  })
})
