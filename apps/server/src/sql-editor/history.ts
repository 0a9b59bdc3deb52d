import {
  fail,
  ok,
  SQL_RUN_ID_TAKEN_MESSAGE,
  SQL_RUN_NOT_FOUND_MESSAGE,
  type Impersonation,
  type Result,
  type SqlHistoryEntry,
  type SqlRunStatus,
} from '@basalt/contracts'
import type pg from 'pg'
import { pooledTransaction } from '../db/transaction.ts'
import type { RunOutcome } from './run.ts'

/*
 * The runs of the SQL editor in the platform database (basalt.sql_runs): the query history each member
 * sees (every run with its time, duration, role, rows and status), and, while a run goes on, the backend
 * that runs it — so that a cancel reaching any replica finds it.
 */

/** Runs kept per member and project; older ones are removed as new ones finish. */
export const HISTORY_KEPT = 1000
/** Bytes of SQL text and errors kept per member and project: the newest runs that fit, at most HISTORY_KEPT. */
export const HISTORY_KEPT_BYTES = 16 * 1024 * 1024

/**
 * What one run's record keeps of its SQL text and of its error: a member's text may be as long as a request
 * body, and an error may quote a value the SQL made (db/row-guard.ts lets one of up to 1 MB through); the
 * history keeps their beginning and says that it was capped.
 */
export const STORED_QUERY_BYTES = 100 * 1024
export const STORED_ERROR_BYTES = 8 * 1024
/** Bytes of SQL text and errors one page of the history answers at most (at least one run). */
export const HISTORY_PAGE_BYTES = 2 * 1024 * 1024

const kB = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en')} kB`

/** The first `most` bytes of a text, cut between characters. */
function head(text: string, most: number): string {
  const cut = Buffer.from(text, 'utf8').subarray(0, most).toString('utf8')
  // A character cut in two decodes as U+FFFD: leave it out.
  return cut.endsWith('\uFFFD') && !text.startsWith(cut) ? cut.slice(0, -1) : cut
}

/** A run's SQL text as the history keeps it: whole, or its beginning with a note (an SQL comment) saying so. */
export function storedQuery(query: string): string {
  const bytes = Buffer.byteLength(query)
  if (bytes <= STORED_QUERY_BYTES) return query
  return `${head(query, STORED_QUERY_BYTES)}\n-- Capped by Basalt: this query was ${kB(bytes)}; the history keeps its first ${kB(STORED_QUERY_BYTES)}.`
}

/** A run's error message as the history keeps it: whole, or its beginning with a note saying so. */
export function storedError(error: string | null | undefined): string | null {
  if (error === null || error === undefined) return null
  const bytes = Buffer.byteLength(error)
  if (bytes <= STORED_ERROR_BYTES) return error
  return `${head(error, STORED_ERROR_BYTES)}… (capped: this error was ${kB(bytes)}; the history keeps its first ${kB(STORED_ERROR_BYTES)})`
}

/** Who runs what, where. */
export interface RunOwner {
  projectId: string
  userId: string
}

export interface RunStart extends RunOwner {
  runId: string
  query: string
  /** The login the run connects as ('admin' or 'read_only'). */
  login: string
  impersonation: Impersonation | undefined
  /** The backend running it; null for a run that never reached the database (a syntax error). */
  pid: number | null
  startedAt: Date
}

const roleOf = (start: Pick<RunStart, 'login' | 'impersonation'>) => start.impersonation?.role ?? start.login

/**
 * A run's records are written with synchronous_commit off (set for their own statement's transaction): they
 * are visible to every server at once, but their commit does not wait for the platform's WAL to reach disk —
 * a wait of about 1 ms that every run paid twice (docs/performance.md). A crash of the platform database
 * may lose the last fraction of a second of history; no other platform data is written this way.
 */
const ASYNC_COMMIT = `(select set_config('synchronous_commit', 'off', true)) as async_commit`

/** A column of a run's row: its name, its type, and the value. */
type RunColumn = [name: string, type: string, value: unknown]

/**
 * Inserts a run's row — who ran what, as which role, and when — with `more` columns; answers false when its
 * id was used already (that run's row stays as it is). Column names are Basalt's own, never input.
 */
