import { randomUUID } from 'node:crypto'
import {
  ok,
  SQL_RUN_ID_TAKEN_MESSAGE,
  type Result,
  type SqlNotice,
  type SqlRunBody,
  type SqlRunError,
} from '@basalt/contracts'
import { meterRows } from '../db/row-guard.ts'
import { sendCancelRequest } from '../db/statement-ceiling.ts'
import type { ProjectCalls, SqlSession } from '../http/project-executor.ts'
import type { RunOwner } from './history.ts'
import type { LiveRuns, Signal } from './live-runs.ts'
import { RunAbortedError, RunDocument } from './run-document.ts'
import { DEFAULT_RUN_LIMITS, runStatements, type RunLimits, type RunOutcome } from './run.ts'
import type { RunBudget, RunPlace } from './run-budget.ts'
import { splitStatements, type SqlStatement } from './statements.ts'
import { lineAt } from './text-offsets.ts'

/** What runs and cancels need besides the request: this server's runs and the project's executor. */
export interface RunContext {
  live: LiveRuns
  project: ProjectCalls
  owner: RunOwner
  /** The server's budget of runs and result memory, and the organisation the run counts for. */
  budget: RunBudget
  organizationId: string
  /**
   * On a branch (issue 28 §4): records the schema changes a run committed in the branch's migration history,
   * before the run's answer ends — given the statements that ran and whether what followed the last commit was
   * rolled back (see committedPart).
   */
  recordChanges?: (statements: readonly SqlStatement[], rolledBack: boolean) => Promise<void>
}

/**
 * What a run that ended may have committed: every statement of a run that succeeded (less what an open BEGIN
 * rolled back); of one that failed at a statement, those before it, with what followed their last commit
 * rolled back (a run is one transaction unless its SQL commits: `create …; select 1/0` commits nothing,
 * `create …; commit; select 1/0` the create). Nothing when it is not known where the run stopped.
 */
export function committedPart(
  outcome: RunOutcome,
  ran: readonly SqlStatement[],
): { statements: readonly SqlStatement[]; rolledBack: boolean } | null {
  if (outcome.status === 'success') return { statements: ran, rolledBack: outcome.rolledBack }
  const at = outcome.error?.statementIndex
  return typeof at === 'number' ? { statements: ran.slice(0, at), rolledBack: true } : null
}

/** A notice of a run whose schema changes could not be recorded on its branch (the platform database failed). */
export const notRecordedNotice = (message: string): SqlNotice => ({
  statementIndex: null,
  severity: 'WARNING',
  message: `The run's schema changes were made but could not be recorded in the branch's migration history, so they cannot be applied to the parent from the branch page: ${message}`,
})

/** Asks the project's database to cancel a backend's statement, from the caller's own login. */
const signalBackend =
  (project: ProjectCalls): Signal =>
  (pid) =>
    project.catalog(async (c) => {
      const { rows } = await c.query<{ signalled: boolean }>('select pg_cancel_backend($1) as signalled', [pid])
      return ok(rows[0]!.signalled)
    })

/**
 * Signals the run's own backend with a protocol cancel request (its pid and secret key, known to this server
 * only): it needs no pooled connection, so a cancel goes through while every connection of the pool is busy.
 * A backend of a run on another server is signalled through pg_cancel_backend (signalBackend).
 */
const signalOwnBackend =
  (project: ProjectCalls, session: SqlSession): Signal =>
  async (pid) => {
    if (pid !== session.pid) return signalBackend(project)(pid)
    await sendCancelRequest(session.client)
    return ok(true)
  }

/**
 * A run of the SQL editor (POST …/query): the text is split by Postgres' parser, then every statement runs in
 * order on one connection of the caller's login (see runStatements), and the answer is streamed to the
 * document `send` receives. Answers a failure only when nothing was sent: the project is not ready, the
 * caller may not impersonate, the run id was used before on this server, the database cannot be reached. A
 * text that does not parse is answered like any run that failed (status 'error'), without running anything.
 *
 * Nothing of the platform database is on a short run's path (LiveRuns): it is recorded as running only once
 * it has run for a moment, and its end is recorded after its answer.
 */
export async function runQuery(
  run: RunContext,
  body: SqlRunBody,
  send: (doc: RunDocument) => void,
  limits: RunLimits = DEFAULT_RUN_LIMITS,
): Promise<Result<void>> {
  // A place among the server's runs before a connection is taken: a run that waits holds none.
  const place = await run.budget.enter(run.organizationId)
  if (!place.ok) return place
  try {
    return await runOnSession(run, body, send, limits, place.data)
  } finally {
    place.data.end()
  }
}

