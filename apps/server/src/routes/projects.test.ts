import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TYPE_TO_CONFIRM_MISMATCH } from '@basalt/contracts'
import { Agent, createTestApp, waitForProject } from '../../test/platform-app.ts'
import { testDatabaseUrl, withAdminClient } from '../../test/databases.ts'
import { projectLogin } from '../db/connections.ts'
import { ensureDefaultProject, PLATFORM_DATABASE_REFUSAL, startProjects } from '../platform/projects.ts'

const databaseExists = (name: string) =>
  withAdminClient(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)

describe('projects', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let slug: string
  let defaultDb: string

  beforeAll(async () => {
    t = await createTestApp()
    // The default project exists before anyone signs up, and the first sign-up adopts it.
    defaultDb = t.projectDatabases.databaseNameFor('default')
    expect(await ensureDefaultProject(t.app.platform)).toMatchObject({ database_name: defaultDb, status: 'active' })
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
  })
  afterAll(async () => {
    await t?.close()
  })

  it('the first organisation adopts the default project, which is active and bootstrapped', async () => {
    const projects = (await owner.get('/api/projects')).json()
    expect(projects).toEqual([
      expect.objectContaining({ ref: 'default', status: 'active', kind: 'embedded', organizationSlug: slug }),
    ])
    const detail = (await owner.get('/api/projects/default')).json()
    expect(detail).toMatchObject({
      role: 'owner',
      features: { pgNet: false, pitr: false, services: { auth: true, storage: true, realtime: false } },
    })
    // Idempotent on restart.
    expect(await ensureDefaultProject(t.app.platform)).toMatchObject({ database_name: defaultDb, status: 'active' })
  })

  it('creates an embedded project in the background; its database gets auth.users', async () => {
    const res = await owner.post(`/api/organizations/${slug}/projects`, { name: 'Shop' })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({ name: 'Shop', status: 'coming_up', kind: 'embedded', organizationSlug: slug })
    expect(created.ref).toMatch(/^[a-z]{20}$/)
    expect(await waitForProject(owner, created.ref)).toMatchObject({ status: 'active', statusMessage: null })

    const client = new pg.Client({ connectionString: testDatabaseUrl(t.projectDatabases.databaseNameFor(created.ref)) })
    await client.connect()
    const { rows } = await client.query(`select to_regclass('auth.users') is not null as has_users`)
    await client.end()
    expect(rows[0].has_users).toBe(true)

    const dbs = (await owner.get(`/api/platform/projects/${created.ref}/databases`)).json()
    expect(dbs).toEqual([
      { identifier: created.ref, type: 'primary', status: 'active', connectionId: expect.any(String) },
    ])
    expect(dbs[0].connectionId).not.toContain('postgres')
  })

  it('resumes at start a project a stopped server left coming up, and brings it up', async () => {
    // What a server that stopped right after answering a create leaves: the row, and no database yet.
    const ref = 'resumedprojectaaaaaa'
    const database = t.projectDatabases.databaseNameFor(ref)
    await t.db.query(
      `insert into basalt.projects (ref, name, organization_id, status, kind, database_name)
       values ($1, 'Resumed', (select id from basalt.organizations where slug = $2), 'coming_up', 'embedded', $3)`,
      [ref, slug, database],
    )
    expect(await databaseExists(database)).toBe(false)
    // Every project that should run is brought up: the one left coming up, and the active one from before.
    expect(await startProjects(t.app.platform)).toBe(2)
    expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active', statusMessage: null })
    expect(await databaseExists(database)).toBe(true)
    const { rows } = await t.db.query("select count(*)::int as n from basalt.projects where status = 'coming_up'")
    expect(rows[0].n).toBe(0)
  })

  it('refuses an unreachable external database with connection_failed, without echoing the password', async () => {
    const url = 'postgresql://someone:s3cret-pw@127.0.0.1:1/nothing'
    const res = await owner.post(`/api/organizations/${slug}/projects`, { name: 'Ext', connectionString: url })
    expect(res.statusCode).toBe(502)
    expect(res.json().code).toBe('connection_failed')
    expect(res.json().message).not.toContain('s3cret-pw')
    const tested = await owner.post(`/api/organizations/${slug}/projects/test-connection`, { connectionString: url })
    expect(tested.json().code).toBe('connection_failed')
  })

  it('attaches an external database: tested, stored encrypted, bootstrapped; deleting only detaches it', async () => {
    const url = testDatabaseUrl(t.projectDatabases.databaseNameFor('extern'))
    await withAdminClient((c) => c.query(`create database ${t.projectDatabases.databaseNameFor('extern')}`))
    expect(
      (await owner.post(`/api/organizations/${slug}/projects/test-connection`, { connectionString: url })).json()
        .serverVersion,
    ).toMatch(/^\d+/)
    const created = (
      await owner.post(`/api/organizations/${slug}/projects`, { name: 'Ext', connectionString: url })
    ).json()
    expect(created.kind).toBe('external')
    expect(await waitForProject(owner, created.ref)).toMatchObject({ status: 'active' })
    const { rows } = await t.db.query('select * from basalt.projects where ref = $1', [created.ref])
    expect(rows[0].connection_string_encrypted).not.toContain('postgres')
    expect(projectLogin(t.app.platform, rows[0], 'admin')).toEqual({ connectionString: url })

    expect((await owner.delete(`/api/projects/${created.ref}`, { confirm: 'Ext' })).statusCode).toBe(204)
    expect(await databaseExists(t.projectDatabases.databaseNameFor('extern'))).toBe(true)
  })

  it('renames, pauses and restores', async () => {
    const created = (await owner.post(`/api/organizations/${slug}/projects`, { name: 'Temp' })).json()
    await waitForProject(owner, created.ref)
    expect((await owner.patch(`/api/projects/${created.ref}`, { name: 'Renamed' })).json().name).toBe('Renamed')
    expect((await owner.post(`/api/projects/${created.ref}/pause`)).json().status).toBe('inactive')
    expect((await owner.get(`/api/projects/${created.ref}`)).json()).toMatchObject({
      status: 'inactive',
      features: { pgNet: false },
    })
    expect((await owner.post(`/api/projects/${created.ref}/restore`)).json().status).toBe('coming_up')
    expect(await waitForProject(owner, created.ref)).toMatchObject({ status: 'active' })
  })

  it('deletes only after type-to-confirm with the project name, dropping an embedded database and its roles', async () => {
    const created = (await owner.post(`/api/organizations/${slug}/projects`, { name: 'Doomed' })).json()
    await waitForProject(owner, created.ref)
    const wrong = await owner.delete(`/api/projects/${created.ref}`, { confirm: 'doomed' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ code: 'bad_request', message: TYPE_TO_CONFIRM_MISMATCH })
    expect((await owner.delete(`/api/projects/${created.ref}`, { confirm: 'Doomed' })).statusCode).toBe(204)
    expect((await owner.get(`/api/projects/${created.ref}`)).statusCode).toBe(404)
    expect(await databaseExists(t.projectDatabases.databaseNameFor(created.ref))).toBe(false)
    const roles = await withAdminClient((c) =>
      c.query('select 1 from pg_roles where starts_with(rolname, $1)', [
        t.projectDatabases.databaseNameFor(created.ref),
      ]),
    )
    expect(roles.rowCount).toBe(0)
  })

  it("tells how to connect as the project's admin role, and reveals its password only to Owners and Administrators", async () => {
    const admin = t.projectDatabases.roleNamesFor('default').admin
    const info = (await owner.get('/api/projects/default/database/connection')).json()
    const server = new URL(inject('pgAdminUrl'))
    expect(info).toEqual({
      host: server.hostname,
      port: Number(server.port),
      database: defaultDb,
      user: admin,
      passwordAvailable: true,
      psql: `psql -h ${server.hostname} -p ${server.port} -U ${admin} -d ${defaultDb}`,
      superuser: false,
    })
    const { password } = (await owner.post('/api/projects/default/database/password')).json()
    const client = new pg.Client({
      host: info.host,
      port: info.port,
      database: info.database,
      user: info.user,
      password,
    })
    await client.connect()
    const { rows } = await client.query(
      'select current_user as me, rolsuper from pg_roles where rolname = current_user',
    )
    await client.end()
    expect(rows).toEqual([{ me: admin, rolsuper: false }])

    const { token } = (
      await owner.post(`/api/organizations/${slug}/invitations`, { email: 'dev@example.com', role: 'developer' })
    ).json()
    const developer = new Agent(t.app)
    await developer.signUp('dev@example.com', 'correct horse battery', token)
    expect((await developer.get('/api/projects/default/database/connection')).json().user).toBe(admin)
    const refused = await developer.post('/api/projects/default/database/password')
    expect(refused.statusCode).toBe(403)
    expect(refused.body).not.toContain(password)
    const audit = await t.db.query(
      "select count(*)::int as n from basalt.audit_log where action = 'project.password_reveal'",
    )
    expect(audit.rows[0].n).toBe(1)
  })

  it("refuses to attach a Basalt platform database, and warns about an attached superuser's power", async () => {
    const platform = (t.db as unknown as { options: { connectionString: string } }).options.connectionString
    const attached = await owner.post(`/api/organizations/${slug}/projects`, {
      name: 'Sneaky',
      connectionString: platform,
    })
    expect(attached.statusCode).toBe(400)
    expect(attached.json()).toEqual({ code: 'bad_request', message: PLATFORM_DATABASE_REFUSAL })

    const url = testDatabaseUrl(t.projectDatabases.databaseNameFor('superext'))
    await withAdminClient((c) => c.query(`create database ${t.projectDatabases.databaseNameFor('superext')}`))
    const created = (
      await owner.post(`/api/organizations/${slug}/projects`, { name: 'Super', connectionString: url })
    ).json()
    expect(await waitForProject(owner, created.ref)).toMatchObject({ status: 'active' })
    const info = (await owner.get(`/api/projects/${created.ref}/database/connection`)).json()
    expect(info).toMatchObject({
      superuser: true,
      passwordAvailable: false,
      database: t.projectDatabases.databaseNameFor('superext'),
    })
    expect((await owner.post(`/api/projects/${created.ref}/database/password`)).statusCode).toBe(404)
    expect((await owner.delete(`/api/projects/${created.ref}`, { confirm: 'Super' })).statusCode).toBe(204)
  })

  it('refuses a project over the organisation’s limit', async () => {
    const limited = await createTestApp({ config: { orgProjectLimit: 1 } })
    try {
      const someone = new Agent(limited.app)
      await someone.signUp('owner@example.com')
      const org = (await someone.get('/api/organizations')).json()[0].slug
      const first = await someone.post(`/api/organizations/${org}/projects`, { name: 'One' })
      expect(first.statusCode).toBe(201)
      await waitForProject(someone, first.json().ref)
      const second = await someone.post(`/api/organizations/${org}/projects`, { name: 'Two' })
      expect(second.statusCode).toBe(409)
      expect(second.json().message).toBe('This organization has 1 projects, the most it may have (ORG_PROJECT_LIMIT)')
    } finally {
      await limited.close()
    }
  })

  it('refuses to delete an organisation that still has projects', async () => {
    const res = await owner.delete(`/api/organizations/${slug}`)
    expect(res.statusCode).toBe(409)
  })

  it('audits project changes', async () => {
    const { rows } = await t.db.query(
      `select distinct action from basalt.audit_log where action like 'project.%' order by 1`,
    )
    expect(rows.map((r) => r.action)).toEqual([
      'project.create',
      'project.delete',
      'project.password_reveal',
      'project.pause',
      'project.rename',
      'project.restore',
    ])
  })
})
