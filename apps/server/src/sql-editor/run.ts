import {
  READ_REPLICA_WRITE_MESSAGE,
  SQL_COPY_STDIO_MESSAGE,
  SQL_MAX_BYTES,
  SQL_MAX_ROWS,
  SQL_READ_ONLY_TRANSACTION_CONTROL_MESSAGE,
  type SqlColumn,
  type SqlNotice,
  type SqlRunError,
  type SqlRunResult,
} from '@basalt/contracts'
import pg from 'pg'
import Cursor from 'pg-cursor'
import type { SqlSession } from '../http/project-executor.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { isConnectionLoss } from '../http/errors.ts'
import { ResultTooLargeError } from '../db/row-guard.ts'
import { lineAt, utf16OffsetOfChars } from './text-offsets.ts'
import type { SqlStatement } from './statements.ts'
import { RunAbortedError, type RunDocument } from './run-document.ts'

export interface RunLimits {
  /** Rows one result set shows at most. */
  maxRows: number
  /** JSON bytes of rows the whole run answers at most. */
  maxBytes: number
  /** Rows read from Postgres at a time at most: what the server holds of a result at once (see nextBatch). */
  batchRows: number
}

export const DEFAULT_RUN_LIMITS: RunLimits = { maxRows: SQL_MAX_ROWS, maxBytes: SQL_MAX_BYTES, batchRows: 1000 }

/** Rows of a result's first read: its rows' width is not known yet (db/row-guard.ts bounds the read). */
const FIRST_BATCH_ROWS = 25
/** What a later read of a result aims to hold, by the width of the rows read so far. */
const BATCH_TARGET_BYTES = 8 * 1024 * 1024

/** How many rows to read next: about BATCH_TARGET_BYTES of rows as wide as those so far, 1 to `most`. */
const nextBatch = (rowsSoFar: number, bytesSoFar: number, most: number) =>
  rowsSoFar === 0
    ? Math.min(most, FIRST_BATCH_ROWS)
    : Math.max(1, Math.min(most, Math.floor(BATCH_TARGET_BYTES / Math.max(1, bytesSoFar / rowsSoFar))))

/**
 * Notices kept per run, by count and by their text's bytes: a loop raising millions of them, or a thousand of
 * a megabyte each (db/row-guard.ts bounds one), must not fill the server's memory or the answer.
 */
export const MAX_NOTICES = 1000
export const MAX_NOTICE_BYTES = 1024 * 1024

/** The last notice of a run that raised more than it keeps: says that the others were left out. */
export const NOTICES_LEFT_OUT = `More notices were raised than a run keeps (${MAX_NOTICES.toLocaleString('en')}, or ${MAX_NOTICE_BYTES / 1024 / 1024} MB of text): the later ones were left out`

/** How often, at most, a run asks whether it was cancelled while it goes from one statement to the next. */
const CANCEL_POLL_MS = 250

/** How a run ended, for its history entry. */
export interface RunOutcome extends Omit<SqlRunResult, 'runId' | 'results'> {
  /** Rows returned, over all result sets. */
  rows: number
}

export interface RunHooks {
  /** Whether the run was asked to stop (its cancel route was called, on this server or another). */
  cancelRequested(): Promise<boolean>
  /** The rows read so far have been written to the answer (their memory may be counted as free). */
  rowsAnswered?(): void
}

/** Types whose JSON form is their Postgres text exactly: bool (t/f as true/false), int2, int4, oid. */
const JSON_TYPES = new Map<number, (text: string) => unknown>([
  [16, (text) => text === 't'],
  [21, Number],
  [23, Number],
  [26, Number],
])
const asText = (text: string) => text
/**
 * How a SQL run reads its cells: every value is Postgres' own text (what psql shows and `COPY` writes: json as
 * written, arrays as `{a,b}`, floats as Postgres prints them, timestamps in the session's style), except the
 * types whose JSON value says exactly the same. Exports derive CSV (Postgres' text) and JSON (typed) from it.
 */
export const RESULT_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    format === 'binary'
      ? pg.types.getTypeParser(oid, format)
      : (JSON_TYPES.get(oid) ?? asText)) as typeof pg.types.getTypeParser,
}

/** Type names of the built-in types by oid; others are looked up in pg_type. */
const BUILTIN_TYPE_NAMES = new Map<number, string>(
  Object.entries(pg.types.builtins).map(([name, oid]) => [oid as number, name.toLowerCase()]),
)

