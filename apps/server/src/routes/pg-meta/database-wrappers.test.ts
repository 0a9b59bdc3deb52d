import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseMigration, Dependent, WrappersResponse } from '@basalt/contracts'
import { Agent, createProjectApp, projectAdminUrl, projectSuperuserUrl } from '../../../test/platform-app.ts'

describe('Database › Wrappers routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let su: pg.Client
  let readOnly: Agent
  let outsider: Agent
  let admin: URL
  const api = (path = '') => `/api/platform/pg-meta/${p.ref}/database/wrappers${path}`
  const list = async (): Promise<WrappersResponse> => (await p.owner.get(api())).json()
  const serverBody = (name: string, password: string) => ({
    name,
    wrapper: 'postgres_fdw',
    options: [
      { name: 'host', value: admin.hostname },
      { name: 'port', value: admin.port },
      { name: 'dbname', value: decodeURIComponent(admin.pathname.slice(1)) },
    ],
    user_mapping: {
      options: [
        { name: 'user', value: decodeURIComponent(admin.username) },
        { name: 'password', value: password },
      ],
    },
    import: { remote_schema: 'remote_src', local_schema: 'public' },
  })

  beforeAll(async () => {
    p = await createProjectApp('Wrappers')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    admin = new URL(await projectAdminUrl(p.t, p.ref))
    su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
  })
  afterAll(async () => {
    await su?.end()
    await p?.close()
  })

  it('lists nothing before a wrapper exists: postgres_fdw and file_fdw need a superuser to create', async () => {
    expect(await list()).toEqual({ wrappers: [], servers: [], foreign_tables: [] })
  })

  it("creates a postgres_fdw server with the admin role's user mapping and an imported schema, in one change", async () => {
    // What a superuser of the server does for the project: the wrappers, USAGE on one of them, a remote table.
    const role = decodeURIComponent(admin.username)
    await su.query(`
      create extension postgres_fdw schema extensions;
      create extension file_fdw schema extensions;
      grant usage on foreign data wrapper postgres_fdw to "${role}";
      create schema remote_src;
      create table remote_src.items (id int primary key, label text);
      insert into remote_src.items values (1, 'über');
      grant usage on schema remote_src to "${role}";
      grant select on remote_src.items to "${role}";
    `)
    const before = await list()
    expect(before.wrappers.map((w) => [w.name, w.extension, w.handler, w.usable])).toEqual([
      ['file_fdw', 'file_fdw', 'extensions.file_fdw_handler', false],
      ['postgres_fdw', 'postgres_fdw', 'extensions.postgres_fdw_handler', true],
    ])

    const created = await p.owner.post(
      api('/servers'),
      serverBody('loopback', admin.password && decodeURIComponent(admin.password)),
    )
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'loopback',
      wrapper: 'postgres_fdw',
      owner: role,
      owned: true,
      options: expect.arrayContaining(['dbname=' + decodeURIComponent(admin.pathname.slice(1))]),
      user_mappings: [role],
    })
    const after = await list()
    expect(after.foreign_tables).toEqual([
      expect.objectContaining({ schema: 'public', name: 'items', server: 'loopback', columns: 2 }),
    ])
    expect(JSON.stringify(after)).not.toContain(decodeURIComponent(admin.password))
    // The foreign table reads the remote rows.
    expect((await p.database.query('select label from public.items')).rows).toEqual([{ label: 'über' }])

    // Audited and recorded as a migration, the user mapping's credentials in neither.
    const audit = (await p.owner.get(`/api/organizations/${p.slug}/audit`)).json()
    const entry = audit.entries.find((e: { action: string }) => e.action === 'database.foreign_server.create')
    expect(entry).toMatchObject({ target: 'loopback' })
    expect(JSON.stringify(entry)).not.toContain(decodeURIComponent(admin.password))
    const migrations: DatabaseMigration[] = (
      await p.owner.get(`/api/platform/pg-meta/${p.ref}/database/migrations`)
    ).json().migrations
    const last = migrations.at(-1)!
    expect(last.statements).toContain('CREATE SERVER "loopback" FOREIGN DATA WRAPPER "postgres_fdw"')
    expect(last.statements).toContain('IMPORT FOREIGN SCHEMA "remote_src" FROM SERVER "loopback" INTO "public"')
    expect(last.statements).toContain('-- CREATE USER MAPPING FOR CURRENT_USER SERVER "loopback" OPTIONS (…)')
    expect(last.statements).not.toContain(decodeURIComponent(admin.password))
  })

  it("refuses with Postgres' message and leaves nothing: a wrapper without USAGE, a failed import", async () => {
    const fileServer = await p.owner.post(api('/servers'), { name: 'files', wrapper: 'file_fdw' })
    expect(fileServer.statusCode).toBe(400)
    expect(fileServer.json()).toMatchObject({ code: 'pg_error', pg: { code: '42501' } })
    expect(fileServer.json().message).toContain('permission denied for foreign-data wrapper file_fdw')

    // The server and mapping would be created, the import then fails (wrong password): nothing stays.
    const wrong = await p.owner.post(api('/servers'), serverBody('elsewhere', 'not the password'))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'pg_error' })
    const names = (await list()).servers.map((s) => s.name)
    expect(names).toEqual(['loopback'])
  })

  it('shows what depends on a server and drops it only with CASCADE', async () => {
    const [server] = (await list()).servers
    const dependents: Dependent[] = (await p.owner.get(api(`/servers/dependents?id=${server!.id}`))).json()
    expect(dependents.map((d) => d.description)).toEqual(
      expect.arrayContaining([
        'foreign table items',
        expect.stringMatching(/^user mapping for .+ on server loopback$/),
      ]),
    )
    const refused = await p.owner.delete(api(`/servers?id=${server!.id}`))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'pg_error', pg: { code: '2BP01' } })
    const dropped = await p.owner.delete(api(`/servers?id=${server!.id}&cascade=true`))
    expect(dropped.statusCode, dropped.body).toBe(200)
    expect(await list()).toMatchObject({ servers: [], foreign_tables: [] })
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    const body = { name: 'ro_server', wrapper: 'postgres_fdw' }
    expect((await readOnly.get(api())).statusCode).toBe(200)
    expect((await readOnly.post(api('/servers'), body)).statusCode).toBe(403)
    expect((await readOnly.delete(api('/servers?id=1'))).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.post(api('/servers'), body)).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect((await list()).servers).toEqual([])
  })
})
