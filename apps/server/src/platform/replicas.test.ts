import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READ_REPLICA_WRITE_MESSAGE, type ProjectDatabase, type SqlRunResult } from '@basalt/contracts'
import { Agent, createTestApp, waitForProject } from '../../test/platform-app.ts'
import { freePort } from '../../test/global-setup.ts'
import { PROJECT_CLUSTER_SETTINGS, startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.ts'
import { createStandby, REPLICA_NOT_A_STANDBY } from '../db/replicas.ts'
import { REPLICA_ALREADY_ADDED, REPLICA_NEEDS_CONNECTION_STRING, REPLICA_UNREACHABLE } from './replicas.ts'

/** A cluster of its own and a real hot standby of it, made with the embedded binaries. */
async function clusterWithStandby(dir: string, name: string) {
  const primaryDir = path.join(dir, name)
  const primary = await startEmbeddedPostgres({
    dir: primaryDir,
    port: await freePort(),
    settings: PROJECT_CLUSTER_SETTINGS,
  })
  const su = new pg.Client({ connectionString: primary.urlFor('postgres') })
  await su.connect()
  await su.query('create database app')
  await su.end()
  const app = new pg.Client({ connectionString: primary.urlFor('app') })
  await app.connect()
  await app.query(
    `create table public.notes (id int primary key, body text); insert into public.notes values (1, 'one')`,
  )
  await app.end()
  const standbyDir = path.join(dir, `${name}-standby`)
  await createStandby(primary, primaryDir, standbyDir, name)
  const standby = await startEmbeddedPostgres({
    dir: standbyDir,
    port: await freePort(),
    settings: PROJECT_CLUSTER_SETTINGS,
    standby: true,
  })
  return { primary, standby }
}

/**
 * Read replicas of a project attached by connection string (issue 12 point 7): a standby the user runs, added
 * by its connection string once Basalt has checked that it is a standby of that very database; the editor then
 * chooses it with x-connection-encrypted like a replica Basalt made.
 */
describe('read replicas of a database attached by connection string', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let dir: string
  const clusters: EmbeddedCluster[] = []
  let primary: EmbeddedCluster
  let standby: EmbeddedCluster
  let otherStandby: EmbeddedCluster
  let owner: Agent
  let slug: string
  let ref: string
  let replica: ProjectDatabase
  const replicas = () => `/api/projects/${ref}/replicas`
  const databases = async (): Promise<ProjectDatabase[]> =>
    (await owner.get(`/api/platform/projects/${ref}/databases`)).json()
  const runOn = async (connectionId: string, query: string) => {
    const res = await owner.request(
      'POST',
      `/api/platform/pg-meta/${ref}/query`,
      { query },
      { 'x-connection-encrypted': connectionId },
    )
    return res
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-attached-'))
    // The clusters run as the 'postgres' system user, which must be able to enter the directory.
    await chmod(dir, 0o755)
    const attached = await clusterWithStandby(dir, 'attached')
    const other = await clusterWithStandby(dir, 'other')
    ;({ primary, standby } = attached)
    otherStandby = other.standby
    clusters.push(attached.standby, attached.primary, other.standby, other.primary)

    t = await createTestApp()
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
    const created = await owner.post(`/api/organizations/${slug}/projects`, {
      name: 'Attached',
      connectionString: primary.urlFor('app'),
    })
    expect(created.statusCode, created.body).toBe(201)
    ref = created.json().ref
    expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active' })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    for (const c of clusters) await c.stop().catch(() => {})
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('adds a standby of the attached database, kept encrypted, and runs the editor’s reads there', async () => {
    const added = await owner.post(replicas(), { connectionString: standby.urlFor('app') })
    expect(added.statusCode, added.body).toBe(201)
    replica = added.json()
    expect(replica).toMatchObject({
      type: 'read_replica',
      status: 'active',
      identifier: expect.stringMatching(`^${ref}-rr-`),
    })
    expect((await databases()).map((d) => [d.type, d.status])).toEqual([
      ['primary', 'active'],
      ['read_replica', 'active'],
    ])
    const { rows } = await t.db.query('select cluster_port, connection_string_encrypted from basalt.project_replicas')
    expect(rows).toHaveLength(1)
    expect(rows[0].cluster_port).toBeNull()
    expect(rows[0].connection_string_encrypted).not.toContain('postgres')

    // A row written on the primary after the replica was added is read there, from the standby.
    const app = new pg.Client({ connectionString: primary.urlFor('app') })
    await app.connect()
    await app.query(`insert into public.notes values (2, 'two')`)
    await app.end()
    for (const deadline = Date.now() + 10_000; ;) {
      const read = (
        await runOn(replica.connectionId, 'select pg_is_in_recovery(), body from public.notes order by id')
      ).json() as SqlRunResult
      expect(read.status).toBe('success')
      if (read.results[0]!.rows.length === 2) {
        expect(read.results[0]!.rows).toEqual([
          [true, 'one'],
          [true, 'two'],
        ])
        break
      }
      if (Date.now() > deadline) throw new Error(JSON.stringify(read))
      await new Promise((r) => setTimeout(r, 100))
    }
    const write = (await runOn(replica.connectionId, "insert into public.notes values (3, 'three')")).json()
    expect(write.error).toMatchObject({ message: READ_REPLICA_WRITE_MESSAGE, pg: { code: '25006' } })
    // The grid reads there too.
    const page = await owner.request(
      'POST',
      `/api/platform/pg-meta/${ref}/table-rows`,
      { schema: 'public', table: 'notes' },
      { 'x-connection-encrypted': replica.connectionId },
    )
    expect(page.statusCode).toBe(200)
    expect(page.json().rows).toHaveLength(2)
  })

  it('refuses what is not a standby of this database, saying why, and adds nothing', async () => {
    const refused = async (body: unknown, status = 400) => {
      const res = await owner.post(replicas(), body)
      expect(res.statusCode, res.body).toBe(status)
      return res.json() as { code: string; message: string }
    }
    expect(await refused({ connectionString: primary.urlFor('app') })).toEqual({
      code: 'bad_request',
      message: REPLICA_NOT_A_STANDBY,
    })
    expect((await refused({ connectionString: otherStandby.urlFor('app') })).message).toMatch(
      /^This standby replicates another server: its system identifier is \d+, the project database's is \d+$/,
    )
    expect((await refused({ connectionString: standby.urlFor('postgres') })).message).toBe(
      'The connection string names the database "postgres", not the project\'s "app"',
    )
    expect((await refused({ connectionString: 'mysql://someone@127.0.0.1/app' })).message).toContain(
      'Connection string must start with postgres:// or postgresql://',
    )
    const unreachable = await refused({ connectionString: 'postgresql://someone:s3cret-pw@127.0.0.1:1/app' })
    expect(unreachable.message).toBe(REPLICA_UNREACHABLE)
    expect(unreachable.message).not.toContain('s3cret-pw')
    expect(await refused({})).toEqual({ code: 'bad_request', message: REPLICA_NEEDS_CONNECTION_STRING })
    expect(await refused({ connectionString: standby.urlFor('app') }, 409)).toEqual({
      code: 'conflict',
      message: REPLICA_ALREADY_ADDED,
    })
    expect(await databases()).toHaveLength(2)
  })

  it('lets only members who may change the project add one', async () => {
    const { token } = (
      await owner.post(`/api/organizations/${slug}/invitations`, { email: 'ro@example.com', role: 'read_only' })
    ).json()
    const readOnly = new Agent(t.app)
    await readOnly.signUp('ro@example.com', 'correct horse battery', token)
    const body = { connectionString: standby.urlFor('app') }
    expect((await readOnly.post(replicas(), body)).statusCode).toBe(403)
    const elsewhere = (await owner.post('/api/organizations', { name: 'Elsewhere' })).json().slug
    const invited = (
      await owner.post(`/api/organizations/${elsewhere}/invitations`, { email: 'out@example.com', role: 'owner' })
    ).json().token
    const outsider = new Agent(t.app)
    await outsider.signUp('out@example.com', 'correct horse battery', invited)
    expect((await outsider.post(replicas(), body)).statusCode).toBe(404)
    const signedOut = new Agent(t.app)
    await signedOut.get('/api/auth/state')
    expect((await signedOut.post(replicas(), body)).statusCode).toBe(401)
  })

  it('forgets a removed replica: its connection id is refused, and the standby itself is left alone', async () => {
    expect((await owner.delete(`${replicas()}/${replica.identifier}`)).statusCode).toBe(204)
    expect((await databases()).map((d) => d.type)).toEqual(['primary'])
    expect((await t.db.query('select 1 from basalt.project_replicas')).rows).toEqual([])
    const res = await runOn(replica.connectionId, 'select 1')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Invalid x-connection-encrypted header')
    const direct = new pg.Client({ connectionString: standby.urlFor('app') })
    await direct.connect()
    expect((await direct.query('select pg_is_in_recovery() as standby')).rows[0].standby).toBe(true)
    await direct.end()
  })
})