/**
 * Names the columns of result sets read on `client`: built-in types by heart, others (arrays, enums,
 * domains…) from pg_type, remembered for the next result set.
 */
export function columnDescriber(client: pg.ClientBase): (fields: pg.FieldDef[]) => Promise<SqlColumn[]> {
  const found = new Map<number, string>()
  const nameOf = (oid: number) => BUILTIN_TYPE_NAMES.get(oid) ?? found.get(oid)
  return async (fields) => {
    const unknown = [...new Set(fields.map((f) => f.dataTypeID).filter((oid) => nameOf(oid) === undefined))]
    if (unknown.length > 0) {
      const { rows } = await client.query<{ oid: number; typname: string }>(
        'select oid::int4 as oid, typname from pg_catalog.pg_type where oid = any($1::oid[])',
        [unknown],
      )
      for (const t of rows) found.set(t.oid, t.typname)
    }
    return fields.map((f) => ({
      name: f.name,
      type: nameOf(f.dataTypeID) ?? String(f.dataTypeID),
      typeId: f.dataTypeID,
    }))
  }
}

/** SQLSTATE of a write in a read-only transaction: on a read replica, every write. */
const READ_ONLY_TRANSACTION = '25006'

/**
 * A Postgres error of a statement, with its position in the whole text the run was sent. A write on a read
 * replica says so as the spec does (spec 2 §6, §8), with Postgres' own error kept beside it.
 */
function statementError(
  err: unknown,
  statement: SqlStatement | undefined,
  text: string,
  onReplica = false,
): SqlRunError {
  if (!isPgError(err)) {
    if (err instanceof ResultTooLargeError) {
      return { code: 'bad_request', message: err.message, statementIndex: statement?.index ?? null }
    }
    if (!isConnectionLoss(err)) throw err
    return {
      code: 'connection_failed',
      message: 'The connection to the project database was lost while the query ran',
      statementIndex: statement?.index ?? null,
    }
  }
  // Postgres counts characters from 1 in the statement it was sent.
  const inStatement = err.position ? Number(err.position) : NaN
  const position =
    statement && Number.isInteger(inStatement) && inStatement > 0
      ? statement.start + utf16OffsetOfChars(statement.sql, inStatement - 1) + 1
      : undefined
  const error = toApiError(
    {
      message: err.message,
      code: err.code,
      severity: err.severity,
      detail: err.detail,
      hint: err.hint,
      position: position?.toString(),
    },
    text,
  )
  const replicaWrite = onReplica && err.code === READ_ONLY_TRANSACTION
  return {
    ...error,
    ...(replicaWrite ? { code: 'bad_request', message: READ_REPLICA_WRITE_MESSAGE } : {}),
    statementIndex: statement?.index ?? null,
    ...(position === undefined ? {} : { line: lineAt(text, position - 1) }),
  }
}

/** What Postgres says when its own statement_timeout stops a statement. */
const POSTGRES_TIMEOUT_MESSAGE = 'canceling statement due to statement timeout'

/** What a statement stopped at the project's timeout by Basalt answers (db/statement-ceiling.ts). */
export const ceilingMessage = (timeoutMs: number) =>
  `canceling statement due to statement timeout: the project's timeout is ${timeoutMs.toLocaleString('en')} ms, and a query's own setting cannot raise it`

function ceilingError(error: SqlRunError, timeoutMs: number): SqlRunError {
  return { ...error, message: ceilingMessage(timeoutMs), formattedError: `ERROR:  ${ceilingMessage(timeoutMs)}` }
}

/** Cursor's methods that its type declarations leave out: handlers of protocol messages, and its writes. */
const cursorMethods = Cursor.prototype as unknown as Record<
  'handleCommandComplete' | 'handleError' | 'submit' | '_getRows' | '_closePortal' | '_sendRows',
  (...args: unknown[]) => void
>
type Connection = { stream: { cork(): void; uncork(): void } }

/**
 * A cursor that keeps the whole command tag (`CREATE INDEX`), of which pg keeps the first word, and the error
 * of a commit that follows its statement: a statement run outside a transaction block commits when its
 * cursor ends (the protocol's Sync), and a deferred constraint may refuse that commit — an error pg-cursor
 * drops, since its statement is done.
 */