/** The run on a connection of the caller's login, its rows metered against the memory budget. */
async function runOnSession(
  run: RunContext,
  body: SqlRunBody,
  send: (doc: RunDocument) => void,
  limits: RunLimits,
  place: RunPlace,
): Promise<Result<void>> {
  const runId = body.runId ?? randomUUID()
  const text = body.query
  return run.project.sql(body.impersonation, async (session) => {
    // The rows the run reads count against the memory budget until they are answered (db/row-guard.ts).
    meterRows(session.client, place)
    try {
      return await runOnConnection(run, body, send, limits, place, session, runId, text)
    } finally {
      meterRows(session.client, undefined)
    }
  })
}

/** The run itself, on the session's connection (see runQuery). */
async function runOnConnection(
  run: RunContext,
  body: SqlRunBody,
  send: (doc: RunDocument) => void,
  limits: RunLimits,
  place: RunPlace,
  session: SqlSession,
  runId: string,
  text: string,
): Promise<Result<void>> {
  const started = run.live.begin(
    {
      ...run.owner,
      runId,
      query: text,
      login: session.login,
      impersonation: body.impersonation,
      pid: session.pid,
      startedAt: new Date(),
    },
    signalOwnBackend(run.project, session),
  )
  if (!started.ok) return started
  const live = started.data
  const doc = new RunDocument(runId)
  // The browser went away while the run goes on: stop its statement rather than let it run to the end.
  doc.stream.once('close', () => {
    if (!doc.ended) void run.live.cancel(run.owner, runId, signalBackend(run.project)).catch(() => {})
  })
  send(doc)
  let outcome: RunOutcome
  let ran: readonly SqlStatement[] = []
  try {
    const split = await splitStatements(text)
    if (split.ok) ran = split.data
    outcome = split.ok
      ? await runStatements(
          session,
          text,
          split.data,
          doc,
          { cancelRequested: () => live.cancelRequested(), rowsAnswered: () => place.settle() },
          limits,
        )
      : syntaxErrorOutcome(text, split.error)
  } catch (err) {
    if (!(err instanceof RunAbortedError)) {
      await run.live.end(live, failedOutcome('error', String(err))).catch(() => {})
      throw err
    }
    outcome = failedOutcome('cancelled', 'The client closed the connection before the query finished')
  }
  // Another server had run a run with this id: this one was stopped (and rolled back) once that was found.
  if (live.refused && outcome.status === 'cancelled') {
    outcome = {
      ...outcome,
      status: 'error',
      error: { code: 'conflict', message: SQL_RUN_ID_TAKEN_MESSAGE, statementIndex: null },
    }
  }
  const committed = run.recordChanges && committedPart(outcome, ran)
  if (committed) {
    try {
      await run.recordChanges!(committed.statements, committed.rolledBack)
    } catch (err) {
      outcome = { ...outcome, notices: [...outcome.notices, notRecordedNotice(String(err))] }
    }
  }
  // Its end is recorded once the answer has gone out, and before the connection goes back to the pool: a
  // cancel under way (on this server, or on another holding the run's row) is waited for, so that no late
  // cancel reaches a backend that serves someone else. This server's history and cancel wait for the record.
  const { rows: _rows, ...end } = outcome
  const answer = doc.aborted ? Promise.resolve() : doc.finish(end)
  const recorded = run.live.end(
    live,
    outcome,
    answer.then(() => doc.sent()),
  )
  try {
    await answer
  } finally {
    await recorded
  }
  return ok(undefined)
}

const failedOutcome = (status: 'error' | 'cancelled', message: string): RunOutcome => ({
  status,
  error: { code: 'internal', message, statementIndex: null },
  notices: [],
  rolledBack: true,
  statementCount: 0,
  durationMs: 0,
  rows: 0,
})

function syntaxErrorOutcome(text: string, error: Omit<SqlRunError, 'statementIndex'>): RunOutcome {
  return {
    status: 'error',
    error: {
      ...error,
      statementIndex: null,
      ...(error.position === undefined ? {} : { line: lineAt(text, error.position - 1) }),
    },
    notices: [],
    rolledBack: false,
    statementCount: 0,
    durationMs: 0,
    rows: 0,
  }
}

/** Cancels the caller's own running query (POST …/query/cancel), on whichever server and database it runs. */
export function cancelQuery(run: RunContext, runId: string): Promise<Result<{ cancelled: boolean }>> {
  return run.live.cancel(run.owner, runId, signalBackend(run.project))
}
