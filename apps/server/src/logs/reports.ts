import {
  ok,
  QUERY_STATS_UNAVAILABLE,
  type BuiltInReportData,
  type OverviewActivity,
  type ReportChart,
  type ReportTable,
  type Result,
} from '@basalt/contracts'
import type pg from 'pg'
import { isPgError } from '../db/pg-error.ts'
import { PLATFORM_SCHEMAS } from '../db/project-roles.ts'
import type { ProjectRow } from '../db/project-types.ts'

export type ReportPeriod = '1d' | '7d' | '30d'

const PERIODS: Record<ReportPeriod, { days: number; bucket: string }> = {
  '1d': { days: 1, bucket: '1 hour' },
  '7d': { days: 7, bucket: '6 hours' },
  '30d': { days: 30, bucket: '1 day' },
}

/**
 * Where the buckets of a chart start: whole UTC hours, six-hour blocks and days, as their labels read. Binned
 * from the period's start instead, the bar of a sample taken at 17:40 read 16:43.
 */
const BUCKET_ORIGIN = `'2000-01-01 00:00:00+00'::timestamptz`

const since = (period: ReportPeriod) => new Date(Date.now() - PERIODS[period].days * 86_400_000)
const label = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ')

/**
 * reports/api-overview, from the API log: requests, errors and p50 / p95 latency per bucket of the period;
 * the top paths and the statuses.
 */
export async function apiOverviewReport(db: pg.Pool, ref: string, period: ReportPeriod): Promise<BuiltInReportData> {
  const { bucket } = PERIODS[period]
  const start = since(period)
  const { rows } = await db.query<{ at: Date; requests: string; errors: string; p50: number; p95: number }>(
    `select date_bin($3::interval, ts, ${BUCKET_ORIGIN}) as at, count(*)::text as requests,
            count(*) filter (where status >= 400)::text as errors,
            percentile_cont(0.5) within group (order by duration_ms) as p50,
            percentile_cont(0.95) within group (order by duration_ms) as p95
       from basalt_logs.api_log where project_ref = $1 and ts >= $2 group by 1 order by 1`,
    [ref, start, bucket],
  )
  const series = (pick: (r: (typeof rows)[number]) => number) => rows.map((r) => ({ x: label(r.at), y: pick(r) }))
  const paths = await db.query<{ method: string; path: string; requests: string; errors: string; p95: number }>(
    `select method, path, count(*)::text as requests, count(*) filter (where status >= 400)::text as errors,
            round(percentile_cont(0.95) within group (order by duration_ms)::numeric, 1)::float8 as p95
       from basalt_logs.api_log where project_ref = $1 and ts >= $2
      group by 1, 2 order by count(*) desc limit 20`,
    [ref, start],
  )
  const statuses = await db.query<{ status: number; requests: string }>(
    `select status, count(*)::text as requests from basalt_logs.api_log
      where project_ref = $1 and ts >= $2 group by 1 order by 2 desc`,
    [ref, start],
  )
  return {
    charts: [
      { id: 'requests', title: 'Requests', unit: 'count', points: series((r) => Number(r.requests)) },
      { id: 'errors', title: 'Errors (4xx and 5xx)', unit: 'count', points: series((r) => Number(r.errors)) },
      { id: 'p50', title: 'Median response time (p50)', unit: 'ms', points: series((r) => round(r.p50)) },
      { id: 'p95', title: 'Response time, 95th percentile (p95)', unit: 'ms', points: series((r) => round(r.p95)) },
    ],
    tables: [
      {
        id: 'paths',
        title: 'Top paths',
        columns: ['Method', 'Path', 'Requests', 'Errors', 'p95 (ms)'],
        rows: paths.rows.map((r) => [r.method, r.path, Number(r.requests), Number(r.errors), r.p95]),
      },
      {
        id: 'statuses',
        title: 'Statuses',
        columns: ['Status', 'Requests'],
        rows: statuses.rows.map((r) => [r.status, Number(r.requests)]),
      },
    ],
    unavailable: null,
  }
}

const round = (n: number) => Math.round(n * 10) / 10

/** A sampled metric per bucket: its last value (gauges) or its growth (counters). */
async function sampledSeries(
  db: pg.Pool,
  ref: string,
  period: ReportPeriod,
  metric: string,
  kind: 'gauge' | 'counter',
  labelValue?: string,
): Promise<Array<{ x: string; y: number; label: string }>> {
  const { bucket } = PERIODS[period]
  const { rows } = await db.query<{ at: Date; label: string; y: number }>(
    `select date_bin($4::interval, ts, ${BUCKET_ORIGIN}) as at, label,
            ${kind === 'gauge' ? '(array_agg(value order by ts desc))[1]' : 'max(value) - min(value)'} as y
       from basalt_logs.samples
      where project_ref = $1 and metric = $2 and ts >= $3 and ($5::text is null or label = $5)
      group by 1, 2 order by 1, 2`,
    [ref, metric, since(period), bucket, labelValue ?? null],
  )
  return rows.map((r) => ({ x: label(r.at), y: Number(r.y), label: r.label }))
}

