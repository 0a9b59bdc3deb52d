import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import {
  REPORT_TIME_PERIODS,
  type BuiltInReport,
  type ReportChart,
  type ReportTable,
  type ReportTimePeriod,
} from '@basalt/contracts'
import { formatBytes } from '../../../lib/format'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { NativeSelect } from '../../../ui/input'
import { PageHeader } from '../../../ui/page-header'
import { Spinner } from '../../../ui/spinner'
import { useBuiltInReport, useResetQueryStats } from '../api/get-built-in-report'
import { MESSAGES } from '../messages'

const BarChart = lazy(() => import('../../../ui/result-chart/bar-chart'))

export const BUILT_IN_REPORT_TITLES: Record<BuiltInReport, { title: string; description: string }> = {
  'api-overview': {
    title: 'API',
    description: 'Requests Basalt answered for this project, their errors and response times, from the API log.',
  },
  database: {
    title: 'Database',
    description: 'Size, connections, cache hits and transactions, sampled every minute; the largest relations now.',
  },
  'query-performance': {
    title: 'Query performance',
    description:
      "Statements of this database from pg_stat_statements: slowest, most frequent, most rows. Basalt's own upkeep is left out.",
  },
  storage: { title: 'Storage', description: 'Objects and bytes of each bucket over time, sampled every minute.' },
}

const formatValue = (value: number, unit: ReportChart['unit']) =>
  unit === 'bytes'
    ? formatBytes(value)
    : unit === 'percent'
      ? `${value}%`
      : unit === 'ms'
        ? `${value} ms`
        : value.toLocaleString('en-US')

/**
 * A built-in report (spec 2 §2: reports/api-overview, database, query-performance, storage): the custom
 * reports' period picker, and its charts drawn with the same chart block; tables below. Query performance
 * opens each statement in the SQL editor and can reset its statistics.
 */
export function BuiltInReportPage({ projectRef, report }: { projectRef: string; report: BuiltInReport }) {
  const [period, setPeriod] = useState<ReportTimePeriod>('1d')
  const data = useBuiltInReport(projectRef, report, period)
  const reset = useResetQueryStats(projectRef)
  const canReset = usePermission('tenant_sql:write')
  const [confirming, setConfirming] = useState(false)
  const { title, description } = BUILT_IN_REPORT_TITLES[report]
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {report !== 'query-performance' && (
              <label className="flex items-center gap-2 text-sm text-muted-foreground">
                {MESSAGES.period}
                <NativeSelect
                  className="w-auto"
                  value={period}
                  onChange={(e) => setPeriod(e.target.value as ReportTimePeriod)}
                >
                  {REPORT_TIME_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {MESSAGES.periods[p]}
                    </option>
                  ))}
                </NativeSelect>
              </label>
            )}
            {report === 'query-performance' && canReset && (
              <Button onClick={() => setConfirming(true)}>Reset statistics</Button>
            )}
          </>
        }
      />
      {data.isError ? (
        <ErrorState title={`${title} report`} error={data.error} />
      ) : !data.data ? (
        <Spinner label={`Loading the ${title} report`} />
      ) : data.data.unavailable ? (
        <Card className="p-4 text-sm" role="status">
          {data.data.unavailable}
        </Card>
      ) : (
        <div className="space-y-6">
          {data.data.charts.length > 0 && (
            <div className="grid gap-4 md:grid-cols-2">
              {data.data.charts.map((chart) => (
                <ChartCard key={chart.id} chart={chart} />
              ))}
            </div>
          )}
          {data.data.charts.length === 0 && report === 'storage' && (
            <p className="text-sm text-muted-foreground">No bucket has objects yet.</p>
          )}
          {data.data.tables.map((table) => (
            <TableCard key={table.id} table={table} projectRef={projectRef} />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset query statistics"
        description="The statistics of every statement of this database start again from zero."
        confirmLabel="Reset statistics"
        onConfirm={async () => {
          await reset.mutateAsync()
          toast.success('Query statistics reset')
          setConfirming(false)
        }}
      />
    </div>
  )
}

function ChartCard({ chart }: { chart: ReportChart }) {
  const last = chart.points.at(-1)
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-medium">{chart.title}</h2>
        {last && (
          <span className="text-sm text-muted-foreground tabular-nums">
            {formatValue(last.y, chart.unit)}
            {chart.limit !== undefined && ` of ${chart.limit} allowed`}
          </span>
        )}
      </div>
      <div className="h-44" role="img" aria-label={`${chart.title}: ${chart.points.length} points`}>
        {chart.points.length === 0 ? (
          <p className="text-sm text-muted-foreground">No data in this period yet.</p>
        ) : (
          <Suspense fallback={<Spinner label={chart.title} />}>
            <BarChart
              points={chart.points}
              xLabel="time"
              yLabel={chart.title}
              formatY={(value) => formatValue(value, chart.unit)}
              counts={chart.unit === 'count'}
            />
          </Suspense>
        )}
      </div>
    </Card>
  )
}

function TableCard({ table, projectRef }: { table: ReportTable; projectRef: string }) {
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-border px-4 py-2 text-sm font-medium">{table.title}</h2>
      {table.rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="px-4 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i} className="border-t border-border">
                  {row.map((cell, j) => (
                    <td key={j} className="max-w-xl px-4 py-1.5 align-top">
                      {table.sqlColumn === j ? (
                        <div className="flex items-start gap-2">
                          <code className="line-clamp-2 font-mono text-xs break-all">{String(cell)}</code>
                          <Link
                            className="shrink-0 text-xs text-brand underline-offset-4 hover:underline"
                            to={`/project/${encodeURIComponent(projectRef)}/sql/new`}
                            state={{ fresh: true, sql: String(cell) }}
                          >
                            Open in SQL editor
                          </Link>
                        </div>
                      ) : (
                        <span className="tabular-nums">{cell === null ? 'NULL' : String(cell)}</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