async function insertRun(db: pg.Pool, start: RunStart, more: RunColumn[]): Promise<boolean> {
  const columns: RunColumn[] = [
    ['id', 'uuid', start.runId],
    ['project_id', 'uuid', start.projectId],
    ['user_id', 'uuid', start.userId],
    ['query', 'text', storedQuery(start.query)],
    ['role', 'text', roleOf(start)],
    ['impersonated_user_id', 'uuid', start.impersonation?.userId ?? null],
    ['started_at', 'timestamptz', start.startedAt],
    ...more,
  ]
  const { rowCount } = await db.query(
    `insert into basalt.sql_runs (${columns.map(([name]) => name).join(', ')})
     select ${columns.map(([, type], i) => `$${i + 1}::${type}`).join(', ')} from ${ASYNC_COMMIT}
     on conflict (id) do nothing`,
    columns.map(([, , value]) => value),
  )
  return rowCount === 1
}

/**
 * Records a run as running (with the backend that runs it), once it has run for a moment (LiveRun). A run id
 * that was used already is refused.
 */
export async function recordRunStart(db: pg.Pool, start: RunStart): Promise<Result<void>> {
  const inserted = await insertRun(db, start, [
    ['status', 'text', 'running'],
    ['pid', 'int4', start.pid],
  ])
  return inserted ? ok(undefined) : fail('conflict', SQL_RUN_ID_TAKEN_MESSAGE)
}

/**
 * Records a run that ended before it was recorded as running: its one row. Answers false when its id was
 * used already (that run's row stays as it is).
 */
export function recordFinishedRun(db: pg.Pool, start: RunStart, outcome: RunOutcome): Promise<boolean> {
  return insertRun(db, start, [
    ['status', 'text', outcome.status],
    ['duration_ms', 'float8', outcome.durationMs],
    ['rows', 'int8', outcome.rows],
    ['statement_count', 'int4', outcome.statementCount],
    ['error', 'text', storedError(outcome.error?.message)],
  ])
}

/**
 * Records how a run recorded as running ended, and forgets its backend. Waits while a cancel holds the run (see cancelRun), so
 * that the backend is never signalled after the run let go of it.
 */
export async function recordRunEnd(db: pg.Pool, runId: string, outcome: RunOutcome): Promise<void> {
  await db.query(
    `update basalt.sql_runs
        set status = $2, duration_ms = $3, rows = $4, statement_count = $5, error = $6, pid = null
       from ${ASYNC_COMMIT}
      where id = $1`,
    [
      runId,
      outcome.status,
      outcome.durationMs,
      outcome.rows,
      outcome.statementCount,
      storedError(outcome.error?.message),
    ],
  )
}

/** What a run's record weighs in the history's budgets: its SQL text and its error, in bytes. */
const RUN_BYTES = 'octet_length(query) + coalesce(octet_length(error), 0)'

/**
 * Removes a member's oldest runs of a project beyond the newest `kept`, or beyond the newest that fit in
 * `keptBytes` (the newest run is always kept).
 */
export async function pruneHistory(
  db: pg.Pool,
  owner: RunOwner,
  kept = HISTORY_KEPT,
  keptBytes = HISTORY_KEPT_BYTES,
): Promise<void> {
  await db.query(
    `delete from basalt.sql_runs
      where id in (select id from (select id, status, row_number() over newest as n,
                                          sum(${RUN_BYTES}) over newest as bytes
                                     from basalt.sql_runs
                                    where project_id = $1 and user_id = $2
                                   window newest as (order by started_at desc, id desc)) r
                    where status <> 'running' and n > 1 and (n > $3 or bytes > $4))`,
    [owner.projectId, owner.userId, kept, keptBytes],
  )
}

/**
 * Whether the run's cancel was asked for (on any replica). Waits for a cancel under way (it holds the row
 * while it signals the backend), so that a statement it cancelled is known as cancelled, not timed out.
 */
export async function cancelRequested(db: pg.Pool, runId: string): Promise<boolean> {
  const { rows } = await db.query(
    'select cancel_requested_at is not null as asked from basalt.sql_runs where id = $1 for share',
    [runId],
  )
  return rows[0]?.asked === true
}

