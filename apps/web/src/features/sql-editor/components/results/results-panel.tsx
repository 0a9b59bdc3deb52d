import { useEffect, useRef, type ReactNode } from 'react'
import { Tabs } from 'radix-ui'
import { Play } from 'lucide-react'
import type { SqlNotice, SqlRunResult, StatementPlace } from '@basalt/contracts'
import { AddToReportMenu } from '../../../../project/reports/add-to-report-menu'
import { EmptyState } from '../../../../ui/empty-state'
import { Spinner } from '../../../../ui/spinner'
import { useResultsView } from '../../state/results-view'
import { NoticesList } from './notices-list'
import { formatMs, ResultSetView, resultSummary } from './result-set-view'
import { RESULTS_MESSAGES as M } from './results-messages'

export interface ResultsPanelProps {
  projectRef: string
  /** Exports are named from the project ref and this. */
  snippetName: string
  /** null before the first run. */
  run: SqlRunResult | null
  /** Shows 'Running...'. */
  running: boolean
  /** Run-level messages the page owns (error, timeout, cancelled, replica), above the result sets. */
  status?: ReactNode
  onGoToStatement?: (statement: StatementPlace) => void
  /**
   * The saved snippet the run is of, for 'Add to report' on a chart (null while it is not saved); a report
   * block runs its snippet again, so only a run of one statement is offered.
   */
  snippetId?: string | null
}

const RESULT_TAB =
  'flex max-w-60 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-2 text-xs text-muted-foreground ' +
  'outline-none hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring ' +
  'data-[state=active]:border-brand data-[state=active]:text-foreground'

/**
 * The SQL editor's results (spec 2 §2, issue 12): every result set of the last run, one tab each with its
 * statement and row count, so nothing but the last is lost; each shows its grid or chart, its notices and
 * its cap. The page's run-level messages (`status`) sit above; 'Running...' shows while a run is under way.
 */
export function ResultsPanel({
  projectRef,
  snippetName,
  run,
  running,
  status,
  onGoToStatement,
  snippetId,
}: ResultsPanelProps) {
  const view = useResultsView(run)
  const results = run?.results ?? []
  const indexes = new Set(results.map((r) => r.statement.index))
  const noticesOf = (index: number) => run?.notices.filter((n) => n.statementIndex === index) ?? []
  // Notices of the commit, or of a statement with no result set (the one that failed), show above the tabs.
  const runNotices = run?.notices.filter((n) => n.statementIndex === null || !indexes.has(n.statementIndex)) ?? []
  const placeOf = (notice: SqlNotice) =>
    notice.statementIndex === null ? M.noticeOfCommit : `Statement ${notice.statementIndex + 1}`
  const selected = results.some((r) => r.statement.index === view.selected) ? String(view.selected) : undefined
  // The open result's tab stays in sight in a strip that scrolls (a run opens on its last result).
  const tabList = useRef<HTMLDivElement>(null)
  useEffect(() => {
    tabList.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [selected, run?.runId])

  return (
    <section aria-label={M.panel} aria-busy={running} className="flex h-full min-h-0 flex-col bg-background text-sm">
      {running && (
        <p
          role="status"
          className="flex shrink-0 items-center gap-2 border-b border-border px-3 py-2 text-muted-foreground"
        >
          <Spinner size={14} />
          {M.running}
        </p>
      )}
      {status}
      {!run && !running && (
        <EmptyState
          className="m-3"
          icon={<Play aria-hidden className="size-5" />}
          title={M.emptyTitle}
          description={M.emptyDescription}
        />
      )}
      {run && (
        // The last results stay as they are while the next run runs ('Running...' says so above): fading
        // them would take their text below AA contrast.
        <div className="flex min-h-0 flex-1 flex-col" aria-busy={running || undefined}>
          <NoticesList notices={runNotices} label={M.notices} place={placeOf} />
          {results.length > 0 && (
            <Tabs.Root
              value={selected}
              onValueChange={(v) => view.select(Number(v))}
              activationMode="manual"
              className="flex min-h-0 flex-1 flex-col"
            >
              <div className="flex shrink-0 items-end border-b border-border">
                <Tabs.List ref={tabList} aria-label={M.resultSets} className="flex min-w-0 flex-1 overflow-x-auto">
                  {results.map((result, i) => (
                    <Tabs.Trigger
                      key={result.statement.index}
                      value={String(result.statement.index)}
                      className={RESULT_TAB}
                      title={result.statement.sql}
                    >
                      <span className="shrink-0 font-medium">{i + 1}</span>{' '}
                      <span className="min-w-0 truncate font-mono">{result.statement.sql}</span>{' '}
                      <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground">
                        {resultSummary(result)}
                      </span>
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <span className="shrink-0 px-3 py-2 text-xs text-muted-foreground">
                  {M.statementCount(run.statementCount, formatMs(run.durationMs))}
                </span>
              </div>
              {results.map((result, i) => (
                <Tabs.Content
                  key={result.statement.index}
                  value={String(result.statement.index)}
                  className="min-h-0 flex-1 outline-none"
                  tabIndex={-1}
                >
                  <ResultSetView
                    // A new run's rows start at the top, not where the last run's grid was scrolled to.
                    key={run.runId}
                    result={result}
                    number={i + 1}
                    notices={noticesOf(result.statement.index)}
                    view={view.viewOf(result.statement.index)}
                    onViewChange={(v) => view.setView(result.statement.index, v)}
                    chart={view.chartOf(result)}
                    onChartChange={(config) => view.setChart(result.statement.index, config)}
                    exportName={{ projectRef, snippetName, ...(results.length > 1 ? { resultNumber: i + 1 } : {}) }}
                    onGoToStatement={onGoToStatement}
                    chartAction={
                      snippetId === undefined || run.statementCount !== 1
                        ? undefined
                        : (chart) => <AddToReportMenu projectRef={projectRef} snippetId={snippetId} chart={chart} />
                    }
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          )}
        </div>
      )}
    </section>
  )
}
