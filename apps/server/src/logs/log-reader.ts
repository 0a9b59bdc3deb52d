import { createHash, createHmac } from 'node:crypto'
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
import pg from 'pg'
import Cursor from 'pg-cursor'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { columnDescriber, readCursor, RESULT_TYPES } from '../sql-editor/run.ts'
import { splitStatements } from '../sql-editor/statements.ts'

/**
 * A member's log SQL runs where the database itself keeps it to one project's logs: on a connection to the
 * platform database as that project's own log reader, a login role that holds nothing but USAGE on the
 * schema `logs_<ref>` and SELECT on its four views (edge_logs, postgres_logs, storage_logs, auth_logs), each
 * a security-barrier view of the project's rows of basalt_logs. The role is no member of any role, so it
 * cannot SET ROLE; Basalt's schemas, other projects' schemas, server files and programs are refused by
 * Postgres' own privileges. Each query is one SELECT (the parser checks; the extended protocol runs one
 * statement), in a read-only transaction that is rolled back, with a statement timeout Basalt also enforces
 * by cancelling, a temp_file_limit the role cannot lift, and at most LOG_QUERY_MAX_ROWS rows read.
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

  /** The reader's role name: per project, and per platform database (two Basalts may share a server). */
  roleOf(ref: string): string {
    const install = createHash('sha256').update(this.target().database).digest('hex').slice(0, 8)
    return `basalt_logs_${ref}_${install}`
  }

  /** Derived from ENCRYPTION_KEY: every replica knows it, and it is stored nowhere. */
  private passwordOf(ref: string): string {
    return createHmac('sha256', this.key).update(`log reader ${this.target().database} ${ref}`).digest('base64url')
  }

  /**
   * Creates or updates the project's reader role, schema and views (idempotent; once per project and process,
   * so that a changed LOG_RETENTION_DAYS reaches the views at the next start).
   */
  async ensure(ref: string): Promise<void> {
    if (this.ensured.has(ref)) return
    const role = this.roleOf(ref)
    const schema = `logs_${ref}`
    const client = await this.db.connect()
    const id = (s: string) => client.escapeIdentifier(s)
    const lit = (s: string) => client.escapeLiteral(s)
    // Scalar subqueries: evaluated once per query (an InitPlan, which also prunes partitions at run time),
    // not once per row as a bare current_setting() in a filter would be.
    const from = `(select coalesce(nullif(current_setting('basalt.logs_from', true), '')::timestamptz, '-infinity'))`
    const to = `(select coalesce(nullif(current_setting('basalt.logs_to', true), '')::timestamptz, 'infinity'))`
    const { database } = this.target()
    try {
      await client.query('begin')
      await client.query(`select pg_advisory_xact_lock(hashtext('basalt-log-reader'))`)
      const exists = await client.query('select 1 from pg_roles where rolname = $1', [role])
      const attributes = `login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls connection limit 4 password ${lit(this.passwordOf(ref))}`
      await client.query(`${exists.rowCount ? 'alter' : 'create'} role ${id(role)} with ${attributes}`)
      // Settings the role starts with; temp_file_limit is a superuser's setting the role cannot change.
      await client.query(`alter role ${id(role)} set search_path = ${id(schema)}`)
      await client.query(`alter role ${id(role)} set statement_timeout = ${LOG_QUERY_TIMEOUT_MS}`)
      await client.query(`alter role ${id(role)} set default_transaction_read_only = on`)
      await client.query(`alter role ${id(role)} set temp_file_limit = '256MB'`)
      await client.query(`alter role ${id(role)} set work_mem = '32MB'`)
      await client.query(`grant connect on database ${id(database)} to ${id(role)}`)
      await client.query(`create schema if not exists ${id(schema)}`)
      await client.query(`revoke all on schema ${id(schema)} from public`)
      await client.query(`grant usage on schema ${id(schema)} to ${id(role)}`)
      const api = (where: string) => `
        select l.id, l.ts as "timestamp", l.method, l.path, l.status, l.duration_ms, l.member_email as member,
               l.response_bytes as bytes, l.user_agent
          from basalt_logs.api_log l
         where l.project_ref = ${lit(ref)} and l.ts >= ${from} and l.ts <= ${to}${where}`
      const views: Record<string, string> = {
        edge_logs: api(''),
        storage_logs: api(` and (l.path like '/api/storage/%' or l.path like '/project-api/:ref/storage/%')`),
        postgres_logs: `
          select l.id, l.ts as "timestamp", l.severity, l.sqlstate, l.message, l.detail, l.hint, l.statement,
                 l.user_name, l.database_name, l.application_name, l.backend_type
            from basalt_logs.postgres_log l
           where l.project_ref = ${lit(ref)} and l.ts >= ${from} and l.ts <= ${to}`,
        // Auth events are the audit log's changes to the project's users (never the address they came from).
        auth_logs: `
          select a.id::text as id, a.created_at as "timestamp", a.action, a.actor_email as member, a.target,
                 a.details - 'project' as details
            from basalt.audit_log a
           where a.details ->> 'project' = ${lit(ref)} and a.action like 'auth.%'
             and a.created_at >= now() - interval '${this.retentionDays} days'
             and a.created_at >= ${from} and a.created_at <= ${to}`,
      }
      for (const [name, sql] of Object.entries(views)) {
        await client.query(`create or replace view ${id(schema)}.${id(name)} with (security_barrier) as ${sql}`)
        await client.query(`revoke all on ${id(schema)}.${id(name)} from public`)
        await client.query(`grant select on ${id(schema)}.${id(name)} to ${id(role)}`)
      }
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
    await this.ensure(ref)
    const client = await this.poolOf(ref).connect()
    // Basalt's own stop, should the statement timeout have been lifted by the query itself.
    const stop = setTimeout(() => {
      void this.db.query('select pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID])
    }, LOG_QUERY_TIMEOUT_MS + 2000)
    try {
      await client.query('begin transaction read only')
      await client.query(
        `select set_config('basalt.logs_from', $1, true), set_config('basalt.logs_to', $2, true),
                set_config('statement_timeout', $3, true)`,
        [from.toISOString(), to.toISOString(), String(LOG_QUERY_TIMEOUT_MS)],
      )
      const cursor = client.query(new Cursor(text, [], { rowMode: 'array', types: RESULT_TYPES }))
      const { rows, result } = await readCursor(cursor, LOG_QUERY_MAX_ROWS + 1)
      await new Promise<void>((resolve) => cursor.close(() => resolve()))
      const columns = await columnDescriber(client)(result.fields ?? [])
      const truncated = rows.length > LOG_QUERY_MAX_ROWS
      return ok({ columns, rows: truncated ? rows.slice(0, LOG_QUERY_MAX_ROWS) : rows, truncated })
    } catch (err) {
      if (isPgError(err)) {
        if (err.code === '57014') return fail('bad_request', LOG_QUERY_MESSAGES.timeout)
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
