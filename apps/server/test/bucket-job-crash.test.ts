import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { BucketJob } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { fsObjectStore } from '../src/storage/fs-store.ts'
import { byteKey, bytePrefix, type ObjectStore } from '../src/storage/object-store.ts'
import type { App } from '../src/routes/types.ts'
import { Agent, createProjectApp, projectAdminUrl } from './platform-app.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const OBJECTS = 5000

/**
 * Emptying a bucket is a durable job (issue 24 point 2): a server killed in the middle of one — some
 * batches deleted, the next one in flight — leaves a job that another server finishes, from the rows that
 * are left, with every row and every byte gone and the count right.
 */
describe('a bucket job whose server dies', () => {
  let dataDir: string
  let store: ObjectStore
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let worker: ChildProcess | undefined
  let survivor: App | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basalt-job-crash-'))
    store = fsObjectStore(path.join(dataDir, 'storage'))
    p = await createProjectApp('Jobs', { objectStore: store, config: { dataDir } })
    await p.owner.post(`/api/storage/${p.ref}/buckets`, { id: 'crash' })
    // Rows inserted in name order (the order the job's batches take them in), and bytes for a few of them
    // in the first batch and in the last.
    const { rows } = await p.database.query<{ id: string; name: string }>(
      `insert into storage.objects (bucket_id, name, metadata)
       select 'crash', 'f-' || lpad(i::text, 5, '0'), '{"size": 1}' from generate_series(1, ${OBJECTS}) i
       returning id::text, name`,
    )
    for (const r of rows.filter((r) => ['f-00001', 'f-00002', 'f-04999', 'f-05000'].includes(r.name))) {
      await store.put(byteKey(p.ref, 'crash', r.id), Readable.from([Buffer.from(r.name)]), {
        contentType: 'text/plain',
      })
    }
    // This server runs no jobs from here on: the job is the worker's.
    await p.t.app.close()
  })
  afterAll(async () => {
    worker?.kill('SIGKILL')
    await survivor?.close()
    await p?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is finished by another server, every row and byte removed once', async () => {
    const job = async () =>
      (
        await p.t.db.query<{ state: string; deleted: string; total: string | null }>(
          'select state, deleted, total from basalt.storage_jobs where project_ref = $1',
          [p.ref],
        )
      ).rows[0]
    // The last object's row is held: the job's batches before it go through, the one that reaches it waits.
    const lock = new pg.Client({ connectionString: await projectAdminUrl(p.t, p.ref) })
    await lock.connect()
    await lock.query('begin')
    await lock.query(`select 1 from storage.objects where bucket_id = 'crash' and name = 'f-05000' for update`)

    worker = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures', 'bucket-job-worker.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PLATFORM_URL: p.t.platformUrl,
        PG_ADMIN_URL: inject('pgAdminUrl'),
        PREFIX: `${new URL(p.t.platformUrl).pathname.slice(1)}_p_`,
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: p.t.config.encryptionKey.toString('hex'),
        COOKIE: [...p.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        CSRF: p.owner.cookies.get('basalt_csrf') ?? '',
        REF: p.ref,
        BUCKET: 'crash',
      },
    })
    let stderr = ''
    worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const started = await new Promise<BucketJob>((resolve, reject) => {
      let out = ''
      worker!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as BucketJob)
      })
      worker!.once('exit', () => reject(new Error(`the worker exited: ${stderr}`)))
    })
    expect(started).toMatchObject({ kind: 'empty', bucketId: 'crash' })

    // Wait for the job to be in the middle: four batches deleted, the fifth waiting for the held row.
    for (const end = Date.now() + 60_000; ;) {
      const now = await job()
      if (now?.state === 'running' && Number(now.deleted) >= OBJECTS - 1000) break
      if (Date.now() > end) throw new Error(`the job did not get going: ${JSON.stringify(now)} ${stderr}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const waiting = await lock.query(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'delete from storage.objects%'`,
    )
    expect(waiting.rows[0].n).toBe(1)
    const exited = new Promise((resolve) => worker!.once('exit', resolve))
    worker.kill('SIGKILL')
    await exited
    worker = undefined
    await lock.query('rollback')
    await lock.end()
    // Killed with its batch in flight: that batch's rows are all still there, nothing half-deleted.
    expect(await job()).toMatchObject({ state: 'running', deleted: String(OBJECTS - 1000), total: String(OBJECTS) })
    const left = await p.database.query(`select count(*)::int as n from storage.objects where bucket_id = 'crash'`)
    expect(left.rows[0].n).toBe(1000)

    // Another server comes up on the same data: it takes the job over once its heartbeat has stopped.
    survivor = await buildApp({
      config: p.t.config,
      db: p.t.db,
      projectDatabases: p.t.projectDatabases,
      platformUrl: p.t.platformUrl,
      webDistDir: null,
      objectStore: store,
    })
    const owner = new Agent(survivor)
    owner.cookies = new Map(p.owner.cookies)
    let done: BucketJob | undefined
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const res = await owner.get(`/api/storage/${p.ref}/jobs/${started.id}`)
      if (res.json().state === 'done' || res.json().state === 'failed') {
        done = res.json()
        break
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    expect(done).toMatchObject({ state: 'done', deleted: OBJECTS, total: OBJECTS, error: null })
    const rows = await p.database.query(`select count(*)::int as n from storage.objects where bucket_id = 'crash'`)
    expect(rows.rows[0].n).toBe(0)
    const bucket = await p.database.query(`select id from storage.buckets where id = 'crash'`)
    expect(bucket.rows).toEqual([{ id: 'crash' }])
    const keys: string[] = []
    for await (const { key } of store.list(bytePrefix(p.ref, 'crash'))) keys.push(key)
    expect(keys).toEqual([])
  }, 180_000)
})
