import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BackupsOverview, Restore } from '@basalt/contracts'
import { buildApp } from '../src/app.ts'
import { backupStore } from '../src/backups/store.ts'
import { processAlive as alive } from '../src/db/embedded.ts'
import { projectClusters, type ProjectDatabaseProvider } from '../src/db/project-databases.ts'
import { startProjects } from '../src/platform/projects.ts'
import type { App } from '../src/routes/types.ts'
import { Agent, createProjectApp, projectAdminUrl, waitForProject } from './platform-app.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const ROWS = 3000

type Available = Extract<BackupsOverview, { available: true }>

/**
 * A restore is a durable job that survives a restart of Basalt (issue 28 §3): a server killed while the
 * restore's recovery runs — its own postmaster up in the project's directory, the projects' clusters left
 * running with no Basalt — leaves a restore that the next Basalt on the same platform database and DATA_DIR
 * finishes: the project Active with the rows of the point restored, the original untouched, nothing half-made.
 */
describe('a restore whose server dies', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let worker: ChildProcess | undefined
  let next: { app: App; projects: ProjectDatabaseProvider; owner: Agent } | undefined
  // The recovery's postmaster a dead server left: stopped by the next Basalt (or here, when a test failed).
  let leftover: number | undefined
  const projectsDir = () => path.join(p.t.config.dataDir, 'projects')

  /** A Basalt (test/fixtures/restore-worker.ts) that asks for the restore and is killed during its recovery. */
  const restoreAndDie = async (body: object) => {
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures', 'restore-worker.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PLATFORM_URL: p.t.platformUrl,
        DATA_DIR: p.t.config.dataDir,
        EMBEDDED_PG_PORT: String(p.t.config.embeddedPgPort),
        ENCRYPTION_KEY: p.t.config.encryptionKey.toString('hex'),
        COOKIE: [...p.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        CSRF: p.owner.cookies.get('basalt_csrf') ?? '',
        REF: p.ref,
        BODY: JSON.stringify(body),
      },
    })
    let stderr = ''
    worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    let out = ''
    worker.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => worker!.once('exit', (_c, s) => resolve(s)))
    worker = undefined
    expect(signal, stderr).toBe('SIGKILL')
    const answer = JSON.parse(out.split('\n')[0]!) as {
      statusCode: number
      body: { restore: Restore; project: { ref: string } }
    }
    expect(answer.statusCode, JSON.stringify(answer)).toBe(202)
    const { restore, project } = answer.body
    // What the dead server left: the restore running, the project coming up, and the recovery's postmaster
    // still running in the project's directory, with no Basalt.
    const left = await p.t.db.query<{ state: string; phase: string; status: string }>(
      `select r.state, r.phase, p.status from basalt.restores r join basalt.projects p on p.ref = r.target_ref
        where r.id = $1`,
      [restore.id],
    )
    expect(left.rows[0]).toEqual({ state: 'running', phase: 'Replaying the WAL', status: 'coming_up' })
    leftover = Number(
      (await readFile(path.join(projectsDir(), project.ref, 'cluster', 'postmaster.pid'), 'utf8')).split('\n')[0],
    )
    expect(alive(leftover)).toBe(true)
    return { restore, ref: project.ref }
  }

  /** The next Basalt, on the same platform database and DATA_DIR, started as server.ts starts one. */
  const startNext = async () => {
    const backups = backupStore(p.t.config.dataDir, null)
    const projects = projectClusters(projectsDir(), {}, { archiveDirOf: (ref) => backups.prepareWalDir(ref) })
    const app = await buildApp({
      config: p.t.config,
      db: p.t.db,
      projectDatabases: projects,
      platformUrl: p.t.platformUrl,
      webDistDir: null,
      backupStore: backups,
      backupTickMs: 0,
    })
    const owner = new Agent(app)
    owner.cookies = new Map(p.owner.cookies)
    next = { app, projects, owner }
    await startProjects(app.platform)
    return next
  }
  const stopNext = async () => {
    await next?.app.close()
    await next?.projects.closeAll()
    next = undefined
  }

  /** The restore finished by the next Basalt: done, the project Active, the leftover postmaster stopped. */
  const finished = async (owner: Agent, ref: string, restore: Restore) => {
    const status = await waitForProject(owner, ref, 180_000)
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'active' })
    expect(alive(leftover!)).toBe(false)
    const done: Restore = (await owner.get(`/api/projects/${ref}/restores/${restore.id}`)).json()
    expect(done).toMatchObject({ state: 'done', error: null })
    return done
  }

  const orders = async (ref: string) => {
    const c = new pg.Client({ connectionString: await projectAdminUrl({ app: next!.app, db: p.t.db }, ref) })
    await c.connect()
    try {
      const { rows } = await c.query<{ n: number; items: number }>(
        'select count(*)::int as n, count(distinct item)::int as items from public.orders',
      )
      return rows[0]
    } finally {
      await c.end()
    }
  }

  /** The restored project's own history starts cleanly: its first base backup taken, its archive not failing. */
  const backedUpAfterRestore = async (owner: Agent, ref: string) => {
    for (const end = Date.now() + 120_000; ;) {
      const o = (await owner.get(`/api/projects/${ref}/backups`)).json() as Available
      const first = o.backups.find((b) => b.trigger === 'restore')
      if (first?.state === 'done' || first?.state === 'failed' || Date.now() > end) {
        expect(first).toMatchObject({ state: 'done', error: null })
        break
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    await next!.app.platform.backups!.tick()
    expect(((await owner.get(`/api/projects/${ref}/backups`)).json() as Available).archive.failing).toBe(false)
  }

  beforeAll(async () => {
    p = await createProjectApp('Orders', { clusters: true, backups: {} })
    await p.database.query(`create table public.orders (id int primary key, item text not null)`)
    await p.database.query(`insert into public.orders select i, 'item ' || i from generate_series(1, ${ROWS}) i`)
    // Its first base backup (asked for when it came up) is done before this Basalt stops.
    for (const end = Date.now() + 120_000; ;) {
      const o = (await p.owner.get(`/api/projects/${p.ref}/backups`)).json() as Available
      if (o.backups.some((b) => b.state === 'done')) break
      if (Date.now() > end) throw new Error('no first base backup')
      await new Promise((r) => setTimeout(r, 200))
    }
    await p.database.end()
    // This Basalt stops (its clusters too); the next one to start on the DATA_DIR is the worker.
    await p.t.app.close()
    await p.t.projectDatabases.closeAll()
  }, 180_000)
  afterAll(async () => {
    worker?.kill('SIGKILL')
    if (leftover && alive(leftover)) process.kill(leftover, 'SIGINT')
    await stopNext()
    // The connection createProjectApp opened was ended before the first Basalt stopped.
    await p?.t.close()
  })

  it('into a new project: the next Basalt finishes it, every row there, nothing half-made', async () => {
    const { restore, ref: newRef } = await restoreAndDie({ name: 'Restored' })
    const { owner } = await startNext()
    await finished(owner, newRef, restore)
    expect(await orders(newRef)).toEqual({ n: ROWS, items: ROWS })
    // The original is untouched and running.
    expect((await owner.get(`/api/projects/${p.ref}`)).json()).toMatchObject({ status: 'active' })
    expect(await orders(p.ref)).toEqual({ n: ROWS, items: ROWS })
    // Nothing half-made: one new project and one restore, one cluster directory each, no restore leftovers.
    const all = await p.t.db.query<{ ref: string }>('select ref from basalt.projects order by ref')
    expect(all.rows.map((r) => r.ref)).toEqual([p.ref, newRef].sort())
    const restores = await p.t.db.query('select id from basalt.restores')
    expect(restores.rows).toEqual([{ id: restore.id }])
    expect((await readdir(projectsDir())).sort()).toEqual([p.ref, newRef].sort())
    expect((await readdir(path.join(projectsDir(), newRef))).sort()).toEqual(['cluster', 'superuser-password'])
    await backedUpAfterRestore(owner, newRef)
  }, 300_000)

  it('in place: the next Basalt finishes it to the second asked, the previous cluster kept until checked', async () => {
    // A row committed after the point restored to: the point is read before that row's commit.
    const c = new pg.Client({ connectionString: await projectAdminUrl({ app: next!.app, db: p.t.db }, p.ref) })
    await c.connect()
    await c.query('begin')
    await c.query(`insert into public.orders values (${ROWS + 1}, 'after the point')`)
    const point = (await c.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now
    await c.query('commit')
    await c.end()
    await stopNext()

    const { restore } = await restoreAndDie({
      mode: 'in_place',
      confirm: 'Orders',
      targetTime: point.toISOString(),
    })
    const kept = `cluster-before-restore-${restore.id.slice(0, 8)}`
    const { owner } = await startNext()
    const done = await finished(owner, p.ref, restore)
    expect(done).toMatchObject({ mode: 'in_place', keptPreviousCluster: true })
    expect(await orders(p.ref)).toEqual({ n: ROWS, items: ROWS })
    // One cluster and the one kept, nothing else; checked, the kept one goes.
    expect((await readdir(path.join(projectsDir(), p.ref))).sort()).toEqual(['cluster', kept, 'superuser-password'])
    const checked = await owner.post(`/api/projects/${p.ref}/restores/${restore.id}/keep`)
    expect(checked.json()).toMatchObject({ keptPreviousCluster: false })
    expect((await readdir(path.join(projectsDir(), p.ref))).sort()).toEqual(['cluster', 'superuser-password'])
    await backedUpAfterRestore(owner, p.ref)
  }, 300_000)
})
