import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SqlResult, SqlRunResult } from '@basalt/contracts'
import { renderWithProviders } from '../../../../test/helpers'
import { ResultsPanel, type ResultsPanelProps } from './results-panel'
import { RESULTS_MESSAGES as M } from './results-messages'

const text =
  'create table t (id int);\ninsert into t values (1), (2), (3);\nselect id, id from t;\nselect 1 where false'

const result = (index: number, sql: string, extra: Partial<SqlResult>): SqlResult => ({
  statement: { index, sql, start: text.indexOf(sql), end: text.indexOf(sql) + sql.length, line: index + 1 },
  columns: [],
  rows: [],
  command: null,
  rowCount: null,
  capped: null,
  durationMs: 1.2,
  ...extra,
})

const run: SqlRunResult = {
  runId: 'run-1',
  status: 'success',
  error: null,
  rolledBack: false,
  statementCount: 4,
  durationMs: 5,
  results: [
    result(0, 'create table t (id int)', { command: 'CREATE TABLE' }),
    result(1, 'insert into t values (1), (2), (3)', { command: 'INSERT', rowCount: 3 }),
    result(2, 'select id, id from t', {
      columns: [
        { name: 'id', type: 'int4', typeId: 23 },
        { name: 'id', type: 'int4', typeId: 23 },
      ],
      rows: [
        [1, 1],
        [null, 2],
        [3, null],
      ],
      command: 'SELECT',
      rowCount: 3,
    }),
    result(3, 'select 1 where false', {
      columns: [{ name: '?column?', type: 'int4', typeId: 23 }],
      command: 'SELECT',
      rowCount: 0,
    }),
  ],
  notices: [
    { statementIndex: 1, severity: 'NOTICE', code: '00000', message: 'three rows on their way', hint: 'count them' },
    { statementIndex: null, severity: 'WARNING', message: 'there is no transaction in progress' },
  ],
}

const panel = (props: Partial<ResultsPanelProps> = {}) =>
  renderWithProviders(
    <div style={{ height: 600 }}>
      <ResultsPanel projectRef="abcd" snippetName="Top users" run={run} running={false} {...props} />
    </div>,
  )

afterEach(() => vi.unstubAllGlobals())

