import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AnalyzedStatement } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { sqlRun as answer, sqlTextResult } from '../../../test/sql-run-fixtures'
import { DestructiveQueryDialog } from '../components/destructive-query-dialog'
import { EDITOR_MESSAGES } from '../components/messages'
import { RunStatus } from '../components/run-status'
import { ResultsPanel } from '../components/results/results-panel'
import { DEFAULT_RUN_PERIOD, errorPlace, useSqlRunner, withPeriod, type RunRequest, type RunTarget } from './sql-runner'

const QUERY = '/api/platform/pg-meta/abc/query'
const ANALYZE = `${QUERY}/analyze`
const CANCEL = `${QUERY}/cancel`

const drop: AnalyzedStatement = {
  index: 0,
  sql: 'drop table public.todos',
  start: 0,
  end: 23,
  line: 1,
  kind: 'DropStmt',
  destructive: [{ operation: 'drop', description: 'drop table public.todos' }],
}

/**
 * The page's run controls without Monaco (which does not run in jsdom; the journey drives it): a Run and a
 * Cancel button, the destructive dialog, and the results panel with the run's status, as the page composes them.
 */
function RunHarness({
  request,
  target = { connectionId: undefined, impersonation: undefined },
}: {
  request: RunRequest
  target?: RunTarget
}) {
  const runner = useSqlRunner('abc')
  return (
    <>
      <button onClick={() => runner.start(request, target)}>Run</button>
      {runner.phase === 'running' && <button onClick={runner.cancel}>Cancel</button>}
      <ResultsPanel
        projectRef="abc"
        snippetName="q"
        run={runner.run}
        running={runner.phase !== 'idle'}
        status={<RunStatus projectRef="abc" run={runner.run} onSwitchToPrimary={() => {}} />}
      />
      <DestructiveQueryDialog statements={runner.confirming} onConfirm={runner.confirm} onDismiss={runner.dismiss} />
    </>
  )
}

const whole = (sql: string): RunRequest => ({ sql, offset: 0, line: 1 })

