import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import { projectPool } from '../db/connections.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'
import { ApiLogWriter } from './api-log.ts'
import { LogReaders } from './log-reader.ts'
import { collectPostgresLogs } from './postgres-logs.ts'
import { SAMPLE_MARK } from './reports.ts'
import { DEFAULT_LOG_RETENTION_DAYS, maintainLogs } from './retention.ts'

const MAINTENANCE_QUEUE = 'logs-maintenance'
const SAMPLES_QUEUE = 'logs-samples'

export interface Logs {
  writer: ApiLogWriter
  readers: LogReaders
  retentionDays: number
  /** Whether Basalt collects this project's Postgres logs (its own clusters only). */
  collectsPostgresLogs(p: ProjectRow): boolean
  /** One pass of each job now (tests, and the first pass at start). */
  collectNow(): Promise<void>
  sampleNow(): Promise<void>
  close(): Promise<void>
}

/**
 * The logs' moving parts (docs/logs.md): the API log's batched writer; the Postgres log collector, every two
 * seconds on each server for the clusters it runs; and two pg-boss jobs that one replica runs at a time —
 * partitions and pruning every ten minutes, figures sampled every minute for the built-in reports.
 */
export async function startLogs(ctx: PlatformContext, boss: PgBoss | undefined, log: FastifyBaseLogger): Promise<Logs> {
  const retentionDays = ctx.config.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS
  const writer = new ApiLogWriter(ctx.db, 1000, (err) => log.warn({ err }, 'API log write'))
  const readers = new LogReaders(ctx.db, ctx.config.encryptionKey, retentionDays)
  const logDirectory = ctx.projectDatabases.postgresLogDirectory?.bind(ctx.projectDatabases)
  const activeProjects = async () =>
    (await ctx.db.query<ProjectRow>(`select * from basalt.projects where status = 'active'`)).rows

  const collectNow = async () => {
    if (!logDirectory) return
    for (const p of await activeProjects()) {
      if (p.kind !== 'embedded') continue
      await collectPostgresLogs(ctx.db, p.ref, logDirectory(p.ref)).catch((err: unknown) =>
        log.warn({ err, ref: p.ref }, 'Postgres log collection'),
      )
    }
  }
  const sampleNow = async () => {
    for (const p of await activeProjects()) await sampleProject(ctx, p).catch(() => {})
  }
  const maintain = () => maintainLogs(ctx.db, retentionDays)

  await maintain().catch((err: unknown) => log.warn({ err }, 'logs maintenance'))
  const timers: NodeJS.Timeout[] = []
  let collecting = false
  timers.push(
    setInterval(() => {
      if (collecting) return
      collecting = true
      // The platform database can be away (a restart, a stop): the next tick tries again.
      void collectNow()
        .catch((err: unknown) => log.warn({ err }, 'Postgres log collection'))
        .finally(() => (collecting = false))
    }, 2000),
  )
  if (boss) {
    for (const [queue, cron, run] of [
      [MAINTENANCE_QUEUE, '*/10 * * * *', maintain],
      [SAMPLES_QUEUE, '* * * * *', sampleNow],
    ] as const) {
      await boss.createQueue(queue, { policy: 'singleton' }).catch((err: Error) => {
        if (!/already exists/.test(err.message)) throw err
      })
      await boss.schedule(queue, cron)
      await boss.work(queue, { pollingIntervalSeconds: 10 }, async () => {
        await run()
      })
    }
  } else {
    timers.push(setInterval(() => void maintain().catch(() => {}), 10 * 60_000))
    timers.push(setInterval(() => void sampleNow().catch(() => {}), 60_000))
  }
  for (const t of timers) t.unref()

  return {
    writer,
    readers,
    retentionDays,
    collectsPostgresLogs: (p) => Boolean(logDirectory) && p.kind === 'embedded',
    collectNow,
    sampleNow,
    async close() {
      for (const t of timers) clearInterval(t)
      await writer.close()
      await readers.close()
    },
  }
}

/**
 * One minute's figures of a project, read as its read-only role: database size, connections by state
 * (through _basalt.connection_states, which answers for this database only), cache hits, commits, rollbacks
 * and deadlocks (counters: the reports chart their differences), and each bucket's objects and bytes. Its
 * statements end with SAMPLE_MARK, by which the query-performance report tells them from the project's own.
 */
export async function sampleProject(ctx: PlatformContext, project: ProjectRow): Promise<void> {
  const pool = projectPool(ctx, { project, role: 'owner' }, 'primary', 'read_only')
  const client = await pool.connect()
  const figures: Array<[string, string, number]> = []
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select pg_database_size(current_database())::text as database_bytes,
              blks_hit::text, blks_read::text, xact_commit::text, xact_rollback::text, deadlocks::text
         from pg_stat_database where datname = current_database() ${SAMPLE_MARK}`,
    )
    for (const [k, v] of Object.entries(rows[0] ?? {})) figures.push([k, '', Number(v)])
    const states = await client
      .query<{ state: string; connections: string }>(
        `select state, connections::text from _basalt.connection_states() ${SAMPLE_MARK}`,
      )
      .catch(() => ({ rows: [] }))
    for (const s of states.rows) figures.push(['connections', s.state, Number(s.connections)])
    const buckets = await client
      .query<{ bucket: string; objects: string; bytes: string }>(
        `select bucket_id as bucket, count(*)::text as objects,
                coalesce(sum((metadata ->> 'size')::bigint), 0)::text as bytes
           from storage.objects group by 1 ${SAMPLE_MARK}`,
      )
      .catch(() => ({ rows: [] }))
    for (const b of buckets.rows) {
      figures.push(['bucket_objects', b.bucket, Number(b.objects)], ['bucket_bytes', b.bucket, Number(b.bytes)])
    }
  } finally {
    client.release()
  }
  await ctx.db.query(
    `insert into basalt_logs.samples (project_ref, ts, metric, label, value)
     select $1, date_trunc('minute', now()), * from unnest($2::text[], $3::text[], $4::float8[])`,
    [project.ref, figures.map((f) => f[0]), figures.map((f) => f[1]), figures.map((f) => f[2])],
  )
}
