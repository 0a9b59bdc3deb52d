import { createHmac } from 'node:crypto'
import {
  fail,
  LOG_QUERY_MAX_RANGE_DAYS,
  LOG_QUERY_MAX_ROWS,
  LOG_QUERY_MESSAGES,
  LOG_QUERY_TIMEOUT_MS,
  ok,
  type LogQueryResult,
  type Result,
} from '@basalt/contracts'
import { parse } from 'libpg-query'
import pg from 'pg'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { columnDescriber, RESULT_TYPES } from '../sql-editor/run.ts'
import { splitStatements } from '../sql-editor/statements.ts'

/**
 * Settings for a query that reads its whole range (no LIMIT of its own: an aggregate, a histogram), set for
 * that query only: a week of a million lines sorted by path is ≈ 80 MB, sorted in memory (at most 4
 * connections × 128 MB per reader). Such a query may also run in parallel (the functions of the policies'
 * bounds are PARALLEL RESTRICTED, migration 0033, and the query runs to its end), but the planner takes the
 * policies' run-time range for 0.5 % of its rows and never finds it worth it; with the parallel costs scaled
 * down by that factor (max_parallel_workers_per_gather 2, parallel_setup_cost 10, parallel_tuple_cost 0.001,
 * min_parallel_table_scan_size and min_parallel_index_scan_size 0) p50 per path and the histogram took
 * workers and were slower than serial in two back-to-back bench pairs on the loaded 2-core machine
 * (docs/performance.md), so they are not set. A query with a LIMIT must not be given cheap parallel plans in
 * any case: under row level security the planner does not use the column statistics of a non-leakproof
 * operator (`ilike`) and guesses that a search matches too few lines to stop early, so its newest-first walk
 * would become a parallel full read.
 */
export const WHOLE_RANGE_SETTINGS: ReadonlyArray<readonly [string, string]> = [['work_mem', '128MB']]

/**
 * Planner settings for a query with a LIMIT of its own (newest 100, slowest 50, a search newest first), set
 * for that query only: it should walk an index in its order and stop after N rows. The planner guesses a
 * search's matches without the column's statistics (see above), and when it guesses fewer than the LIMIT it
 * compares a walk of the whole range with a bitmap read and a sort, on costs that move with each ANALYZE's
 * sample: the same search with matches was a 6 ms walk in one run and a 1–3 s full read in the next.
 * Without bitmap and sequential scans the other plan is the same index scans and a sort, never cheaper than
 * the walk.
 */
export const LIMITED_SETTINGS: ReadonlyArray<readonly [string, string]> = [
  ['enable_bitmapscan', 'off'],
  ['enable_seqscan', 'off'],
]

/** Whether one SELECT has no LIMIT of its own at its top (so it reads its whole range). */
export async function readsWholeRange(sql: string): Promise<boolean> {
  const stmt = (await parse(sql)).stmts?.[0]?.stmt as { SelectStmt?: { limitCount?: unknown } } | undefined
  return stmt?.SelectStmt !== undefined && stmt.SelectStmt.limitCount === undefined
}

/** Whether the statement's parse tree calls set_config anywhere (a JSON tree from libpg-query). */
function callsSetConfig(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsSetConfig)
  if (typeof node !== 'object' || node === null) return false
  const call = (node as { FuncCall?: { funcname?: Array<{ String?: { sval?: string } }> } }).FuncCall
  if (call?.funcname?.at(-1)?.String?.sval?.toLowerCase() === 'set_config') return true
  return Object.values(node).some(callsSetConfig)
}

/**
 * Whether a log SELECT changes a setting. The reader's bounds are settings a role may change for itself —
 * statement_timeout, and work_mem, which lets one sort take gigabytes of the platform database's memory in the
 * seconds it may run — so a log query may not call set_config at all (SET is not a SELECT).
 */
export async function changesSettings(sql: string): Promise<boolean> {
  return callsSetConfig(await parse(sql))
}

/** The planner settings of one SELECT (see WHOLE_RANGE_SETTINGS and LIMITED_SETTINGS). */
export async function plannerSettingsOf(sql: string): Promise<ReadonlyArray<readonly [string, string]>> {
  return (await readsWholeRange(sql)) ? WHOLE_RANGE_SETTINGS : LIMITED_SETTINGS
}

/** Writes what a reader's backend may read (its project and range); Basalt's own session writes it. */
const READER_SESSION_UPSERT = `insert into basalt_logs.reader_sessions (pid, role_name, project_ref, from_ts, to_ts)
  values ($1, $2, $3, $4, $5)
  on conflict (pid) do update set role_name = excluded.role_name, project_ref = excluded.project_ref,
    from_ts = excluded.from_ts, to_ts = excluded.to_ts, updated_at = now()`

/**
 * The member's SELECT, run to its end under a LIMIT of Basalt's: Postgres starts parallel workers only for a
 * portal run to completion, never for one read through a cursor a batch at a time. The LIMIT also tells the
 * planner that at most this many rows are read. The newline ends a comment the SELECT may end with.
 */