/**
 * reports/database: size over time, connections by state against the limit, cache hit rate, transactions
 * and deadlocks (from the minute samples), and the largest tables and indexes read now as the member's role.
 */
export async function databaseReport(
  db: pg.Pool,
  ref: string,
  period: ReportPeriod,
  project: pg.ClientBase,
): Promise<BuiltInReportData> {
  const size = await sampledSeries(db, ref, period, 'database_bytes', 'gauge')
  const hits = await sampledSeries(db, ref, period, 'blks_hit', 'counter')
  const reads = await sampledSeries(db, ref, period, 'blks_read', 'counter')
  const commits = await sampledSeries(db, ref, period, 'xact_commit', 'counter')
  const rollbacks = await sampledSeries(db, ref, period, 'xact_rollback', 'counter')
  const deadlocks = await sampledSeries(db, ref, period, 'deadlocks', 'counter')
  const readsAt = new Map(reads.map((r) => [r.x, r.y]))
  const { rows: live } = await project.query<{ max: number }>(`select current_setting('max_connections')::int as max`)
  const states = await db.query<{ label: string; value: number }>(
    `select label, value from basalt_logs.samples
      where project_ref = $1 and metric = 'connections'
        and ts = (select max(ts) from basalt_logs.samples where project_ref = $1 and metric = 'connections')
      order by 1`,
    [ref],
  )
  const connections = await db.query<{ at: Date; y: number }>(
    `select date_bin($3::interval, ts, ${BUCKET_ORIGIN}) as at, max(total) as y
       from (select ts, sum(value) as total from basalt_logs.samples
              where project_ref = $1 and metric = 'connections' and ts >= $2 group by ts) t
      group by 1 order by 1`,
    [ref, since(period), PERIODS[period].bucket],
  )
  const largest = await project.query<{ kind: string; name: string; bytes: string }>(
    `select case c.relkind when 'i' then 'index' else 'table' end as kind,
            format('%I.%I', n.nspname, c.relname) as name, pg_total_relation_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'm', 'i') and n.nspname <> all($1::text[]) and n.nspname !~ '^pg_'
      order by pg_total_relation_size(c.oid) desc limit 20`,
    [PLATFORM_SCHEMAS],
  )
  return {
    charts: [
      { id: 'size', title: 'Database size', unit: 'bytes', points: size.map(({ x, y }) => ({ x, y })) },
      {
        id: 'connections',
        title: 'Connections',
        unit: 'count',
        points: connections.rows.map((r) => ({ x: label(r.at), y: Number(r.y) })),
        limit: live[0]!.max,
      },
      {
        id: 'cache-hit',
        title: 'Cache hit rate',
        unit: 'percent',
        points: hits.map(({ x, y }) => {
          const total = y + (readsAt.get(x) ?? 0)
          return { x, y: total > 0 ? round((100 * y) / total) : 100 }
        }),
      },
      { id: 'commits', title: 'Transactions committed', unit: 'count', points: commits.map(({ x, y }) => ({ x, y })) },
      {
        id: 'rollbacks',
        title: 'Transactions rolled back',
        unit: 'count',
        points: rollbacks.map(({ x, y }) => ({ x, y })),
      },
      { id: 'deadlocks', title: 'Deadlocks', unit: 'count', points: deadlocks.map(({ x, y }) => ({ x, y })) },
    ],
    tables: [
      {
        id: 'connection-states',
        title: `Connections by state now (limit ${live[0]!.max})`,
        columns: ['State', 'Connections'],
        rows: states.rows.map((r) => [r.label, Number(r.value)]),
      },
      {
        id: 'largest',
        title: 'Largest tables and indexes',
        columns: ['Kind', 'Name', 'Size (bytes)'],
        rows: largest.rows.map((r) => [r.kind, r.name, Number(r.bytes)]),
      },
    ],
    unavailable: null,
  }
}

/** reports/storage: each bucket's objects and bytes over time (minute samples). */
export async function storageReport(db: pg.Pool, ref: string, period: ReportPeriod): Promise<BuiltInReportData> {
  const charts: ReportChart[] = []
  for (const [metric, title, unit] of [
    ['bucket_objects', 'Objects', 'count'],
    ['bucket_bytes', 'Bytes', 'bytes'],
  ] as const) {
    const series = await sampledSeries(db, ref, period, metric, 'gauge')
    for (const bucket of [...new Set(series.map((s) => s.label))]) {
      charts.push({
        id: `${metric}-${bucket}`,
        title: `${title} in ${bucket}`,
        unit,
        points: series.filter((s) => s.label === bucket).map(({ x, y }) => ({ x, y })),
      })
    }
  }
  return { charts, tables: [], unavailable: null }
}

interface StatementRow {
  query: string
  calls: string
  total_exec_time: number
  mean_exec_time: number
  max_exec_time: number
  rows: string
  role_name: string | null
}

/** Whether every superuser of the project's database is Basalt's own: a database Basalt made (see below). */
export const statsOptionsOf = (project: Pick<ProjectRow, 'kind'>) => ({ basaltSuperuser: project.kind !== 'external' })

