import { z } from 'zod'
import { apiErrorSchema } from './errors.ts'
import { impersonationSchema } from './pg-meta.ts'
import { pgUuidSchema } from './uuid.ts'

/*
 * The SQL editor's calls (spec 2 §7, issue 12): run, cancel, analyze and format SQL under
 * `/api/platform/pg-meta/:ref/query`, the run history, the project's statement timeout, and the content
 * API that stores snippets (`/api/platform/projects/:ref/content`). docs/sql-editor.md describes them.
 */

// ---------- texts (spec 2 §8) ----------

/** A result set without rows to show (DDL, an insert without RETURNING…). */
export const SQL_NO_ROWS_MESSAGE = 'Success. No rows returned'
/** A run stopped by the statement timeout. */
export const SQL_TIMEOUT_MESSAGE = 'SQL query ran into an upstream timeout'
/** A call waited for a connection of the project's pool while every one ran someone's query (503 database_busy). */
export const PROJECT_DATABASE_BUSY_MESSAGE =
  'Every connection to the project database is busy running other queries. Try again in a moment, or stop a long-running query in the SQL editor.'
/** Read-only members' SQL runs on the project's read-only login, which can switch to no role. */
export const SQL_READ_ONLY_IMPERSONATION_MESSAGE =
  'You need additional permissions to run SQL as another role: Read-only members run SQL as the project’s read-only login'
/**
 * Read-only members' SQL runs in one read-only transaction that Basalt opens and ends: they may not end it
 * (nor open another), so nothing they run can switch it to read-write.
 */
export const SQL_READ_ONLY_TRANSACTION_CONTROL_MESSAGE =
  'Read-only members’ SQL runs in one read-only transaction: BEGIN, COMMIT, ROLLBACK and other transaction control are not available to them'
/** COPY with the data on the client's side needs a client that sends or receives it. */
export const SQL_COPY_STDIO_MESSAGE =
  'COPY … FROM STDIN and COPY … TO STDOUT are not supported in the SQL editor: use the table editor’s import and export, or psql'
export const SQL_RUN_NOT_FOUND_MESSAGE = 'No running query with this id'
export const SQL_RUN_ID_TAKEN_MESSAGE = 'A query with this run id was already run'

// ---------- limits ----------

/** Rows a result set shows at most: the rest is not read ('Showing the first 100,000 rows'). */
export const SQL_MAX_ROWS = 100_000
/** JSON bytes of rows one run answers at most, over all its result sets. */
export const SQL_MAX_BYTES = 32 * 1024 * 1024
/** The longest text a run takes (the request body is limited to 1 MiB). */
export const SQL_MAX_LENGTH = 1_000_000

// ---------- statements ----------

export const DESTRUCTIVE_OPERATIONS = ['drop', 'truncate', 'delete', 'update', 'alter_drop', 'revoke'] as const
export const destructiveOperationSchema = z.object({
  operation: z.enum(DESTRUCTIVE_OPERATIONS),
  /** What the statement destroys, as SQL says it: `drop table public.todos`, `delete from t without a where clause`. */
  description: z.string(),
})
export type DestructiveOperation = z.infer<typeof destructiveOperationSchema>

/** Where a statement is in the text that was sent: UTF-16 offsets (as JavaScript and Monaco count) and line. */
export const statementPlaceSchema = z.object({
  /** 0-based, in the order of the text. */
  index: z.number().int(),
  /** The statement as written, without its semicolon. */
  sql: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** 1-based line of `start`. */
  line: z.number().int(),
})
export type StatementPlace = z.infer<typeof statementPlaceSchema>

export const analyzedStatementSchema = statementPlaceSchema.extend({
  /** The parse tree's statement node, e.g. `SelectStmt`, `DropStmt`. */
  kind: z.string(),
  /** Empty unless the statement drops, truncates, deletes or updates without WHERE, alters … drop, or revokes. */
  destructive: z.array(destructiveOperationSchema),
})
export type AnalyzedStatement = z.infer<typeof analyzedStatementSchema>

const query = z.string().max(SQL_MAX_LENGTH, `A query can be at most ${SQL_MAX_LENGTH} characters`)

/** POST /api/platform/pg-meta/:ref/query/analyze — the statements of a text, before running it. */
export const sqlAnalyzeBodySchema = z.object({ query })
export const sqlAnalysisSchema = z.object({
  statements: z.array(analyzedStatementSchema),
  /** The statements with destructive operations: the 'Destructive operation' dialog names these. */
  destructive: z.array(analyzedStatementSchema),
})
export type SqlAnalysis = z.infer<typeof sqlAnalysisSchema>

/** POST /api/platform/pg-meta/:ref/query/format — answers the formatted text (text/plain). */
export const sqlFormatBodySchema = z.object({ query })

// ---------- run ----------

/** POST /api/platform/pg-meta/:ref/query */
export const sqlRunBodySchema = z.object({
  query,
  /** Run as this role (spec 2 §4); Read-only members may not. */
  impersonation: impersonationSchema.optional(),
  /** Chosen by the caller so that it can cancel the run before its answer arrives; one is made up otherwise. */
  runId: pgUuidSchema.optional(),
})
export type SqlRunBody = z.input<typeof sqlRunBodySchema>

export const sqlColumnSchema = z.object({
  name: z.string(),
  /** pg_type.typname: `int4`, `text`, `timestamptz`, `_int4` (an array), a user type's name. */
  type: z.string(),
  typeId: z.number().int(),
})
export type SqlColumn = z.infer<typeof sqlColumnSchema>

