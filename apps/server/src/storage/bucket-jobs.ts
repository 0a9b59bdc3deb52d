import { fail, ok, STORAGE_MESSAGES, type BucketJob, type Result } from '@basalt/contracts'
import type { PgBoss } from 'pg-boss'
import type pg from 'pg'
import { projectPool } from '../db/connections.ts'
import { withRole } from '../db/impersonation.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'
import { byteKey, bytePrefix, type ObjectStore } from './object-store.ts'

/** pg-boss queue of bucket jobs (empty, delete). */
export const BUCKET_QUEUE = 'storage-bucket'
/** Rows deleted per transaction: each batch commits on its own, its bytes removed right after. */
const BATCH = 1000

interface JobRow {
  id: string
  project_ref: string
  bucket_id: string
  kind: 'empty' | 'delete'
  state: BucketJob['state']
  deleted: string
  total: string | null
  error: string | null
  created_at: Date
  updated_at: Date
}

const toJob = (r: JobRow): BucketJob => ({
  id: r.id,
  kind: r.kind,
  bucketId: r.bucket_id,
  state: r.state,
  deleted: Number(r.deleted),
  total: r.total === null ? null : Number(r.total),
  error: r.error,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
})

/**
 * Emptying and deleting a bucket of any size (issue 24 §2): a durable job in the platform database. The job
 * deletes the bucket's rows in batches, each batch one transaction of the project's admin login, and removes
 * each batch's bytes after it commits; progress is kept in basalt.storage_jobs. A server that dies mid-job
 * stops its heartbeat and pg-boss gives the job to a live server, which carries on from the rows that are
 * left: every step is safe to repeat (bytes whose row is gone are removed again, or by the sweep).
 */
export interface BucketJobs {
  /** Starts (or answers the job already waiting or running for) emptying or deleting a bucket. */
  start(ref: string, bucketId: string, kind: 'empty' | 'delete'): Promise<BucketJob>
  get(ref: string, jobId: string): Promise<Result<BucketJob>>
}

export async function bucketJobs(
  ctx: PlatformContext,
  store: ObjectStore,
  boss: PgBoss | undefined,
  log: { warn(o: object, m: string): void },
): Promise<BucketJobs> {
  const run = (jobId: string) => runBucketJob(ctx, store, jobId)
  if (boss) {
    await boss
      .createQueue(BUCKET_QUEUE, { heartbeatSeconds: 10, expireInSeconds: 6 * 3600, retryLimit: 10, retryDelay: 2 })
      .catch((err: Error) => {
        if (!/already exists/.test(err.message)) throw err
      })
    await boss.work<{ jobId: string }>(
      BUCKET_QUEUE,
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 2 },
      async ([job]) => {
        if (job) await run(job.data.jobId)
      },
    )
  }
  return {
    async start(ref, bucketId, kind) {
      const { rows: running } = await ctx.db.query<JobRow>(
        `select * from basalt.storage_jobs
          where project_ref = $1 and bucket_id = $2 and kind = $3 and state in ('queued', 'running')
          order by created_at desc limit 1`,
        [ref, bucketId, kind],
      )
      if (running[0]) return toJob(running[0])
      const { rows } = await ctx.db.query<JobRow>(
        'insert into basalt.storage_jobs (project_ref, bucket_id, kind) values ($1, $2, $3) returning *',
        [ref, bucketId, kind],
      )
      const job = rows[0]!
      if (boss) await boss.send(BUCKET_QUEUE, { jobId: job.id })
      else ctx.background(() => run(job.id).catch((err: unknown) => log.warn({ err }, 'bucket job failed')))
      return toJob(job)
    },
    async get(ref, jobId) {
      if (!/^[0-9a-f-]{36}$/i.test(jobId)) return fail('not_found', 'Job not found')
      const { rows } = await ctx.db.query<JobRow>(
        'select * from basalt.storage_jobs where id = $1 and project_ref = $2',
        [jobId, ref],
      )
      return rows[0] ? ok(toJob(rows[0])) : fail('not_found', 'Job not found')
    },
  }
}

/** Runs one job to its end; a failure is recorded on the job (the member may start it again). */
export async function runBucketJob(ctx: PlatformContext, store: ObjectStore, jobId: string): Promise<void> {
  const update = (set: string, values: unknown[] = []) =>
    ctx.db.query(`update basalt.storage_jobs set ${set}, updated_at = now() where id = $1`, [jobId, ...values])
  const { rows } = await ctx.db.query<JobRow>('select * from basalt.storage_jobs where id = $1', [jobId])
  const job = rows[0]
  if (!job || job.state === 'done' || job.state === 'failed') return
  const { rows: projects } = await ctx.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [
    job.project_ref,
  ])
  const project = projects[0]
  if (!project || project.status !== 'active') {
    await update(`state = 'failed', error = $2`, ['The project is not running'])
    return
  }
  const pool = projectPool(ctx, { project, role: 'owner' }, 'primary', 'admin')
  const tx = <T>(fn: (c: pg.ClientBase) => Promise<T>) => withRole(pool, undefined, async (c) => ok(await fn(c)))
  try {
    await update(`state = 'running', error = null`)
    const exists = await tx(
      async (c) => (await c.query('select 1 from storage.buckets where id = $1', [job.bucket_id])).rows.length > 0,
    )
    if (!exists.ok) throw new Error(exists.error.message)
    if (!exists.data) {
      // Deleted already (by this job before a crash, or by someone else): nothing left to do.
      if (job.kind === 'delete') {
        await removePrefix(store, bytePrefix(job.project_ref, job.bucket_id))
        await update(`state = 'done'`)
      } else await update(`state = 'failed', error = $2`, [STORAGE_MESSAGES.bucketNotFound])
      return
    }
    if (job.total === null) {
      const total = await tx(async (c) =>
        Number(
          (
            await c.query<{ n: string }>('select count(*) as n from storage.objects where bucket_id = $1', [
              job.bucket_id,
            ])
          ).rows[0]!.n,
        ),
      )
      if (total.ok) await update('total = $2 + deleted', [total.data])
    }
    for (;;) {
      const batch = await tx(async (c) => {
        const { rows: ids } = await c.query<{ id: string }>(
          `delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit $2)
           returning id::text`,
          [job.bucket_id, BATCH],
        )
        return ids.map((r) => r.id)
      })
      if (!batch.ok) throw new Error(batch.error.message)
      if (batch.data.length === 0) break
      await store.delete(batch.data.map((id) => byteKey(job.project_ref, job.bucket_id, id)))
      await update('deleted = deleted + $2', [batch.data.length])
    }
    if (job.kind === 'delete') {
      const gone = await tx((c) => c.query('delete from storage.buckets where id = $1', [job.bucket_id]))
      if (!gone.ok) throw new Error(gone.error.message)
      // Bytes of uploads that never got their row (interrupted), under the bucket's prefix.
      await removePrefix(store, bytePrefix(job.project_ref, job.bucket_id))
    }
    await update(`state = 'done'`)
  } catch (err) {
    await update(`state = 'failed', error = $2`, [(err as Error).message])
  }
}

async function removePrefix(store: ObjectStore, prefix: string): Promise<void> {
  let keys: string[] = []
  for await (const { key } of store.list(prefix)) {
    keys.push(key)
    if (keys.length >= BATCH) {
      await store.delete(keys)
      keys = []
    }
  }
  if (keys.length > 0) await store.delete(keys)
}