describe('the results panel', () => {
  it('before the first run says how to run, and while running says Running...', () => {
    const { unmount } = panel({ run: null })
    expect(screen.getByText(M.emptyTitle)).toBeInTheDocument()
    unmount()
    panel({ run: null, running: true, status: <p>Cancelled by you</p> })
    expect(screen.getByRole('status')).toHaveTextContent('Running...')
    expect(screen.getByText('Cancelled by you')).toBeInTheDocument()
    expect(screen.queryByText(M.emptyTitle)).not.toBeInTheDocument()
  })

  it('shows one tab per result set with its statement and count, opening on the last with rows', () => {
    panel()
    const tabs = within(screen.getByRole('tablist', { name: 'Result sets' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      '1 create table t (id int) CREATE TABLE',
      '2 insert into t values (1), (2), (3) INSERT · 3 rows affected',
      '3 select id, id from t 3 rows',
      '4 select 1 where false 0 rows',
    ])
    expect(tabs[3]).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByText('4 statements · 5.0 ms')).toBeInTheDocument()
  })

  it('shows a result’s rows in a grid, with repeated column names and NULL, and Results with the row count', async () => {
    const user = userEvent.setup()
    panel()
    await user.click(screen.getByRole('tab', { name: /select id, id from t/ }))
    expect(screen.getByRole('tab', { name: 'Results (3 rows)' })).toHaveAttribute('aria-selected', 'true')
    const grid = screen.getByRole('grid', { name: 'Rows of result 3' })
    expect(grid).toHaveAttribute('aria-rowcount', '4')
    // jsdom has no layout: the grid renders its first column only, of the two named alike.
    expect(grid).toHaveAttribute('aria-colcount', '2')
    expect(within(grid).getByRole('columnheader')).toHaveTextContent('id int4')
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'NULL', '3'])
  })

  it('copies a cell as the grid shows it, with Ctrl+C or its right-click menu', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    panel()
    await user.click(screen.getByRole('tab', { name: /select id, id from t/ }))
    const cell = within(screen.getByRole('grid', { name: 'Rows of result 3' })).getByRole('gridcell', { name: 'NULL' })
    await user.click(cell)
    const setData = vi.fn()
    fireEvent.copy(cell, { clipboardData: { setData } })
    // SQL NULL copies as nothing, as the CSV export writes it.
    expect(setData).toHaveBeenCalledWith('text/plain', '')
    const three = within(screen.getByRole('grid')).getByRole('gridcell', { name: '3' })
    fireEvent.contextMenu(three)
    await user.click(await screen.findByRole('menuitem', { name: 'Copy cell content' }))
    expect(writeText).toHaveBeenCalledWith('3')
  })

  it('says Success. No rows returned with the command tag, and shows notices with their statement', async () => {
    const user = userEvent.setup()
    panel()
    await user.click(screen.getByRole('tab', { name: /insert into t/ }))
    const pane = screen.getByRole('tabpanel')
    expect(within(pane).getByText('Success. No rows returned')).toBeInTheDocument()
    expect(within(pane).getByText('INSERT · 3 rows affected')).toBeInTheDocument()
    const notices = within(pane).getByRole('list', { name: 'Messages' })
    expect(notices).toHaveTextContent('NOTICE: three rows on their way')
    expect(notices).toHaveTextContent('HINT: count them')
    // The commit's warning belongs to no statement: it shows above the tabs, saying so.
    expect(screen.getAllByRole('list', { name: 'Messages' })[0]).toHaveTextContent(
      'While committing WARNING: there is no transaction in progress',
    )
  })

  it('goes to the statement in the editor when its line is clicked', async () => {
    const user = userEvent.setup()
    const onGoToStatement = vi.fn()
    panel({ onGoToStatement })
    await user.click(screen.getByRole('button', { name: 'Line 4 select 1 where false' }))
    expect(onGoToStatement).toHaveBeenCalledWith(run.results[3]!.statement)
  })

  it('says when a result was capped by rows, or by the run’s bytes', () => {
    const capped = (reason: 'rows' | 'bytes'): SqlRunResult => ({
      ...run,
      runId: reason,
      results: [{ ...run.results[2]!, capped: { reason, limit: reason === 'rows' ? 100_000 : 33_554_432 } }],
    })
    const { unmount } = panel({ run: capped('rows') })
    expect(screen.getByRole('note')).toHaveTextContent('Showing the first 100,000 rows')
    unmount()
    panel({ run: capped('bytes') })
    expect(screen.getByRole('note')).toHaveTextContent(
      'Showing the first 3 rows: the run’s results reached 32 MiB, the most one run returns, and the rest was not read',
    )
  })

  it('downloads and copies a result as CSV, JSON and Markdown, named from the project and the snippet', async () => {
    const user = userEvent.setup()
    const files: File[] = []
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (f: File) => (files.push(f), 'blob:x'), revokeObjectURL: () => {} }),
    )
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    panel()
    await user.click(screen.getByRole('tab', { name: /select id, id from t/ }))
    const exportButton = screen.getByRole('button', { name: 'Export' })

    await user.click(exportButton)
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }))
    expect(files[0]!.name).toBe('abcd-Top-users-result-3.csv')
    expect(await files[0]!.text()).toBe('id,id\n1,1\n,2\n3,\n')

    await user.click(exportButton)
    await user.click(await screen.findByRole('menuitem', { name: 'Download JSON' }))
    expect(files[1]!.name).toBe('abcd-Top-users-result-3.json')
    expect(JSON.parse(await files[1]!.text())).toEqual([
      { id: 1, id_2: 1 },
      { id: null, id_2: 2 },
      { id: 3, id_2: null },
    ])

    await user.click(exportButton)
    await user.click(await screen.findByRole('menuitem', { name: 'Copy as Markdown' }))
    expect(writeText).toHaveBeenCalledWith('| id | id |\n| --- | --- |\n| 1 | 1 |\n| NULL | 2 |\n| 3 | NULL |')
    expect(await screen.findByText('Copied the result as Markdown')).toBeInTheDocument()
  })

  it('says results is empty when exporting a result without rows', async () => {
    const user = userEvent.setup()
    panel()
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Download CSV' }))
    expect(await screen.findByText('results is empty')).toBeInTheDocument()
  })

  it('charts a result: x and y from its number, string and date columns, and cumulative', async () => {
    const user = userEvent.setup()
    const charted: SqlRunResult = {
      ...run,
      runId: 'chart',
      results: [
        result(0, 'select day, n, doc from stats', {
          columns: [
            { name: 'day', type: 'date', typeId: 1082 },
            { name: 'n', type: 'int8', typeId: 20 },
            { name: 'doc', type: 'jsonb', typeId: 3802 },
            { name: 'label', type: 'text', typeId: 25 },
          ],
          rows: [['2024-01-01', '3', {}, 'a']],
          command: 'SELECT',
          rowCount: 1,
        }),
      ],
    }
    panel({ run: charted })
    await user.click(screen.getByRole('tab', { name: 'Chart' }))
    const x = screen.getByRole('combobox', { name: 'X axis' })
    const y = screen.getByRole('combobox', { name: 'Y axis' })
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(options(x)).toEqual(['day (date)', 'n (number)', 'label (string)'])
    expect(options(y)).toEqual(options(x))
    expect(x).toHaveValue('day')
    expect(y).toHaveValue('n')
    await user.selectOptions(x, 'label')
    await user.click(screen.getByRole('checkbox', { name: 'Cumulative' }))
    expect(screen.getByRole('checkbox', { name: 'Cumulative' })).toBeChecked()
    expect(screen.getByRole('figure', { name: 'Bar chart of n by label' })).toBeInTheDocument()
  })

  it('keeps a result’s chart and its axes when the same text runs again', async () => {
    const user = userEvent.setup()
    const stats = (runId: string): SqlRunResult => ({
      ...run,
      runId,
      results: [
        result(0, 'select label, n from stats', {
          columns: [
            { name: 'label', type: 'text', typeId: 25 },
            { name: 'n', type: 'int4', typeId: 23 },
            { name: 'm', type: 'int4', typeId: 23 },
          ],
          rows: [['a', 1, 2]],
          command: 'SELECT',
          rowCount: 1,
        }),
      ],
    })
    function RunsAgain() {
      const [runs, setRuns] = useState(1)
      return (
        <div style={{ height: 600 }}>
          <button onClick={() => setRuns(runs + 1)}>Run again</button>
          <ResultsPanel projectRef="abcd" snippetName="Top users" run={stats(`run-${runs}`)} running={false} />
        </div>
      )
    }
    renderWithProviders(<RunsAgain />)
    await user.click(screen.getByRole('tab', { name: 'Chart' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Y axis' }), 'm')
    await user.click(screen.getByRole('button', { name: 'Run again' }))
    expect(screen.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('combobox', { name: 'Y axis' })).toHaveValue('m')
  })
})