export const sqlCapSchema = z.object({
  /** Which limit stopped the reading: SQL_MAX_ROWS rows of this result, or SQL_MAX_BYTES of the whole run. */
  reason: z.enum(['rows', 'bytes']),
  limit: z.number().int(),
})

export const sqlResultSchema = z.object({
  statement: statementPlaceSchema,
  /** Empty for a statement that returns no rows at all ('Success. No rows returned'). */
  columns: z.array(sqlColumnSchema),
  /** Each row is an array of values in the order of `columns` (names may repeat). */
  rows: z.array(z.array(z.unknown())),
  /** Postgres' command tag: `SELECT`, `INSERT`, `CREATE`, `BEGIN`… */
  command: z.string().nullable(),
  /** Rows returned (as shown, when capped) or affected; null when the command counts none. */
  rowCount: z.number().int().nullable(),
  /** Set when not every row was read: the result shows the first `rows.length`. */
  capped: sqlCapSchema.nullable(),
  durationMs: z.number(),
})
export type SqlResult = z.infer<typeof sqlResultSchema>

export const sqlNoticeSchema = z.object({
  /** The statement that raised it; null for one raised while committing. */
  statementIndex: z.number().int().nullable(),
  severity: z.string(),
  code: z.string().optional(),
  message: z.string(),
  detail: z.string().optional(),
  hint: z.string().optional(),
})
export type SqlNotice = z.infer<typeof sqlNoticeSchema>

export const sqlRunErrorSchema = apiErrorSchema.extend({
  /** The statement that failed; null when the commit at the end failed (a deferred constraint). */
  statementIndex: z.number().int().nullable(),
  /** 1-based line in the text that was sent, for highlighting. */
  line: z.number().int().optional(),
})
export type SqlRunError = z.infer<typeof sqlRunErrorSchema>

export const SQL_RUN_STATUSES = ['running', 'success', 'error', 'cancelled', 'timeout'] as const
export const sqlRunStatusSchema = z.enum(SQL_RUN_STATUSES)
export type SqlRunStatus = z.infer<typeof sqlRunStatusSchema>

/**
 * The answer of a run that reached the database (HTTP 200, streamed as it is read): every statement that
 * ran, in order, then how the run ended. `error.position` is a 1-based UTF-16 offset into the text sent.
 */
export const sqlRunResultSchema = z.object({
  runId: z.string(),
  results: z.array(sqlResultSchema),
  notices: z.array(sqlNoticeSchema),
  status: sqlRunStatusSchema.exclude(['running']),
  error: sqlRunErrorSchema.nullable(),
  /** Whether changes made since the last commit were rolled back (an error, cancel, timeout, or an open BEGIN). */
  rolledBack: z.boolean(),
  statementCount: z.number().int(),
  durationMs: z.number(),
})
export type SqlRunResult = z.infer<typeof sqlRunResultSchema>

/** POST /api/platform/pg-meta/:ref/query/cancel — the caller's own run. */
export const sqlCancelBodySchema = z.object({ runId: pgUuidSchema })
export const sqlCancelResultSchema = z.object({ cancelled: z.boolean() })

// ---------- history ----------

/** GET /api/platform/pg-meta/:ref/query/history?search=&before=&limit= — the caller's runs, newest first. */
export const sqlHistoryQuerySchema = z.object({
  /** Case-insensitive, in the SQL text. */
  search: z.string().trim().max(1000).optional(),
  /** A run id of the previous page's last entry. */
  before: pgUuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export const sqlHistoryEntrySchema = z.object({
  id: z.string(),
  query: z.string(),
  /** `admin`, `read_only` (the login), or the impersonated `anon`, `authenticated` or `service_role`. */
  role: z.string(),
  /** The auth user an `authenticated` run impersonated. */
  userId: z.string().nullable(),
  status: sqlRunStatusSchema,
  startedAt: z.string(),
  durationMs: z.number().nullable(),
  /** Rows returned over all result sets. */
  rows: z.number().int().nullable(),
  statementCount: z.number().int().nullable(),
  error: z.string().nullable(),
})
export type SqlHistoryEntry = z.infer<typeof sqlHistoryEntrySchema>
export const sqlHistorySchema = z.object({
  runs: z.array(sqlHistoryEntrySchema),
  /** Older runs remain (a page ends at `limit` runs, or before its SQL text and errors pass 2 MB). */
  more: z.boolean(),
})

// ---------- project database settings ----------

export const STATEMENT_TIMEOUT_MIN_MS = 1_000
export const STATEMENT_TIMEOUT_MAX_MS = 86_400_000

/** GET and PATCH /api/projects/:ref/database/settings */
export const databaseSettingsSchema = z.object({
  /** statement_timeout of every dashboard call on the project's database, the SQL editor's included. */
  statementTimeoutMs: z
    .number()
    .int()
    .min(STATEMENT_TIMEOUT_MIN_MS, 'The statement timeout must be at least 1 second')
    .max(STATEMENT_TIMEOUT_MAX_MS, 'The statement timeout must be at most 24 hours'),
})
export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>

// ---------- result chart ----------

/**
 * A result's chart (spec 2 §2, §9): a bar per row, `xKey` and `yKey` naming columns of the result (the first
 * column of that name where names repeat); `cumulative` adds each bar's value to those before it. The SQL
 * editor keeps one per result set; a report's result chart stores the same shape.
 *
 * @example
 *   { type: 'bar', cumulative: false, xKey: 'day', yKey: 'signups' }
 */
export const chartConfigSchema = z.object({
  type: z.literal('bar'),
  cumulative: z.boolean(),
  xKey: z.string(),
  yKey: z.string(),
})
export type ChartConfig = z.infer<typeof chartConfigSchema>