describe('running SQL from the editor', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('runs what is sent with a run id of its own, as the chosen role, on the chosen database', async () => {
    const { calls } = mockFetch({
      [`POST ${ANALYZE}`]: { body: { statements: [], destructive: [] } },
      [`POST ${QUERY}`]: { body: answer({ results: [sqlTextResult('select body from notes', [['hello']])] }) },
    })
    renderWithProviders(
      <RunHarness
        request={{ sql: 'select body from notes', offset: 10, line: 2 }}
        target={{ connectionId: 'replica-1', impersonation: { role: 'anon' } }}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByRole('tab', { name: /select body from notes/ })).toHaveTextContent('1 row')
    const run = calls.find((c) => c.path === QUERY)!
    expect(run.body).toMatchObject({ query: 'select body from notes', impersonation: { role: 'anon' } })
    expect((run.body as { runId: string }).runId).toMatch(/^[0-9a-f-]{36}$/)
    expect(run.headers['x-connection-encrypted']).toBe('replica-1')
  })

  it('runs a query written for a report’s period for the period picked, and says which values it used', async () => {
    const { calls } = mockFetch({
      [`POST ${ANALYZE}`]: { body: { statements: [], destructive: [] } },
      [`POST ${QUERY}`]: { body: answer({ results: [sqlTextResult('select 1', [['1']])] }) },
    })
    const sql = 'select count(*) from events where at >= {{period_start}} and at < {{period_end}}'
    function PeriodHarness() {
      const runner = useSqlRunner('abc')
      return (
        <>
          <button
            onClick={() =>
              runner.start(whole(sql), { connectionId: undefined, impersonation: undefined, period: '30d' })
            }
          >
            Run
          </button>
          {runner.run && runner.ran?.period && (
            <p>{EDITOR_MESSAGES.periodUsed(runner.ran.period.start, runner.ran.period.end)}</p>
          )}
        </>
      )
    }
    const before = Date.now()
    renderWithProviders(<PeriodHarness />)
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    const said = await screen.findByText(/^Ran with \{\{period_start\}\} = /)
    const [, start, end] = /= (\S+) and \{\{period_end\}\} = (\S+)$/.exec(said.textContent!)!
    expect(Date.parse(end!) - Date.parse(start!)).toBe(30 * 86_400_000)
    expect(Date.parse(end!)).toBeGreaterThanOrEqual(before)
    // Sent as quoted timestamptz literals, analysed and run as the same text.
    const sent = `select count(*) from events where at >= '${start}'::timestamptz and at < '${end}'::timestamptz`
    expect(calls.find((c) => c.path === ANALYZE)!.body).toMatchObject({ query: sent })
    expect(calls.find((c) => c.path === QUERY)!.body).toMatchObject({ query: sent })
  })

  it('runs the last 7 days by default, and places errors in the text as the member wrote it', () => {
    const sql = 'select {{period_start}}, oops'
    const ran = withPeriod(whole(sql), DEFAULT_RUN_PERIOD, new Date('2026-11-26T00:00:00Z'))
    expect(ran.sql).toBe("select '2026-11-19T00:00:00.000Z'::timestamptz, oops")
    const error = { code: 'pg_error' as const, message: 'column "oops" does not exist', statementIndex: 0 }
    expect(errorPlace({ ...error, position: ran.sql.indexOf('oops') + 1 }, ran)).toEqual({
      offset: sql.indexOf('oops'),
    })
    expect(withPeriod(whole('select 1'), '7d')).toEqual(whole('select 1'))
  })

  it('asks before a destructive run, naming what it destroys, and runs only when confirmed', async () => {
    const { calls } = mockFetch({
      [`POST ${ANALYZE}`]: { body: { statements: [drop], destructive: [drop] } },
      [`POST ${QUERY}`]: { body: answer() },
    })
    renderWithProviders(<RunHarness request={whole('drop table public.todos')} />)
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    const dialog = await screen.findByRole('dialog', { name: EDITOR_MESSAGES.destructiveTitle })
    expect(within(dialog).getByRole('list', { name: 'Destructive statements' })).toHaveTextContent(
      'drop table public.todos',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === QUERY)).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    await userEvent.click(await screen.findByRole('button', { name: EDITOR_MESSAGES.destructiveConfirm }))
    await waitFor(() => expect(calls.filter((c) => c.path === QUERY)).toHaveLength(1))
  })

  it('runs a text that does not parse, and shows Postgres’ error in psql’s words with its SQLSTATE', async () => {
    const formattedError = 'ERROR:  syntax error at or near "selec"\nLINE 1: selec 1\n        ^'
    const error = { code: 'pg_error' as const, message: 'syntax error at or near "selec"', formattedError, position: 1 }
    mockFetch({
      [`POST ${ANALYZE}`]: { status: 400, body: error },
      [`POST ${QUERY}`]: {
        body: answer({ status: 'error', error: { ...error, line: 1, statementIndex: null, pg: { code: '42601' } } }),
      },
    })
    renderWithProviders(<RunHarness request={whole('selec 1')} />)
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    const alert = await screen.findByRole('alert', { name: EDITOR_MESSAGES.errorTitle })
    expect(alert).toHaveTextContent('LINE 1: selec 1')
    expect(alert).toHaveTextContent('SQLSTATE: 42601')
  })

  it('tells a member when nothing ran at all', async () => {
    mockFetch({
      [`POST ${ANALYZE}`]: { body: { statements: [], destructive: [] } },
      [`POST ${QUERY}`]: { status: 409, body: { code: 'project_not_ready', message: 'The project is paused' } },
    })
    renderWithProviders(<RunHarness request={whole('select 1')} />)
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('Failed to execute SQL: The project is paused')).toBeInTheDocument()
  })

  it('shows Running... and cancels the run it started, on the same database', async () => {
    const sent: Array<{ path: string; body: unknown; headers: Record<string, string> }> = []
    let finish: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname
        const body = JSON.parse(String(init?.body ?? 'null'))
        sent.push({ path, body, headers: init?.headers as Record<string, string> })
        if (path === ANALYZE) return Response.json({ statements: [], destructive: [] })
        if (path === CANCEL) {
          finish(Response.json(answer({ status: 'cancelled', rolledBack: true })))
          return Response.json({ cancelled: true })
        }
        return new Promise<Response>((resolve) => (finish = resolve))
      }),
    )
    renderWithProviders(
      <RunHarness
        request={whole('select pg_sleep(60)')}
        target={{ connectionId: 'replica-1', impersonation: undefined }}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByText(EDITOR_MESSAGES.running)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText(EDITOR_MESSAGES.cancelled)).toBeInTheDocument()
    const run = sent.find((c) => c.path === QUERY)!
    const cancel = sent.find((c) => c.path === CANCEL)!
    expect(cancel.body).toEqual({ runId: (run.body as { runId: string }).runId })
    expect(cancel.headers['x-connection-encrypted']).toBe('replica-1')
  })
})

describe('errorPlace', () => {
  const error = { code: 'pg_error' as const, message: 'x', statementIndex: 0 }

  it('puts Postgres’ position after the start of the selection that was sent', () => {
    expect(errorPlace({ ...error, position: 5 }, { sql: '', offset: 100, line: 4 })).toEqual({ offset: 104 })
  })

  it('falls back to the line, counted from the selection’s first line', () => {
    expect(errorPlace({ ...error, line: 2 }, { sql: '', offset: 100, line: 4 })).toEqual({ line: 5 })
    expect(errorPlace(error, { sql: '', offset: 0, line: 1 })).toBeNull()
  })

  it('places an error about a whole statement at the start of the statement that failed', () => {
    const statements = [
      { index: 0, sql: 'select 1', start: 0, end: 8, line: 1 },
      { index: 1, sql: 'create table t ()', start: 10, end: 27, line: 2 },
    ]
    expect(errorPlace({ ...error, statementIndex: 1 }, { sql: '', offset: 5, line: 1, statements })).toEqual({
      offset: 15,
    })
    expect(errorPlace({ ...error, statementIndex: null }, { sql: '', offset: 5, line: 1, statements })).toBeNull()
  })
})