/**
 * Cancels the member's own running run: marks it, then `signal(pid)` (pg_cancel_backend on the project's
 * database, from the same login). The run's row stays locked meanwhile, so the run cannot finish and hand
 * its backend to another call between the lookup and the signal.
 */
export async function cancelRun(
  db: pg.Pool,
  owner: RunOwner,
  runId: string,
  signal: (pid: number) => Promise<Result<boolean>>,
): Promise<Result<{ cancelled: boolean }>> {
  return pooledTransaction(db, async (c) => {
    const { rows } = await c.query<{ pid: number | null }>(
      `update basalt.sql_runs set cancel_requested_at = now()
        where id = $1 and project_id = $2 and user_id = $3 and status = 'running'
        returning pid`,
      [runId, owner.projectId, owner.userId],
    )
    if (rows.length === 0) return fail('not_found', SQL_RUN_NOT_FOUND_MESSAGE)
    const pid = rows[0]!.pid
    if (pid === null) return ok({ cancelled: true })
    const signalled = await signal(pid)
    return signalled.ok ? ok({ cancelled: true }) : signalled
  })
}

/**
 * Signals a run whose cancel was asked for again, if it still runs: the first signal may have reached its
 * backend between two statements, where it stops nothing. Answers whether the run still runs.
 */
export async function signalCancelledAgain(
  db: pg.Pool,
  runId: string,
  signal: (pid: number) => Promise<Result<boolean>>,
): Promise<boolean> {
  return pooledTransaction(db, async (c) => {
    const { rows } = await c.query<{ pid: number | null }>(
      `select pid from basalt.sql_runs
        where id = $1 and status = 'running' and cancel_requested_at is not null
        for update`,
      [runId],
    )
    const pid = rows[0]?.pid
    if (pid === undefined) return false
    if (pid !== null) await signal(pid)
    return true
  })
}

interface RunRow {
  id: string
  query: string
  role: string
  impersonated_user_id: string | null
  status: SqlRunStatus
  started_at: Date
  duration_ms: number | null
  rows: string | null
  statement_count: number | null
  error: string | null
}

/**
 * A page of a member's runs of a project, newest first, whose SQL contains `search` (any case): `limit` runs,
 * or fewer when their text and errors would pass `pageBytes` (at least one); `more` when runs remain.
 */
export async function listHistory(
  db: pg.Pool,
  owner: RunOwner,
  { search, before, limit }: { search?: string; before?: string; limit: number },
  pageBytes = HISTORY_PAGE_BYTES,
): Promise<{ runs: SqlHistoryEntry[]; more: boolean }> {
  // One run more than the page, to know whether there are more; the bytes of the runs before each, to stop
  // the page before it passes its budget without reading what it leaves out.
  const { rows } = await db.query<RunRow & { found: number }>(
    `select * from (
       select id, query, role, impersonated_user_id, status, started_at, duration_ms, rows, statement_count, error,
              count(*) over ()::int as found,
              sum(${RUN_BYTES}) over newest - (${RUN_BYTES}) as bytes_before
         from (select * from basalt.sql_runs
                where project_id = $1 and user_id = $2
                  and ($3::text is null or strpos(lower(query), lower($3)) > 0)
                  and ($4::uuid is null or (started_at, id) < (select started_at, id from basalt.sql_runs
                                                                where id = $4 and project_id = $1 and user_id = $2))
                order by started_at desc, id desc
                limit $5 + 1) page
       window newest as (order by started_at desc, id desc)) r
      where bytes_before = 0 or bytes_before + ${RUN_BYTES} <= $6
      order by started_at desc, id desc`,
    [owner.projectId, owner.userId, search || null, before ?? null, limit, pageBytes],
  )
  const found = rows[0]?.found ?? 0
  const shown = rows.slice(0, limit)
  return { runs: shown.map(entryOf), more: found > shown.length }
}

function entryOf(r: RunRow): SqlHistoryEntry {
  return {
    id: r.id,
    query: r.query,
    role: r.role,
    userId: r.impersonated_user_id,
    status: r.status,
    startedAt: r.started_at.toISOString(),
    durationMs: r.duration_ms,
    rows: r.rows === null ? null : Number(r.rows),
    statementCount: r.statement_count,
    error: r.error,
  }
}
