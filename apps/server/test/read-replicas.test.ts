import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READ_REPLICA_WRITE_MESSAGE } from '@basalt/contracts'
import { REPLICAS_NEED_CLUSTERS } from '../src/db/project-databases.ts'
import { REPLICATION_ROLE } from '../src/db/replicas.ts'
import { REPLICA_MADE_BY_BASALT } from '../src/platform/replicas.ts'
import type { Agent } from './platform-app.ts'
import { createProjectApp, projectAdminUrl, projectSuperuserUrl, waitForProject } from './platform-app.ts'

interface Database {
  identifier: string
  type: 'primary' | 'read_replica'
  status: string
  connectionId: string
}

/**
 * Read replicas on the embedded default (issue 12 item 7): a hot standby cluster made from the project's own,
 * chosen per call with x-connection-encrypted; reads see the primary's rows, writes are refused with the
 * spec's note, and schema changes still go to the primary.
 */
describe('read replicas of a project on its own cluster', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let t: typeof p.t
  let owner: Agent
  let ref: string
  let replica: Database
  const api = (call: string) => `/api/platform/pg-meta/${ref}/${call}`
  const onReplica = (agent: Agent, call: string, body: unknown) =>
    agent.request('POST', api(call), body, { 'x-connection-encrypted': replica.connectionId })

  beforeAll(async () => {
    p = await createProjectApp('Replicated', { clusters: true })
    ;({ t, owner, ref } = p)
    await p.database.query(
      `create table public.notes (id int primary key, body text); insert into public.notes values (1, 'one')`,
    )
  })
  afterAll(async () => {
    await p?.close()
  })

  it('adds a replica that streams from the primary, and serves reads chosen by x-connection-encrypted', async () => {
    // Basalt makes this project's replicas itself: a connection string is refused, not stored.
    const byString = await owner.post(`/api/projects/${ref}/replicas`, {
      connectionString: 'postgresql://someone@127.0.0.1:1/app',
    })
    expect(byString.json()).toEqual({ code: 'bad_request', message: REPLICA_MADE_BY_BASALT })
    const added = await owner.post(`/api/projects/${ref}/replicas`)
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ type: 'read_replica', status: 'coming_up' })
    for (const deadline = Date.now() + 60_000; ;) {
      const databases: Database[] = (await owner.get(`/api/platform/projects/${ref}/databases`)).json()
      expect(databases.map((d) => d.type)).toEqual(['primary', 'read_replica'])
      replica = databases[1]!
      if (replica.status === 'active') break
      expect(replica.status, JSON.stringify(replica)).toBe('coming_up')
      if (Date.now() > deadline) throw new Error('the replica did not come up')
      await new Promise((r) => setTimeout(r, 200))
    }

    // A row written on the primary after the replica was made reaches it.
    const admin = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
    await admin.connect()
    await admin.query(`insert into public.notes values (2, 'two')`)
    await admin.end()
    for (const deadline = Date.now() + 10_000; ;) {
      const res = await onReplica(owner, 'table-rows', { schema: 'public', table: 'notes' })
      expect(res.statusCode).toBe(200)
      if (res.json().rows.length === 2) break
      if (Date.now() > deadline) throw new Error(`the replica has ${res.json().rows.length} rows`)
      await new Promise((r) => setTimeout(r, 100))
    }

    // The replica is another server: the rows came from there.
    const { rows } = await t.db.query('select cluster_port from basalt.project_replicas')
    const replicaServer = new URL(await projectAdminUrl(t, ref))
    replicaServer.port = String(rows[0].cluster_port)
    const direct = new pg.Client({ connectionString: replicaServer.toString() })
    await direct.connect()
    expect((await direct.query('select pg_is_in_recovery() as standby')).rows[0].standby).toBe(true)
    await direct.end()
  })

  it("streams as a replication login of its own: the replica's files hold no superuser password", async () => {
    const { rows } = await t.db.query<{ id: string }>('select id from basalt.project_replicas')
    const dir = path.join(t.clustersDir!, ref)
    const autoConf = path.join(dir, 'replicas', rows[0]!.id, 'cluster', 'postgresql.auto.conf')
    const text = await readFile(autoConf, 'utf8')
    const superuserPassword = (await readFile(path.join(dir, 'superuser-password'), 'utf8')).trim()
    const replicationPassword = (await readFile(path.join(dir, 'replication-password'), 'utf8')).trim()
    expect(text).not.toContain(superuserPassword)
    expect(text).toContain(`user=${REPLICATION_ROLE} password=${replicationPassword}`)
    expect((await stat(autoConf)).mode & 0o777).toBe(0o600)
    expect((await stat(path.join(dir, 'replication-password'))).mode & 0o777).toBe(0o600)
    const su = new pg.Client({ connectionString: await projectSuperuserUrl(t, ref) })
    await su.connect()
    try {
      const role = await su.query(
        'select rolsuper, rolreplication, rolcreaterole, rolbypassrls from pg_roles where rolname = $1',
        [REPLICATION_ROLE],
      )
      expect(role.rows).toEqual([{ rolsuper: false, rolreplication: true, rolcreaterole: false, rolbypassrls: false }])
      const streaming = await su.query('select usename from pg_stat_replication')
      expect(streaming.rows).toEqual([{ usename: REPLICATION_ROLE }])
    } finally {
      await su.end()
    }
  })

  it("refuses writes on the replica with the spec's note, and sends schema changes to the primary", async () => {
    const write = await onReplica(owner, 'table-rows/insert', {
      schema: 'public',
      table: 'notes',
      rows: [{ id: 3, body: 'three' }],
    })
    expect(write.statusCode).toBe(400)
    expect(write.json()).toMatchObject({
      code: 'bad_request',
      message: READ_REPLICA_WRITE_MESSAGE,
      pg: { code: '25006' },
    })

    const admin = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
    await admin.connect()
    const tableId = Number((await admin.query(`select 'public.notes'::regclass::oid::int8 as id`)).rows[0].id)
    await admin.end()
    const column = await owner.request(
      'POST',
      api('columns'),
      { tableId, name: 'done', type: 'bool' },
      { 'x-connection-encrypted': replica.connectionId },
    )
    expect(column.statusCode).toBe(201)
  })

  it('refuses the replica of one project as the database of another', async () => {
    const [org] = (await owner.get('/api/organizations')).json()
    const other = (await owner.post(`/api/organizations/${org.slug}/projects`, { name: 'Other' })).json().ref
    expect(await waitForProject(owner, other)).toMatchObject({ status: 'active' })
    const res = await owner.request(
      'POST',
      `/api/platform/pg-meta/${other}/table-rows`,
      { schema: 'auth', table: 'users' },
      { 'x-connection-encrypted': replica.connectionId },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Invalid x-connection-encrypted header')
  })

  it('removes the replica named as the databases list shows it: its cluster goes, the primary keeps no slot', async () => {
    const { rows } = await t.db.query<{ id: string }>('select id from basalt.project_replicas')
    const dir = path.join(t.clustersDir!, ref, 'replicas', rows[0]!.id)
    expect(existsSync(dir)).toBe(true)
    expect((await owner.delete(`/api/projects/${ref}/replicas/${replica.identifier}`)).statusCode).toBe(204)
    expect(existsSync(dir)).toBe(false)
    const su = new pg.Client({ connectionString: await projectSuperuserUrl(t, ref) })
    await su.connect()
    const slots = await su.query('select slot_name from pg_replication_slots')
    await su.end()
    expect(slots.rows).toEqual([])
    const databases: Database[] = (await owner.get(`/api/platform/projects/${ref}/databases`)).json()
    expect(databases.map((d) => d.type)).toEqual(['primary'])
  })
})

describe('read replicas of a project on a shared server', () => {
  it('are refused plainly: Basalt makes replicas of its own clusters only', async () => {
    const p = await createProjectApp('Shared')
    try {
      const res = await p.owner.post(`/api/projects/${p.ref}/replicas`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(REPLICAS_NEED_CLUSTERS)
    } finally {
      await p.close()
    }
  })
})
