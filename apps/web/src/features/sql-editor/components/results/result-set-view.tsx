import type { ReactNode } from 'react'
import type { ChartConfig, SqlNotice, SqlResult, StatementPlace } from '@basalt/contracts'
import { Tabs } from 'radix-ui'
import { CheckCircle2, Info } from 'lucide-react'
import { ResultChart } from '../../../../ui/result-chart/result-chart'
import { ExportMenu } from './export-menu'
import { NoticesList } from './notices-list'
import { ResultsGrid } from './results-grid'
import { RESULTS_MESSAGES as M } from './results-messages'
import type { ResultView } from '../../state/results-view'

const SUB_TAB =
  'rounded px-2 py-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-muted data-[state=active]:text-foreground'

/** What one result set returned, as its header and tab say it: rows shown, or the command's tag and count. */
export function resultSummary(result: SqlResult): string {
  if (result.columns.length > 0) return M.rows(result.rows.length)
  return [result.command, result.rowCount === null ? null : M.rowsAffected(result.rowCount)].filter(Boolean).join(' · ')
}

/**
 * One result set: the statement it came from (a click goes there in the editor), its notices, the cap when
 * not every row was read, and tabs Results (the grid) and Chart, with export; a statement without rows says
 * 'Success. No rows returned' with its command tag.
 */
export function ResultSetView({
  result,
  number,
  notices,
  view,
  onViewChange,
  chart,
  onChartChange,
  exportName,
  onGoToStatement,
  chartAction,
}: {
  result: SqlResult
  /** 1-based, in the run's order. */
  number: number
  notices: readonly SqlNotice[]
  view: ResultView
  onViewChange: (view: ResultView) => void
  chart: ChartConfig | null
  onChartChange: (config: ChartConfig) => void
  exportName: { projectRef: string; snippetName: string; resultNumber?: number }
  onGoToStatement?: ((statement: StatementPlace) => void) | undefined
  /** Shown beside the export while the chart is: what the page offers to do with it ('Add to report'). */
  chartAction?: ((chart: ChartConfig) => ReactNode) | undefined
}) {
  const { statement } = result
  const hasColumns = result.columns.length > 0
  const statementText = (
    <>
      <span className="shrink-0 text-muted-foreground">{M.goToLine(statement.line)}</span>{' '}
      <span className="truncate font-mono">{statement.sql}</span>
    </>
  )
  const header = (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-xs">
      {onGoToStatement ? (
        <button
          type="button"
          title={statement.sql}
          onClick={() => onGoToStatement(statement)}
          className="flex min-w-0 items-center gap-2 rounded px-1 py-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          {statementText}
        </button>
      ) : (
        <span title={statement.sql} className="flex min-w-0 items-center gap-2 px-1">
          {statementText}
        </span>
      )}
      <span className="shrink-0 text-muted-foreground">{formatMs(result.durationMs)}</span>
    </div>
  )
  const cap = result.capped && (
    <p
      role="note"
      className="flex shrink-0 items-center gap-2 border-b border-warning/40 bg-warning-surface px-3 py-1.5 text-xs"
    >
      <Info aria-hidden className="size-3.5 shrink-0 text-warning" />
      {result.capped.reason === 'rows' ? M.cappedRows(result.capped.limit) : M.cappedBytes(result.rows.length)}
    </p>
  )
  const noticesList = <NoticesList notices={notices} label={M.notices} />

  if (!hasColumns) {
    return (
      <div className="flex h-full min-h-0 flex-col">
        <div className="flex min-h-9 items-center gap-2 border-b border-border px-2">{header}</div>
        {noticesList}
        <div className="flex items-center gap-2 px-4 py-4 text-sm">
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          <span>{M.noRows}</span>
          <span className="font-mono text-xs text-muted-foreground">{resultSummary(result)}</span>
        </div>
      </div>
    )
  }
  return (
    <Tabs.Root
      value={view}
      onValueChange={(v) => onViewChange(v as ResultView)}
      className="flex h-full min-h-0 flex-col"
      activationMode="manual"
    >
      <div className="flex min-h-9 flex-wrap items-center gap-2 border-b border-border px-2 py-0.5">
        <Tabs.List aria-label={`Result ${number} view`} className="flex items-center gap-1">
          <Tabs.Trigger value="results" className={SUB_TAB}>
            {M.resultsTab} <span className="font-normal text-muted-foreground">({M.rows(result.rows.length)})</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="chart" className={SUB_TAB}>
            {M.chartTab}
          </Tabs.Trigger>
        </Tabs.List>
        {header}
        {view === 'chart' && chart && chartAction?.(chart)}
        <ExportMenu result={result} name={exportName} />
      </div>
      {cap}
      {noticesList}
      <Tabs.Content value="results" className="min-h-0 flex-1 outline-none" tabIndex={-1}>
        <ResultsGrid columns={result.columns} rows={result.rows} label={`Rows of result ${number}`} />
      </Tabs.Content>
      <Tabs.Content value="chart" className="min-h-0 flex-1 outline-none" tabIndex={-1}>
        <ResultChart columns={result.columns} rows={result.rows} config={chart} onConfigChange={onChartChange} />
      </Tabs.Content>
    </Tabs.Root>
  )
}

export const formatMs = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en-US')} ms`
