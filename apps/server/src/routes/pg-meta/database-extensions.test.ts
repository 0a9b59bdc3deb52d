import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseExtension, Dependent } from '@basalt/contracts'
import { NOT_CREATABLE } from '../../pg-meta/extensions.ts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

describe('Database › Extensions routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (query = '') => `/api/platform/pg-meta/${p.ref}/database/extensions${query}`
  const one = async (name: string): Promise<DatabaseExtension> =>
    ((await p.owner.get(api())).json() as DatabaseExtension[]).find((e) => e.name === name)!

  beforeAll(async () => {
    p = await createProjectApp('Extensions')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
  })
  afterAll(async () => {
    await p?.close()
  })

  it('lists every available extension with its version, trust, and why the admin role may not create one', async () => {
    const citext = await one('citext')
    expect(citext).toMatchObject({ trusted: true, installed_version: null, not_creatable: null })
    expect(citext.default_version).toMatch(/^\d/)
    // postgres_fdw's control file: superuser, not trusted — shown as such, never tried as a superuser.
    expect(await one('postgres_fdw')).toMatchObject({ trusted: false, not_creatable: NOT_CREATABLE.superuser })
    expect(await one('earthdistance')).toMatchObject({ requires: ['cube'] })
    expect(await one('plpgsql')).toMatchObject({ installed_version: expect.any(String), schema: 'pg_catalog' })
  })

  it('enables a trusted extension into a chosen schema as the admin role, shows what depends on it, and disables it', async () => {
    const enabled = await p.owner.post(api(), { name: 'citext', schema: 'extensions' })
    expect(enabled.statusCode, enabled.body).toBe(201)
    expect(enabled.json()).toMatchObject({
      name: 'citext',
      schema: 'extensions',
      installed_version: expect.any(String),
    })
    await p.database.query('create table public.people (id int, email extensions.citext)')

    const dependents: Dependent[] = (await p.owner.get(api('/dependents?name=citext'))).json()
    expect(dependents.map((d) => d.description)).toContain('column email of table people')
    const refused = await p.owner.delete(api('?name=citext'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'pg_error', pg: { code: '2BP01' } })
    expect((await one('citext')).installed_version).not.toBeNull()

    const dropped = await p.owner.delete(api('?name=citext&cascade=true'))
    expect(dropped.statusCode, dropped.body).toBe(200)
    expect(dropped.json()).toMatchObject({ installed_version: null, schema: null })
    const audit = (await p.owner.get(`/api/organizations/${p.slug}/audit`)).json()
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['database.extension.enable', 'database.extension.disable']),
    )
  })

  it("refuses what the admin role may not create with Postgres' own message, and an unknown extension", async () => {
    const fdw = await p.owner.post(api(), { name: 'postgres_fdw', schema: 'extensions' })
    expect(fdw.statusCode).toBe(400)
    expect(fdw.json()).toMatchObject({ code: 'pg_error', pg: { code: '42501' } })
    expect(fdw.json().message).toContain('permission denied to create extension "postgres_fdw"')
    expect((await one('postgres_fdw')).installed_version).toBeNull()
    const unknown = await p.owner.post(api(), { name: 'no_such_ext', schema: 'extensions' })
    expect(unknown.statusCode).toBe(400)
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api())).statusCode).toBe(200)
    expect((await readOnly.post(api(), { name: 'hstore', schema: 'extensions' })).statusCode).toBe(403)
    expect((await readOnly.delete(api('?name=plpgsql'))).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.post(api(), { name: 'hstore', schema: 'extensions' })).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect((await one('hstore')).installed_version).toBeNull()
  })
})
