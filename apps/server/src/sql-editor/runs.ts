import { randomUUID } from 'node:crypto'
import { ok, type Result, type SqlRunBody, type SqlRunError } from '@basalt/contracts'
import type pg from 'pg'
import type { ProjectCalls } from '../http/project-executor.ts'
import {
  cancelRequested,
  cancelRun,
  endsRecorded,
  pruneHistory,
  recordRunEnd,
  recordRunEndAlongside,
  recordRunStart,
  signalCancelledAgain,
  type RunOwner,
} from './history.ts'
import { RunAbortedError, RunDocument } from './run-document.ts'
import { DEFAULT_RUN_LIMITS, runStatements, type RunLimits, type RunOutcome } from './run.ts'
import { splitStatements } from './statements.ts'
import { lineAt } from './text-offsets.ts'

/** What runs and cancels need besides the request: the platform store and the project's executor. */
export interface RunContext {
  db: pg.Pool
  project: ProjectCalls
  owner: RunOwner
  /** Work to finish after the answer (pruning the history). */
  background(task: () => Promise<void>): void
}

/** Asks the project's database to cancel a backend's statement, from the caller's own login. */
const signalBackend = (project: ProjectCalls) => (pid: number) =>
  project.catalog(async (c) => {
    const { rows } = await c.query<{ signalled: boolean }>('select pg_cancel_backend($1) as signalled', [pid])
    return ok(rows[0]!.signalled)
  })

/**
 * A run of the SQL editor (POST …/query): the text is split by Postgres' parser, then every statement runs in
 * order on one connection of the caller's login (see runStatements), and the answer is streamed to the
 * document `send` receives. Answers a failure only when nothing was sent: the project is not ready, the
 * caller may not impersonate, the run id was used before, the database cannot be reached. A text that does
 * not parse is answered like any run that failed (status 'error'), without running anything.
 */
export async function runQuery(
  run: RunContext,
  body: SqlRunBody,
  send: (doc: RunDocument) => void,
  limits: RunLimits = DEFAULT_RUN_LIMITS,
): Promise<Result<void>> {
  const runId = body.runId ?? randomUUID()
  const text = body.query
  return run.project.sql(body.impersonation, async (session) => {
    // The text is split while the platform records the run.
    const recording = recordRunStart(run.db, {
      ...run.owner,
      runId,
      query: text,
      login: session.login,
      impersonation: body.impersonation,
      pid: session.pid,
    })
    const splitting = splitStatements(text)
    splitting.catch(() => {}) // awaited below, once the run is recorded
    const started = await recording
    if (!started.ok) return started
    const doc = new RunDocument(runId)
    // The browser went away while the run goes on: stop its statement rather than let it run to the end.
    doc.stream.once('close', () => {
      if (!doc.ended) void cancelRun(run.db, run.owner, runId, signalBackend(run.project)).catch(() => {})
    })
    send(doc)
    let outcome: RunOutcome
    try {
      const split = await splitting
      outcome = split.ok
        ? await runStatements(
            session,
            text,
            split.data,
            doc,
            { cancelRequested: () => cancelRequested(run.db, runId) },
            limits,
          )
        : syntaxErrorOutcome(text, split.error)
    } catch (err) {
      if (!(err instanceof RunAbortedError)) {
        await recordRunEnd(run.db, runId, failedOutcome('error', String(err))).catch(() => {})
        throw err
      }
      outcome = failedOutcome('cancelled', 'The client closed the connection before the query finished')
    }
    // Its end is recorded while the answer ends (a platform round trip less before the caller has it), and
    // before the connection goes back to the pool: a cancel under way holds the run's row, so the record
    // waits for it, and no late cancel reaches a backend that serves someone else. This server's history and
    // cancel wait for the record (endsRecorded).
    const recorded = recordRunEndAlongside(run.db, run.owner, runId, outcome)
    try {
      if (!doc.aborted) {
        const { rows: _rows, ...end } = outcome
        await doc.finish(end)
      }
    } finally {
      await recorded
    }
    run.background(() => pruneHistory(run.db, run.owner))
    return ok(undefined)
  })
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

/** How often, and how many times at most, a cancelled run that still runs is signalled again. */
const RESIGNAL_EVERY_MS = 500
const RESIGNAL_TIMES = 20

/**
 * Cancels the caller's own running query (POST …/query/cancel), on whichever replica it runs. A signal
 * that reaches the backend between two statements stops nothing, and the run only looks at its cancel
 * before its next statement — which may be long: so the run is signalled again until it has stopped.
 */
export async function cancelQuery(run: RunContext, runId: string): Promise<Result<{ cancelled: boolean }>> {
  // A run whose answer has ended is over: once its end is recorded, it is not found running.
  await endsRecorded(run.owner, runId)
  const signal = signalBackend(run.project)
  const cancelled = await cancelRun(run.db, run.owner, runId, signal)
  if (cancelled.ok) {
    run.background(async () => {
      for (let i = 0; i < RESIGNAL_TIMES; i++) {
        await new Promise((resolve) => setTimeout(resolve, RESIGNAL_EVERY_MS))
        if (!(await signalCancelledAgain(run.db, runId, signal))) return
      }
    })
  }
  return cancelled
}
