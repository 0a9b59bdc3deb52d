import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import {
  REPORT_PLACEHOLDERS,
  reportWindow,
  type AnalyzedStatement,
  type ReportTimePeriod,
  type SqlRunError,
  type SqlRunResult,
  type StatementPlace,
} from '@basalt/contracts'
import { bindPlaceholders, inlinePlaceholders, offsetBeforeInlining, type InlinedPlaceholders } from '@basalt/sql'
import { isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { randomUuid } from '../../../lib/uuid'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { useAnalyzeQuery } from '../api/analyze-query'
import { useCancelQuery } from '../api/cancel-query'
import { useRunQuery } from '../api/run-query'
import { EDITOR_MESSAGES } from '../components/messages'

/**
 * A text to run and where it sits in the document: the selection, or the whole text. The positions of the
 * answer (statements, the error) are relative to the text sent, so they need its place to reach the editor.
 */
export interface RunRequest {
  sql: string
  /** UTF-16 offset of the text's first character in the document. */
  offset: number
  /** 1-based line of that character. */
  line: number
  /** The statements of the text, as analyze split it (to place an error Postgres gave no position for). */
  statements?: StatementPlace[]
  /** A text from elsewhere than the editor (the AI chat's Run): its positions are not the editor's. */
  external?: boolean
  /**
   * Set when the text's `{{period_start}}`/`{{period_end}}` were replaced by a period's values: `sql` is then
   * the text sent, and positions of the answer go back to the member's text through `edits`.
   */
  period?: RunPeriod
}

/** The values a run used for the period placeholders (ISO timestamps), and where they were written. */
export interface RunPeriod {
  start: string
  end: string
  edits: InlinedPlaceholders['edits']
}

/** The period a text with period placeholders runs for unless the member picks another (as a new report's). */
export const DEFAULT_RUN_PERIOD: ReportTimePeriod = '7d'

/** Whether a text uses `{{period_start}}` or `{{period_end}}`, found as a report's blocks find them. */
export const usesPeriod = (sql: string) => bindPlaceholders(sql, REPORT_PLACEHOLDERS, 'timestamptz').names.length > 0

/**
 * The request with its period placeholders replaced by the window of `period` ending `now`, each value a
 * quoted timestamptz literal (one scan, @basalt/sql's, for reports and the editor); unchanged without them.
 */
export function withPeriod(request: RunRequest, period: ReportTimePeriod, now = new Date()): RunRequest {
  const { start, end } = reportWindow(period, now)
  const inlined = inlinePlaceholders(request.sql, { period_start: start, period_end: end }, 'timestamptz')
  if (inlined.names.length === 0) return request
  return { ...request, sql: inlined.text, period: { start, end, edits: inlined.edits } }
}

/** An offset in the text a run sent, as an offset in the text the member wrote. */
export const sourceOffset = (ran: RunRequest, offset: number) =>
  ran.period ? offsetBeforeInlining(ran.period.edits, offset) : offset

/** What a run ran on and as whom: read when it starts (a later change of role or database is the next run's). */
export interface RunTarget {
  /** The chosen database's `connectionId`; the primary when undefined. */
  connectionId: string | undefined
  impersonation: ImpersonationParam | undefined
  /** The period `{{period_start}}`/`{{period_end}}` stand for; DEFAULT_RUN_PERIOD when not given. */
  period?: ReportTimePeriod
}

export type RunPhase = 'idle' | 'analyzing' | 'running'

export interface SqlRunner {
  /** The answer of the last run that reached the database; null before the first. */
  run: SqlRunResult | null
  /** The request `run` answers. */
  ran: RunRequest | null
  phase: RunPhase
  cancelling: boolean
  /** Statements with destructive operations waiting for the member's confirmation. */
  confirming: AnalyzedStatement[] | null
  start: (request: RunRequest, target: RunTarget) => void
  /** Runs what waits for confirmation. */
  confirm: () => void
  dismiss: () => void
  cancel: () => void
}

/**
 * Running SQL from the editor (spec 2 §4): the text is analyzed first, and one with destructive operations
 * waits for the 'Destructive operation' confirmation; the run gets an id chosen here so that Cancel can name it
 * before its answer arrives; an answer other than 200 (nothing ran) is a toast 'Failed to execute SQL: …'.
 * Leaving the page closes a running run's answer, which cancels it on the server.
 */
export function useSqlRunner(projectRef: string): SqlRunner {
  const analyze = useAnalyzeQuery(projectRef)
  const runQuery = useRunQuery(projectRef)
  const cancelQuery = useCancelQuery(projectRef)
  const [run, setRun] = useState<SqlRunResult | null>(null)
  const [ran, setRan] = useState<RunRequest | null>(null)
  const [phase, setPhase] = useState<RunPhase>('idle')
  const [cancelling, setCancelling] = useState(false)
  const [pending, setPending] = useState<{
    request: RunRequest
    target: RunTarget
    statements: AnalyzedStatement[]
  } | null>(null)
  const current = useRef<{ runId: string; connectionId: string | undefined; controller: AbortController } | null>(null)

  useEffect(() => () => current.current?.controller.abort(), [])

  const execute = async (request: RunRequest, target: RunTarget) => {
    const controller = new AbortController()
    const runId = randomUuid()
    current.current = { runId, connectionId: target.connectionId, controller }
    setPhase('running')
    try {
      const result = await runQuery.mutateAsync({
        query: request.sql,
        runId,
        impersonation: target.impersonation,
        connectionId: target.connectionId,
        signal: controller.signal,
      })
      setRun(result)
      setRan(request)
    } catch (error) {
      if (controller.signal.aborted) return
      toast.error(EDITOR_MESSAGES.executeFailed(errorMessage(error)))
    } finally {
      if (current.current?.runId === runId) current.current = null
      setPhase('idle')
      setCancelling(false)
    }
  }

  const start = async (request: RunRequest, target: RunTarget) => {
    if (phase !== 'idle' || !request.sql.trim()) return
    request = withPeriod(request, target.period ?? DEFAULT_RUN_PERIOD)
    setPhase('analyzing')
    let destructive: AnalyzedStatement[] = []
    try {
      const analysis = await analyze.mutateAsync(request.sql)
      destructive = analysis.destructive
      request = { ...request, statements: analysis.statements }
    } catch (error) {
      // A text that does not parse runs anyway: the run answers Postgres' own error, with its position.
      if (!(isApiError(error) && error.code === 'pg_error')) {
        toast.error(EDITOR_MESSAGES.executeFailed(errorMessage(error)))
        setPhase('idle')
        return
      }
    }
    if (destructive.length > 0) {
      setPending({ request, target, statements: destructive })
      setPhase('idle')
      return
    }
    await execute(request, target)
  }

  return {
    run,
    ran,
    phase,
    cancelling,
    confirming: pending?.statements ?? null,
    start: (request, target) => void start(request, target),
    confirm: () => {
      if (!pending) return
      setPending(null)
      void execute(pending.request, pending.target)
    },
    dismiss: () => setPending(null),
    cancel: () => {
      const running = current.current
      if (!running || cancelling) return
      setCancelling(true)
      cancelQuery.mutate(
        { runId: running.runId, connectionId: running.connectionId },
        {
          // A run that ended meanwhile is no longer running (404): its answer says how it ended.
          onError: (error) => {
            setCancelling(false)
            if (!(isApiError(error) && error.status === 404)) toast.error(errorMessage(error))
          },
        },
      )
    },
  }
}

/**
 * Where the error of a run is in the document, as a 0-based offset or a 1-based line: Postgres' position, else
 * its line, else the start of the statement that failed (a read-only transaction, a constraint: errors about
 * the statement as a whole), else nowhere (the final commit failed).
 */
export function errorPlace(error: SqlRunError, ran: RunRequest): { offset: number } | { line: number } | null {
  if (error.position !== undefined) return { offset: ran.offset + sourceOffset(ran, error.position - 1) }
  if (error.line !== undefined) return { line: ran.line + error.line - 1 }
  const statement = error.statementIndex === null ? undefined : ran.statements?.[error.statementIndex]
  if (statement) return { offset: ran.offset + sourceOffset(ran, statement.start) }
  return null
}

/** A write sent to a read replica: the server's note, with Postgres' own error (read_only_sql_transaction) kept. */
export const isReadReplicaWrite = (error: SqlRunError) => error.code === 'bad_request' && error.pg?.code === '25006'