class TaggedCursor extends Cursor {
  tag: string | null = null
  commitError: unknown = null
  handleCommandComplete(msg: { text: string }): void {
    this.tag = msg.text
    cursorMethods.handleCommandComplete.call(this, msg)
  }
  handleError(msg: unknown): void {
    const self = this as unknown as { state: string }
    if (self.state !== 'done') return cursorMethods.handleError.call(this, msg)
    // pg hands the ReadyForQuery after an error to no query: the read waiting for it gets its rows here.
    this.commitError = msg
    cursorMethods._sendRows.call(this)
    self.state = 'done'
  }

  // pg-cursor writes each protocol message to the socket on its own (a system call each, and as many
  // wake-ups of the backend); corked, each step is one write, as pg's own queries are. The statement's
  // Parse, Bind and Describe wait for the first read's Execute, which follows in the same tick.
  override submit = (connection: Parameters<Cursor['submit']>[0]): void => {
    const { stream } = connection as unknown as Connection
    stream.cork()
    try {
      cursorMethods.submit.call(this, connection)
    } finally {
      process.nextTick(() => stream.uncork())
    }
  }
  _getRows(...args: unknown[]): void {
    this.#corked(() => cursorMethods._getRows.apply(this, args))
  }
  _closePortal(): void {
    this.#corked(() => cursorMethods._closePortal.call(this))
  }
  #corked(write: () => void) {
    const { stream } = (this as unknown as { connection: Connection }).connection
    stream.cork()
    try {
      write()
    } finally {
      stream.uncork()
    }
  }
}

/** The commit of a statement that ran as a transaction of its own failed (see TaggedCursor). */
class CommitError extends Error {
  override name = 'CommitError'
}

/** `INSERT 0 3` → `INSERT`, `CREATE INDEX` → `CREATE INDEX`. */
const commandOf = (tag: string) => tag.replace(/( \d+)+$/, '')

/** The next rows of a cursor, and the result they belong to (fields, and at the end the command tag). */
export function readCursor(cursor: Cursor, rows: number): Promise<{ rows: unknown[][]; result: pg.QueryResult }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (err, got, result) => (err ? reject(err) : resolve({ rows: got as unknown[][], result })))
  })
}

/**
 * Opens a read-only transaction and takes its snapshot at once: PostgreSQL lets `set transaction read write`
 * switch a read-only transaction only before its first query, so after this nothing in it can.
 */
async function lockReadOnly(client: pg.ClientBase): Promise<void> {
  await client.query('start transaction read only')
  await client.query('select 1')
}

/** The run's transaction, as Postgres and the member's SQL leave it. */
type TransactionState = 'implicit' | 'explicit' | 'none'

/**
 * Runs the statements of one SQL editor text in order on the session's connection, writing each result set
 * to the document as it is read, and answers how the run ended (for the document's end: see RunDocument.finish).
 *
 * Like a multi-statement query sent to PostgreSQL, the run is one transaction unless its SQL manages
 * transactions itself: statements before an error are rolled back with it, `begin … commit` and `set` work
 * across statements, and statements after a `commit` run in a transaction of their own (as the
 * impersonated role again). A statement Postgres runs only outside a transaction block (VACUUM, CREATE
 * INDEX CONCURRENTLY…) runs outside one when nothing is pending before it. A `begin` left open at the end is
 * rolled back, as when psql ends. The run stops at the first error; a result set is read through a cursor,
 * a batch at a time (nextBatch), and capped at `limits.maxRows` rows (and the run at `limits.maxBytes`).
 */
