import { useState } from 'react'
import { Link } from 'react-router'
import { Trash2 } from 'lucide-react'
import type { ChartConfig, ReportBlock } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { ErrorState } from '../../../ui/empty-state'
import { ResultChart } from '../../../ui/result-chart/result-chart'
import { Spinner } from '../../../ui/spinner'
import { useReportBlock } from '../api/run-report-block'
import { MESSAGES } from '../messages'

/**
 * One block of a report: the chart of its snippet, run for the report's period, for everyone who can open
 * the report (even when the snippet is private to the report's owner; 'Open query' is then not offered). The
 * owner's changes of the chart's settings are saved with the report; anyone else's stay on this page.
 */
export function ReportBlockView({
  projectRef,
  reportId,
  block,
  window,
  canEdit,
  onChartChange,
  onRemove,
}: {
  projectRef: string
  reportId: string
  block: ReportBlock
  window: { start: string; end: string }
  canEdit: boolean
  onChartChange: (chart: ChartConfig) => void
  onRemove: () => void
}) {
  const [localChart, setLocalChart] = useState(block.chart)
  const chart = canEdit ? block.chart : localChart
  const data = useReportBlock(projectRef, {
    snippetId: block.snippet_id,
    reportId,
    period_start: window.start,
    period_end: window.end,
  })
  const title = MESSAGES.blockTitle(chart.yKey, chart.xKey)
  return (
    <section aria-label={title} className="flex h-80 flex-col rounded-lg border border-border bg-surface">
      <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="truncate text-sm font-medium">{title}</h2>
        <div className="flex items-center gap-1">
          {/* Only for a member who may open the snippet: a private one of the report's owner draws here, unread. */}
          {data.data?.snippetVisible && (
            <Button asChild size="sm" variant="ghost">
              <Link to={`/project/${projectRef}/sql/${block.snippet_id}`}>{MESSAGES.openQuery}</Link>
            </Button>
          )}
          {canEdit && (
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`${MESSAGES.removeBlock}: ${title}`}>
              <Trash2 aria-hidden className="size-3.5" />
            </Button>
          )}
        </div>
      </header>
      <div className="min-h-0 flex-1">
        {data.isPending ? (
          <p role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
            <Spinner size={14} />
            {MESSAGES.blockLoading}
          </p>
        ) : data.error ? (
          <div className="p-3">
            <ErrorState title={MESSAGES.blockFailed} error={data.error} />
          </div>
        ) : (
          <ResultChart
            columns={data.data.columns}
            rows={data.data.rows}
            config={chart}
            onConfigChange={canEdit ? onChartChange : setLocalChart}
          />
        )}
      </div>
    </section>
  )
}
