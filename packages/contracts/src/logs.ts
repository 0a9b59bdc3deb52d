import { z } from 'zod'
import { sqlColumnSchema } from './sql-editor.ts'

/** The log sources a member's log SQL reads, each a view of the project's logs only (docs/logs.md). */
export const LOG_SOURCES = ['edge_logs', 'postgres_logs', 'storage_logs', 'auth_logs'] as const
export type LogSource = (typeof LOG_SOURCES)[number]

/** Each source's columns, for the explorer's completion, filters and detail panel. */
export const LOG_SOURCE_COLUMNS: Record<LogSource, ReadonlyArray<{ name: string; type: string }>> = {
  edge_logs: [
    { name: 'id', type: 'uuid' },
    { name: 'timestamp', type: 'timestamptz' },
    { name: 'method', type: 'text' },
    { name: 'path', type: 'text' },
    { name: 'status', type: 'int2' },
    { name: 'duration_ms', type: 'float4' },
    { name: 'member', type: 'text' },
    { name: 'bytes', type: 'int8' },
    { name: 'user_agent', type: 'text' },
  ],
  storage_logs: [
    { name: 'id', type: 'uuid' },
    { name: 'timestamp', type: 'timestamptz' },
    { name: 'method', type: 'text' },
    { name: 'path', type: 'text' },
    { name: 'status', type: 'int2' },
    { name: 'duration_ms', type: 'float4' },
    { name: 'member', type: 'text' },
    { name: 'bytes', type: 'int8' },
    { name: 'user_agent', type: 'text' },
  ],
  postgres_logs: [
    { name: 'id', type: 'uuid' },
    { name: 'timestamp', type: 'timestamptz' },
    { name: 'severity', type: 'text' },
    { name: 'sqlstate', type: 'text' },
    { name: 'message', type: 'text' },
    { name: 'detail', type: 'text' },
    { name: 'hint', type: 'text' },
    { name: 'statement', type: 'text' },
    { name: 'user_name', type: 'text' },
    { name: 'database_name', type: 'text' },
    { name: 'application_name', type: 'text' },
    { name: 'backend_type', type: 'text' },
  ],
  auth_logs: [
    { name: 'id', type: 'text' },
    { name: 'timestamp', type: 'timestamptz' },
    { name: 'action', type: 'text' },
    { name: 'member', type: 'text' },
    { name: 'target', type: 'text' },
    { name: 'details', type: 'jsonb' },
  ],
}

/** The routes of the per-source pages (spec 2 §2) and the source each one shows. */
export const LOG_SOURCE_PAGES: Record<string, LogSource> = {
  'edge-logs': 'edge_logs',
  'postgres-logs': 'postgres_logs',
  'storage-logs': 'storage_logs',
  'auth-logs': 'auth_logs',
}

/** Rows one log query answers at most; more are cut and the answer says so. */
export const LOG_QUERY_MAX_ROWS = 1000
/** How long one log query may run. */
export const LOG_QUERY_TIMEOUT_MS = 10_000
/** The widest time range a log query reads. */
export const LOG_QUERY_MAX_RANGE_DAYS = 31
export const LOG_SQL_MAX_LENGTH = 20_000

export const LOG_QUERY_MESSAGES = {
  empty: 'Write a query over the log sources',
  oneSelect:
    'A log query is one SELECT statement over the log sources (edge_logs, postgres_logs, storage_logs, auth_logs)',
  settings: 'A log query cannot change settings (set_config): its time, row and memory bounds are Basalt’s',
  range: 'The end of the time range must come after its start',
  tooWide: `A log query reads at most ${LOG_QUERY_MAX_RANGE_DAYS} days: choose a shorter time range`,
  timeout: `The log query ran longer than ${LOG_QUERY_TIMEOUT_MS / 1000} seconds and was stopped: narrow the time range or add conditions`,
  attached:
    "This project's database is not one of Basalt's own clusters: Basalt cannot read its Postgres logs. Read them where the server keeps them (its log_directory, or your provider's console).",
} as const

export const logQueryBodySchema = z.object({
  sql: z.string().max(LOG_SQL_MAX_LENGTH, `A log query can be at most ${LOG_SQL_MAX_LENGTH} characters`),
  /** The time range the sources show (ISO 8601). */
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** Kept in the member's recent queries (not for the live tail's repeats). */
  remember: z.boolean().default(true),
})
export type LogQueryBody = z.input<typeof logQueryBodySchema>

export const logQueryResultSchema = z.object({
  columns: z.array(sqlColumnSchema),
  rows: z.array(z.array(z.unknown())),
  /** More rows than LOG_QUERY_MAX_ROWS: the rest were not read. */
  truncated: z.boolean(),
})
export type LogQueryResult = z.infer<typeof logQueryResultSchema>

export const logRecentQuerySchema = z.object({ id: z.string(), sql: z.string(), ranAt: z.string() })
export type LogRecentQuery = z.infer<typeof logRecentQuerySchema>

/** What the explorer needs to know of the project's logs: whether its Postgres logs are collected. */
export const logSettingsSchema = z.object({
  postgresLogs: z.boolean(),
  retentionDays: z.number().int(),
})
export type LogSettings = z.infer<typeof logSettingsSchema>

// ---------- built-in reports (reports/database, query-performance, api-overview, storage) ----------

export const BUILT_IN_REPORTS = ['database', 'query-performance', 'api-overview', 'storage'] as const
export type BuiltInReport = (typeof BUILT_IN_REPORTS)[number]

/** One chart of a built-in report: a series of points, or several series by label. */
export const reportChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  unit: z.enum(['count', 'bytes', 'ms', 'percent']),
  points: z.array(z.object({ x: z.string(), y: z.number() })),
  /** A horizontal line the chart compares with (connections: max_connections). */
  limit: z.number().optional(),
})
export type ReportChart = z.infer<typeof reportChartSchema>

export const reportTableSchema = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Rows whose first cell is SQL the member may open in the SQL editor. */
  sqlColumn: z.number().int().optional(),
})
export type ReportTable = z.infer<typeof reportTableSchema>

export const builtInReportSchema = z.object({
  charts: z.array(reportChartSchema),
  tables: z.array(reportTableSchema),
  /** A report whose source is absent (pg_stat_statements): what it is and how to enable it. */
  unavailable: z.string().nullable(),
})
export type BuiltInReportData = z.infer<typeof builtInReportSchema>

export const builtInReportQuerySchema = z.object({ period: z.enum(['1d', '7d', '30d']).default('1d') })

export const QUERY_STATS_UNAVAILABLE =
  "Query performance reads pg_stat_statements, which this database does not load. Add pg_stat_statements to the server's shared_preload_libraries, restart it, then run: create extension pg_stat_statements with schema extensions; (Basalt's own clusters do this for you.)"

/** The project overview's figures of the last 24 hours, from the API log and pg_stat_statements. */
export const overviewActivitySchema = z.object({
  requests: z.number().int(),
  errors: z.number().int(),
  slowestQuery: z.object({ query: z.string(), meanMs: z.number(), calls: z.number() }).nullable(),
  queryStatsAvailable: z.boolean(),
  recentChanges: z.array(
    z.object({ action: z.string(), target: z.string().nullable(), at: z.string(), member: z.string().nullable() }),
  ),
})
export type OverviewActivity = z.infer<typeof overviewActivitySchema>