/**
 * The last words of the minute sample's statements (logs-service.ts), by which the query-performance report
 * leaves them out: pg_stat_statements keeps a comment that ends a statement (one before it is not kept).
 */
export const SAMPLE_MARK = '/* basalt: minute sample */'

/**
 * reports/query-performance, from pg_stat_statements through _basalt.statement_stats() (this database only):
 * the slowest statements by mean and by total time, the most frequent, and those returning the most rows.
 * Where the extension is absent or not loaded, the report says how to enable it.
 *
 * Basalt's own upkeep is left out, since a user reads the report (and the overview's slowest query) for their
 * own statements: the minute sample's reads and, with `basaltSuperuser` (a database Basalt runs, where no member
 * holds a superuser), every statement of a superuser — its bootstrap, base backups and archive checks. On an
 * attached database a superuser may be the user's own application, so its statements stay.
 */
export async function queryPerformanceReport(
  project: pg.ClientBase,
  { basaltSuperuser }: { basaltSuperuser: boolean },
): Promise<Result<BuiltInReportData>> {
  // One read of every statement of this database (pg_stat_statements keeps at most 5,000), sorted here: a
  // failed read (the extension absent or not loaded) must not leave a transaction aborted for a second one.
  let all: StatementRow[]
  try {
    all = (
      await project.query<StatementRow>(
        `select s.query, s.calls::text, s.total_exec_time, s.mean_exec_time, s.max_exec_time, s.rows::text, s.role_name
           from _basalt.statement_stats() s
          where s.query not like '%_basalt.statement_stats()%' and right(s.query, length($1)) <> $1
            and not ($2 and coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = s.role_name), false))`,
        [SAMPLE_MARK, basaltSuperuser],
      )
    ).rows
  } catch (err) {
    if (isPgError(err)) return ok({ charts: [], tables: [], unavailable: QUERY_STATS_UNAVAILABLE })
    throw err
  }
  const top = (by: (r: StatementRow) => number) => [...all].sort((a, b) => by(b) - by(a)).slice(0, 20)
  const table = (id: string, title: string, rows: StatementRow[]): ReportTable => ({
    id,
    title,
    columns: ['Query', 'Calls', 'Mean (ms)', 'Total (ms)', 'Max (ms)', 'Rows', 'Role'],
    rows: rows.map((r) => [
      r.query,
      Number(r.calls),
      round(r.mean_exec_time),
      round(r.total_exec_time),
      round(r.max_exec_time),
      Number(r.rows),
      r.role_name ?? '',
    ]),
    sqlColumn: 0,
  })
  const byMean = top((r) => r.mean_exec_time)
  const byTotal = top((r) => r.total_exec_time)
  const byCalls = top((r) => Number(r.calls))
  const byRows = top((r) => Number(r.rows))
  return ok({
    charts: [],
    tables: [
      table('slowest-mean', 'Slowest by mean time', byMean),
      table('slowest-total', 'Slowest by total time', byTotal),
      table('most-frequent', 'Most frequent', byCalls),
      table('most-rows', 'Most rows', byRows),
    ],
    unavailable: null,
  })
}

/** Resets this database's statement statistics (the admin role; _basalt.reset_statement_stats). */
export async function resetQueryStats(project: pg.ClientBase): Promise<Result<null>> {
  try {
    await project.query('select _basalt.reset_statement_stats()')
    return ok(null)
  } catch (err) {
    if (isPgError(err)) return { ok: false, error: { code: 'bad_request', message: QUERY_STATS_UNAVAILABLE } }
    throw err
  }
}

/** The overview's activity: requests and errors of the last 24 hours, the slowest query, recent schema changes. */
export async function overviewActivity(
  db: pg.Pool,
  ref: string,
  project: pg.ClientBase,
  stats: { basaltSuperuser: boolean },
): Promise<OverviewActivity> {
  const { rows } = await db.query<{ requests: string; errors: string }>(
    `select count(*)::text as requests, count(*) filter (where status >= 400)::text as errors
       from basalt_logs.api_log where project_ref = $1 and ts >= now() - interval '24 hours'`,
    [ref],
  )
  const slowest = (await queryPerformanceReport(project, stats)) as Result<BuiltInReportData>
  const first = slowest.ok ? slowest.data.tables[0]?.rows[0] : undefined
  const changes = await db.query<{
    action: string
    target: string | null
    created_at: Date
    actor_email: string | null
  }>(
    `select action, target, created_at, actor_email from basalt.audit_log
      where details ->> 'project' = $1 and action like 'database.%' order by id desc limit 5`,
    [ref],
  )
  return {
    requests: Number(rows[0]!.requests),
    errors: Number(rows[0]!.errors),
    queryStatsAvailable: slowest.ok && slowest.data.unavailable === null,
    slowestQuery: first ? { query: String(first[0]), meanMs: Number(first[2]), calls: Number(first[1]) } : null,
    recentChanges: changes.rows.map((c) => ({
      action: c.action,
      target: c.target,
      at: c.created_at.toISOString(),
      member: c.actor_email,
    })),
  }
}