const WRAP_HEAD = 'select * from (\n'
export const wrapLogQuery = (sql: string) => `${WRAP_HEAD}${sql}\n) as log_query limit ${LOG_QUERY_MAX_ROWS + 1}`

/**
 * A member's log SQL runs where the database itself keeps it to one project's logs (docs/logs.md): on a
 * connection to the platform database as that project's own log reader, a login role that is a member of no
 * role (so it cannot SET ROLE) and holds nothing but CONNECT, USAGE on schemas basalt_log_sources and
 * basalt_logs, and SELECT on the four sources (edge_logs, postgres_logs, storage_logs, auth_logs) and the two
 * log tables they read. Which rows it sees is decided by row level security (migration 0028): the project and
 * time range that Basalt writes for the reader's backend in basalt_logs.reader_sessions, which the reader can
 * neither read nor write. Basalt's other tables, server files and programs are refused by Postgres' own
 * privileges. Each query is one SELECT (the parser checks; the extended protocol runs one statement), in a
 * read-only transaction that is rolled back, with a statement timeout Basalt also enforces by cancelling, a
 * temp_file_limit the role cannot lift, and at most LOG_QUERY_MAX_ROWS rows read (a LIMIT of Basalt's around
 * it, so that it runs to its end and may run in parallel).
 */
export class LogReaders {
  private pools = new Map<string, pg.Pool>()
  private ensured = new Set<string>()

  constructor(
    private readonly db: pg.Pool,
    private readonly key: Buffer,
    private readonly retentionDays: number,
  ) {}

  /** The platform database's name and address, as Basalt's own pool connects. */
  private target(): { database: string; host: string; port: number } {
    const options = (this.db as unknown as { options: pg.PoolConfig }).options
    const url = options.connectionString ? new URL(options.connectionString) : null
    return {
      database: url ? decodeURIComponent(url.pathname.slice(1)) : String(options.database),
      host: url ? url.hostname : String(options.host ?? '127.0.0.1'),
      port: url ? Number(url.port || 5432) : Number(options.port ?? 5432),
    }
  }

  /**
   * The reader's role name: per project and per platform database (two Basalts may share a server), and
   * telling nothing of the project to whoever lists the server's roles (an HMAC of ENCRYPTION_KEY).
   */
  roleOf(ref: string): string {
    const tag = createHmac('sha256', this.key).update(`log reader role ${this.target().database} ${ref}`)
    return `basalt_logs_${tag.digest('hex').slice(0, 20)}`
  }

  /**
   * For tests and the bench: `client`, a session of Basalt's own on the platform database, becomes the
   * project's reader as a member's query finds it — its range written for this backend, the settings the role
   * logs in with (which `set session authorization` does not apply; set first, as temp_file_limit is a
   * superuser's), then the role as session_user.
   */
  async actAs(client: pg.ClientBase, ref: string, start: string, end: string): Promise<void> {
    await this.ensure(ref)
    const role = this.roleOf(ref)
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    await client.query(READER_SESSION_UPSERT, [rows[0]!.pid, role, ref, start, end])
    const { rows: settings } = await client.query<{ setting: string }>(
      'select unnest(setconfig) as setting from pg_db_role_setting where setrole = $1::regrole',
      [role],
    )
    for (const { setting } of settings) {
      const at = setting.indexOf('=')
      await client.query('select set_config($1, $2, false)', [setting.slice(0, at), setting.slice(at + 1)])
    }
    await client.query(`set session authorization ${client.escapeIdentifier(role)}`)
  }

  /** Derived from ENCRYPTION_KEY: every replica knows it, and it is stored nowhere. */
  private passwordOf(ref: string): string {
    return createHmac('sha256', this.key).update(`log reader ${this.target().database} ${ref}`).digest('base64url')
  }