export async function runStatements(
  session: SqlSession,
  text: string,
  statements: SqlStatement[],
  doc: RunDocument,
  hooks: RunHooks,
  limits: RunLimits = DEFAULT_RUN_LIMITS,
): Promise<RunOutcome> {
  const { client } = session
  const started = performance.now()
  const notices: SqlNotice[] = []
  let current: SqlStatement | undefined
  let noticeBytes = 0
  let noticesFull = false
  const onNotice = (n: { severity?: string; code?: string; message?: string; detail?: string; hint?: string }) => {
    if (noticesFull) return
    noticeBytes +=
      Buffer.byteLength(n.message ?? '') + Buffer.byteLength(n.detail ?? '') + Buffer.byteLength(n.hint ?? '')
    if (notices.length >= MAX_NOTICES - 1 || noticeBytes > MAX_NOTICE_BYTES) {
      noticesFull = true
      notices.push({ statementIndex: current?.index ?? null, severity: 'NOTICE', message: NOTICES_LEFT_OUT })
      return
    }
    notices.push({
      statementIndex: current?.index ?? null,
      severity: n.severity ?? 'NOTICE',
      message: n.message ?? '',
      ...(n.code ? { code: n.code } : {}),
      ...(n.detail ? { detail: n.detail } : {}),
      ...(n.hint ? { hint: n.hint } : {}),
    })
  }
  client.on('notice', onNotice)

  // An impersonating session starts in a transaction (as the role) with nothing done in it yet; any other
  // outside one, and the run opens its transaction before its first statement — unless that statement is
  // the only one and does not act on a transaction block: it then runs as a transaction of its own, which is
  // what a transaction around it would be, without the round trips of `begin` and `commit`.
  let tx: TransactionState = session.impersonating ? 'implicit' : 'none'
  // A Read-only member's run is one read-only transaction of Basalt's, which their SQL may not end (see
  // lockReadOnly): the read-only login writes nothing, and no security-definer function it calls, large
  // object or `set transaction read write` can either, whatever the session's defaults say.
  const readOnlyMember = session.login === 'read_only'
  const alone = tx === 'none' && !readOnlyMember && statements.length === 1 && !statements[0]!.actsOnTransaction
  let pendingWork = false
  let bytes = 0
  let rows = 0
  let lastCancelCheck = performance.now()
  let status: RunOutcome['status'] = 'success'
  let error: SqlRunError | null = null
  let rolledBack = false

  const begin = async () => {
    await client.query('begin')
    await session.reapplyRole()
    tx = 'implicit'
    pendingWork = false
  }
  const commitEmpty = async () => {
    await client.query('commit')
    tx = 'none'
  }

  const runOne = async (s: SqlStatement) => {
    const statementStarted = performance.now()
    const cursor = client.query(new TaggedCursor(s.sql, undefined, { rowMode: 'array', types: RESULT_TYPES }))
    let fields: pg.FieldDef[] = []
    let shown = 0
    let capped: { reason: 'rows' | 'bytes'; limit: number } | null = null
    let resultBytes = 0
    let result: pg.QueryResult | undefined
    let opened = false
    try {
      for (;;) {
        const batch = await readCursor(cursor, nextBatch(shown, resultBytes, limits.batchRows))
        result = batch.result
        if (!opened) {
          fields = batch.result.fields ?? []
          await doc.startResult({ index: s.index, sql: s.sql, start: s.start, end: s.end, line: s.line })
          opened = true
        }
        for (const row of batch.rows) {
          if (shown >= limits.maxRows) {
            capped = { reason: 'rows', limit: limits.maxRows }
            break
          }
          const json = JSON.stringify(row)
          const size = Buffer.byteLength(json)
          if (bytes + size > limits.maxBytes) {
            capped = { reason: 'bytes', limit: limits.maxBytes }
            break
          }
          bytes += size
          resultBytes += size
          shown++
          await doc.row(json)
        }
        hooks.rowsAnswered?.()
        if (capped || (cursor as unknown as { state: string }).state === 'done' || batch.rows.length === 0) break
      }
    } catch (err) {
      // A statement whose rows had begun to go out ends with those rows; the error names it.
      if (opened) await doc.endResult({ columns: [], command: null, rowCount: shown, capped, durationMs: 0 })
      throw err
    }
    if (capped) await cursor.close()
    const commitError = cursor.commitError
    rows += shown
    const columns = await describeColumns(fields)
    await doc.endResult({
      columns,
      command: cursor.tag === null ? null : commandOf(cursor.tag),
      // A capped result counts what it shows; a command counts what it did (INSERT 0 3 → 3).
      rowCount: capped || fields.length > 0 ? shown : (result?.rowCount ?? null),
      capped,
      durationMs: Math.round((performance.now() - statementStarted) * 1000) / 1000,
    })
    if (commitError) throw new CommitError('The commit failed', { cause: commitError })
  }

  // Asked after the statement's cursor is closed (the connection serves one query at a time).
  const describeColumns = columnDescriber(client)

  try {
    if (readOnlyMember) {
      await lockReadOnly(client)
      tx = 'implicit'
    }
    for (const s of statements) {
      current = s
      if (readOnlyMember && s.transaction) {
        error = {
          code: 'forbidden',
          message: SQL_READ_ONLY_TRANSACTION_CONTROL_MESSAGE,
          statementIndex: s.index,
          position: s.start + 1,
          line: s.line,
        }
        status = 'error'
        break
      }
      if (performance.now() - lastCancelCheck >= CANCEL_POLL_MS) {
        lastCancelCheck = performance.now()
        if (await hooks.cancelRequested()) {
          status = 'cancelled'
          break
        }
      }
      if (s.copyStdio) {
        error = {
          code: 'bad_request',
          message: SQL_COPY_STDIO_MESSAGE,
          statementIndex: s.index,
          position: s.start + 1,
          line: s.line,
        }
        status = 'error'
        break
      }
      // Where the statement runs: a BEGIN (or a statement that refuses transaction blocks) right at the
      // start, or after a commit, needs no transaction of Basalt's around it.
      const opensOwn = s.transaction === 'begin'
      const outside = s.outsideTransaction && !session.impersonating
      if ((opensOwn || outside) && tx === 'implicit' && !pendingWork) await commitEmpty()
      const openedBefore = tx
      if (tx === 'none' && !opensOwn && !outside && s.transaction !== 'end' && !alone) await begin()
      try {
        await session.ceiling.watch(runOne(s))
      } catch (err) {
        if (err instanceof RunAbortedError) throw err
        if (alone) rolledBack = true
        if (err instanceof CommitError) {
          // As when the commit at the end of a run fails: the statement ran, its transaction is gone.
          error = statementError(err.cause, undefined, text)
          status = 'error'
          break
        }
        // A failed COMMIT has ended its transaction (rolled back); any other failure leaves it aborted.
        if (s.transaction === 'end' && tx !== 'none') {
          rolledBack = true
          tx = 'none'
        }
        error = statementError(err, s, text, session.replica)
        status = 'error'
        break
      }
      if (s.transaction === 'begin') {
        if (openedBefore === 'none') await session.reapplyRole()
        tx = 'explicit'
      } else if (s.transaction === 'end') {
        tx = 'none'
      } else if (s.transaction === 'chain') {
        await session.reapplyRole()
      } else if (tx === 'implicit') {
        pendingWork = true
      }
    }
    current = undefined
    if (error || status === 'cancelled') {
      if (error?.pg?.code === '57014') {
        status = (await hooks.cancelRequested()) ? 'cancelled' : 'timeout'
      }
      if (error && status !== 'cancelled' && session.ceiling.fired && !(await hooks.cancelRequested())) {
        // Basalt stopped it past the project's timeout, whatever the session's statement_timeout said (unless
        // Postgres' own timeout, when it held, came first).
        status = 'timeout'
        if (error.message !== POSTGRES_TIMEOUT_MESSAGE) error = ceilingError(error, session.ceiling.timeoutMs)
      }
      if (tx !== 'none') {
        rolledBack = true
        await client.query('rollback')
        tx = 'none'
      }
    } else if (readOnlyMember) {
      // Nothing to keep: a read-only transaction ends the same either way.
      await client.query('rollback')
      tx = 'none'
    } else if (tx === 'implicit') {
      try {
        // A deferred trigger runs its SQL at the commit: under the ceiling too.
        await session.ceiling.watch(client.query('commit'))
      } catch (err) {
        // A deferred constraint or trigger refused the commit: the transaction is gone.
        error = statementError(err, undefined, text)
        status = 'error'
        rolledBack = true
      }
      tx = 'none'
    } else if (tx === 'explicit') {
      // A BEGIN without COMMIT: what psql does when the script ends.
      await client.query('rollback')
      rolledBack = true
    }
  } catch (err) {
    if (err instanceof RunAbortedError) throw err
    // The connection itself failed between statements, or while rolling back after a statement's error that
    // closed it (db/row-guard.ts): that first error is the one to tell.
    error ??= statementError(err, current, text)
    // A statement Basalt ended past the timeout took its connection with it: still a timeout.
    if (status !== 'timeout') status = 'error'
    rolledBack = tx !== 'none'
  } finally {
    client.off('notice', onNotice)
  }

  return {
    notices,
    status,
    error,
    rolledBack,
    statementCount: statements.length,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    rows,
  }
}
