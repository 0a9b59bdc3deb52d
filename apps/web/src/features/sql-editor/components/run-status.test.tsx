import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SqlResult } from '@basalt/contracts'
import { renderWithProviders } from '../../../test/helpers'
import { sqlRun as run } from '../../../test/sql-run-fixtures'
import { EDITOR_MESSAGES, POSTGRES_PERFORMANCE_DOCS } from './messages'
import { RunStatus } from './run-status'

const insert: SqlResult = {
  statement: { index: 0, sql: 'insert into t values (1)', start: 0, end: 24, line: 1 },
  columns: [],
  rows: [],
  command: 'INSERT',
  rowCount: 1,
  capped: null,
  durationMs: 1,
}

describe('RunStatus', () => {
  it('says a timed-out run ran into the timeout, with a way to optimise the query and one to raise it', () => {
    renderWithProviders(<RunStatus projectRef="abc" run={run({ status: 'timeout' })} onSwitchToPrimary={() => {}} />)
    expect(screen.getByText('SQL query ran into an upstream timeout')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: EDITOR_MESSAGES.timeoutOptimize })).toHaveAttribute(
      'href',
      POSTGRES_PERFORMANCE_DOCS,
    )
    expect(screen.getByRole('link', { name: EDITOR_MESSAGES.timeoutRaise })).toHaveAttribute(
      'href',
      '/project/abc/settings/database',
    )
  })

  it('offers the primary database when a write reached a read replica', async () => {
    const onSwitchToPrimary = vi.fn()
    const error = {
      code: 'bad_request' as const,
      message: EDITOR_MESSAGES.readReplicaWrite,
      formattedError: 'ERROR:  cannot execute CREATE TABLE in a read-only transaction',
      statementIndex: 0,
      pg: { code: '25006' },
    }
    renderWithProviders(
      <RunStatus projectRef="abc" run={run({ status: 'error', error })} onSwitchToPrimary={onSwitchToPrimary} />,
    )
    expect(
      screen.getByText('Read replicas are for read only queries. Run write queries on the primary database instead.'),
    ).toBeInTheDocument()
    expect(screen.getByText(/cannot execute CREATE TABLE in a read-only transaction/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Switch to primary database' }))
    expect(onSwitchToPrimary).toHaveBeenCalled()
  })

  it('says a run was cancelled, and that its writes were rolled back', () => {
    renderWithProviders(
      <RunStatus
        projectRef="abc"
        run={run({ status: 'cancelled', rolledBack: true, results: [insert] })}
        onSwitchToPrimary={() => {}}
      />,
    )
    expect(screen.getByText(EDITOR_MESSAGES.cancelled)).toBeInTheDocument()
    expect(screen.getByText(EDITOR_MESSAGES.rolledBack)).toBeInTheDocument()
  })

  it('keeps detail and hint, and says nothing was undone when only reads ran', () => {
    const formattedError =
      'ERROR:  duplicate key value violates unique constraint "t_pkey"\nDETAIL:  Key (id)=(1) already exists.\nHINT:  Pick another id.'
    const error = { code: 'pg_error' as const, message: 'duplicate key', formattedError, statementIndex: 1 }
    renderWithProviders(
      <RunStatus
        projectRef="abc"
        run={run({ status: 'error', error: { ...error, pg: { code: '23505' } }, rolledBack: true })}
        onSwitchToPrimary={() => {}}
      />,
    )
    const alert = screen.getByRole('alert', { name: EDITOR_MESSAGES.errorTitle })
    expect(alert).toHaveTextContent('DETAIL: Key (id)=(1) already exists.')
    expect(alert).toHaveTextContent('HINT: Pick another id.')
    expect(alert).toHaveTextContent('SQLSTATE: 23505')
    expect(screen.queryByText(EDITOR_MESSAGES.rolledBack)).not.toBeInTheDocument()
  })

  it('says nothing for a run that simply succeeded', () => {
    renderWithProviders(<RunStatus projectRef="abc" run={run({ results: [insert] })} onSwitchToPrimary={() => {}} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