  /** Creates or updates the project's reader role (idempotent; once per project and process). */
  async ensure(ref: string): Promise<void> {
    if (this.ensured.has(ref)) return
    const role = this.roleOf(ref)
    const client = await this.db.connect()
    const id = (s: string) => client.escapeIdentifier(s)
    const lit = (s: string) => client.escapeLiteral(s)
    const { database } = this.target()
    try {
      await client.query('begin')
      await client.query(`select pg_advisory_xact_lock(hashtext('basalt-log-reader'))`)
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role])
      const attributes = `login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls connection limit 4 password ${lit(this.passwordOf(ref))}`
      await client.query(`${exists.rowCount ? 'alter' : 'create'} role ${id(role)} with ${attributes}`)
      // Settings the role starts with; temp_file_limit is a superuser's setting the role cannot change.
      await client.query(`alter role ${id(role)} set search_path = basalt_log_sources`)
      await client.query(`alter role ${id(role)} set statement_timeout = ${LOG_QUERY_TIMEOUT_MS}`)
      await client.query(`alter role ${id(role)} set default_transaction_read_only = on`)
      await client.query(`alter role ${id(role)} set temp_file_limit = '256MB'`)
      await client.query(`alter role ${id(role)} set work_mem = '32MB'`)
      await client.query(`grant connect on database ${id(database)} to ${id(role)}`)
      await client.query(`grant usage on schema basalt_log_sources, basalt_logs to ${id(role)}`)
      await client.query(`grant select on all tables in schema basalt_log_sources to ${id(role)}`)
      // The sources are security_invoker views: the reader reads the tables, whose policies give it its rows.
      await client.query(`grant select on basalt_logs.api_log, basalt_logs.postgres_log to ${id(role)}`)
      await client.query(
        `grant execute on function basalt_logs.reader_project(), basalt_logs.reader_from(), basalt_logs.reader_to()
           to ${id(role)}`,
      )
      await client.query('commit')
      this.ensured.add(ref)
    } catch (err) {
      await client.query('rollback').catch(() => {})
      throw err
    } finally {
      client.release()
    }
  }

  private poolOf(ref: string): pg.Pool {
    let pool = this.pools.get(ref)
    if (!pool) {
      const { host, port, database } = this.target()
      pool = new pg.Pool({
        host,
        port,
        database,
        user: this.roleOf(ref),
        password: this.passwordOf(ref),
        max: 2,
        idleTimeoutMillis: 10_000,
        application_name: 'basalt-log-reader',
      })
      pool.on('error', () => {})
      this.pools.set(ref, pool)
    }
    return pool
  }

  /** Runs a member's log SQL over the project's logs of [start, end]. */
  async query(ref: string, sql: string, start: string, end: string): Promise<Result<LogQueryResult>> {
    const from = new Date(start)
    const to = new Date(end)
    if (!(from < to)) return fail('bad_request', LOG_QUERY_MESSAGES.range)
    if (to.getTime() - from.getTime() > LOG_QUERY_MAX_RANGE_DAYS * 24 * 3600_000) {
      return fail('bad_request', LOG_QUERY_MESSAGES.tooWide)
    }
    const split = await splitStatements(sql)
    if (!split.ok) return split
    if (split.data.length === 0) return fail('bad_request', LOG_QUERY_MESSAGES.empty)
    if (split.data.length > 1 || split.data[0]!.kind !== 'SelectStmt') {
      return fail('bad_request', LOG_QUERY_MESSAGES.oneSelect)
    }
    const text = split.data[0]!.sql
    if (await changesSettings(text)) return fail('bad_request', LOG_QUERY_MESSAGES.settings)
    await this.ensure(ref)
    const client = await this.poolOf(ref).connect()
    const pid = (client as unknown as { processID: number }).processID
    // Basalt's own stop, should the statement timeout have been lifted by the query itself.
    const stop = setTimeout(() => {
      // The platform database may be away by then: the statement's own timeout still holds.
      void this.db.query('select pg_cancel_backend($1)', [pid]).catch(() => {})
    }, LOG_QUERY_TIMEOUT_MS + 2000)
    try {
      // What this backend may read: the project, and the range (never older than the retention), written where
      // the reader cannot change it; the policies of basalt_logs read it back.
      const oldest = new Date(Date.now() - this.retentionDays * 24 * 3600_000)
      await this.db.query(READER_SESSION_UPSERT, [pid, this.roleOf(ref), ref, from < oldest ? oldest : from, to])
      await client.query('begin transaction read only')
      const settings: Array<readonly [string, string]> = [['statement_timeout', String(LOG_QUERY_TIMEOUT_MS)]]
      settings.push(...(await plannerSettingsOf(text)))
      await client.query(
        `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
        settings.flat(),
      )
      // The extended protocol: one statement, whatever the text holds.
      const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
        text: wrapLogQuery(text),
        rowMode: 'array',
        types: RESULT_TYPES,
        queryMode: 'extended',
      }
      const result = await client.query(config)
      const rows = result.rows
      const columns = await columnDescriber(client)(result.fields ?? [])
      const truncated = rows.length > LOG_QUERY_MAX_ROWS
      return ok({ columns, rows: truncated ? rows.slice(0, LOG_QUERY_MAX_ROWS) : rows, truncated })
    } catch (err) {
      if (isPgError(err)) {
        if (err.code === '57014') return fail('bad_request', LOG_QUERY_MESSAGES.timeout)
        // A position in the member's SELECT, not in Basalt's wrapping of it.
        if (err.position) {
          err.position = String(Math.min(Math.max(1, Number(err.position) - WRAP_HEAD.length), text.length))
        }
        return { ok: false, error: toApiError(err, text) }
      }
      throw err
    } finally {
      clearTimeout(stop)
      await client.query('rollback').catch(() => {})
      client.release()
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.end().catch(() => {})))
    this.pools.clear()
  }
}
