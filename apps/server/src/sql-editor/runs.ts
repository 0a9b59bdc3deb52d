import { randomUUID } from 'node:crypto'
import { ok, SQL_RUN_ID_TAKEN_MESSAGE, type Result, type SqlRunBody, type SqlRunError } from '@basalt/contracts'
import type { ProjectCalls } from '../http/project-executor.ts'
import type { RunOwner } from './history.ts'
import type { LiveRuns, Signal } from './live-runs.ts'
import { RunAbortedError, RunDocument } from './run-document.ts'
import { DEFAULT_RUN_LIMITS, runStatements, type RunLimits, type RunOutcome } from './run.ts'
import { splitStatements } from './statements.ts'
import { lineAt } from './text-offsets.ts'

/** What runs and cancels need besides the request: this server's runs and the project's executor. */
export interface RunContext {
  live: LiveRuns
  project: ProjectCalls
  owner: RunOwner
}

/** Asks the project's database to cancel a backend's statement, from the caller's own login. */
const signalBackend =
  (project: ProjectCalls): Signal =>
  (pid) =>
    project.catalog(async (c) => {
      const { rows } = await c.query<{ signalled: boolean }>('select pg_cancel_backend($1) as signalled', [pid])
      return ok(rows[0]!.signalled)
    })

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
  const runId = body.runId ?? randomUUID()
  const text = body.query
  return run.project.sql(body.impersonation, async (session) => {
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
      signalBackend(run.project),
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
    try {
      const split = await splitStatements(text)
      outcome = split.ok
        ? await runStatements(session, text, split.data, doc, { cancelRequested: () => live.cancelRequested() }, limits)
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

/** Cancels the caller's own running query (POST …/query/cancel), on whichever server and database it runs. */
export function cancelQuery(run: RunContext, runId: string): Promise<Result<{ cancelled: boolean }>> {
  return run.live.cancel(run.owner, runId, signalBackend(run.project))
}
