import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseRolesResponse } from '@basalt/contracts'
import { ROLE_LOCKS, reservedNameMessage } from '../../pg-meta/roles.ts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

// Roles are cluster-wide: names carry this file's suffix.
const suffix = Math.random().toString(36).slice(2, 8)
const name = (n: string) => `${n}_${suffix}`

describe('Database › Roles routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  let admin: string
  const api = (query = '') => `/api/platform/pg-meta/${p.ref}/database/roles${query}`
  const list = async (): Promise<DatabaseRolesResponse> => (await p.owner.get(api())).json()
  const named = async (n: string) => (await list()).roles.find((r) => r.name === n)

  beforeAll(async () => {
    p = await createProjectApp('Roles')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    admin = (await p.database.query<{ u: string }>('select current_user as u')).rows[0]!.u
    await p.database.query(
      `create role ${name('limited')} login connection limit 3; create role ${name('open')} nologin;`,
    )
  })
  afterAll(async () => {
    await p.database.query(
      `drop role if exists ${name('limited')}, ${name('open')}, ${name('reporter')}, ${name('renamed')}`,
    )
    await p?.close()
  })

  it('lists limits as Postgres has them (no limit is null, not max_connections), memberships, connections and locks', async () => {
    const response = await list()
    expect(response.max_connections).toBeGreaterThan(0)
    expect(await named(name('limited'))).toMatchObject({ can_login: true, connection_limit: 3, locked: null })
    expect(await named(name('open'))).toMatchObject({ connection_limit: null, member_of: [] })
    // The admin login is Basalt's own and has a session now (this test's connection).
    const own = await named(admin)
    expect(own).toMatchObject({ locked: 'basalt', locked_reason: ROLE_LOCKS.basalt })
    expect(own!.connections).toBeGreaterThan(0)
    expect(own!.member_of.map((m) => m.role)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']))
    expect(await named('anon')).toMatchObject({ locked: 'api', locked_reason: ROLE_LOCKS.api })
    expect(await named('authenticator')).toMatchObject({ locked: 'reserved', locked_reason: ROLE_LOCKS.reserved })
    expect((await list()).roles.some((r) => r.name.startsWith('pg_'))).toBe(false)
  })

  it('creates a role with attributes, a password and a membership; changes and renames it; drops it', async () => {
    const created = await p.owner.post(api(), {
      name: name('reporter'),
      can_login: true,
      connection_limit: 5,
      valid_until: '2099-01-01 00:00:00+00',
      member_of: [name('open')],
      password: 'not in any log',
    })
    expect(created.statusCode, created.body).toBe(201)
    const role = created.json()
    expect(role).toMatchObject({
      can_login: true,
      connection_limit: 5,
      valid_until: '2099-01-01 00:00:00+00',
      member_of: [{ role: name('open'), admin_option: false }],
    })
    const changed = await p.owner.patch(api(`?id=${role.id}`), {
      name: name('renamed'),
      can_login: false,
      connection_limit: null,
      valid_until: null,
      member_of: [],
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      name: name('renamed'),
      can_login: false,
      connection_limit: null,
      member_of: [],
    })
    const audit = JSON.stringify((await p.owner.get(`/api/organizations/${p.slug}/audit`)).json())
    expect(audit).toContain('database.role.create')
    expect(audit).not.toContain('not in any log')
    expect((await p.owner.delete(api(`?id=${role.id}`))).statusCode).toBe(200)
    expect(await named(name('renamed'))).toBeUndefined()
  })

  it("refuses a membership the admin role may not grant with Postgres' reason, creating nothing", async () => {
    const refused = await p.owner.post(api(), { name: name('api_user'), member_of: ['authenticated'] })
    expect(refused.json()).toMatchObject({ code: 'pg_error', pg: { code: '42501' } })
    expect(await named(name('api_user'))).toBeUndefined()
    // The list says so before anyone tries: no ADMIN OPTION on authenticated, ADMIN OPTION on a role it created.
    expect(await named('authenticated')).toMatchObject({ grantable: false })
    expect(await named(name('open'))).toMatchObject({ grantable: true })
    const granted = await p.owner.post(api(), { name: name('api_user'), member_of: [name('open')] })
    expect(granted.statusCode, granted.body).toBe(201)
    expect((await p.owner.delete(api(`?id=${granted.json().id}`))).statusCode).toBe(200)
  })

  it("refuses reserved names, Postgres' pg_ prefix with its own message, and changes to locked roles", async () => {
    const reserved = await p.owner.post(api(), { name: 'authenticator' })
    expect(reserved.json()).toMatchObject({ code: 'bad_request', message: reservedNameMessage('authenticator') })
    const prefixed = await p.owner.post(api(), { name: 'pg_mine' })
    expect(prefixed.statusCode).toBe(400)
    expect(prefixed.json()).toMatchObject({ code: 'pg_error', pg: { code: '42939' } })
    expect(prefixed.json().message).toBe('role name "pg_mine" is reserved')
    const anon = (await named('anon'))!
    const locked = await p.owner.patch(api(`?id=${anon.id}`), { name: 'anon', can_login: true })
    expect(locked.json()).toMatchObject({ code: 'bad_request', message: ROLE_LOCKS.api })
    expect((await p.owner.delete(api(`?id=${anon.id}`))).json().message).toBe(ROLE_LOCKS.api)
    expect((await named('anon'))!.can_login).toBe(false)
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api())).statusCode).toBe(200)
    expect((await readOnly.post(api(), { name: name('x') })).statusCode).toBe(403)
    const open = (await named(name('open')))!
    expect((await readOnly.delete(api(`?id=${open.id}`))).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.delete(api(`?id=${open.id}`))).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect(await named(name('open'))).toBeDefined()
  })
})
