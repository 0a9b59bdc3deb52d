import { lazy, Suspense, useId, useMemo } from 'react'
import type { ChartConfig, SqlColumn } from '@basalt/contracts'
import { NativeSelect } from '../input'
import { PageSpinner } from '../spinner'
import { axisCandidates, CHART_MAX_BARS, chartPoints } from './chart-config'

const ResultBarChart = lazy(() => import('./bar-chart'))

export const RESULT_CHART_MESSAGES = {
  xAxis: 'X axis',
  yAxis: 'Y axis',
  cumulative: 'Cumulative',
  noCandidates: 'This result has no number, text or date column to chart.',
  noRows: 'This result has no rows to chart.',
  loading: 'Loading chart',
  firstBars: (shown: number, total: number) =>
    `The chart shows the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows.`,
} as const

/**
 * A result's bar chart with its settings (spec 2 §2, §9): the x and y columns, chosen among the number,
 * string and date columns, and the cumulative toggle. `config` is null when the result has no such column.
 *
 * @example
 *   <ResultChart columns={result.columns} rows={result.rows} config={config} onConfigChange={setConfig} />
 */
export function ResultChart({
  columns,
  rows,
  config,
  onConfigChange,
}: {
  columns: readonly SqlColumn[]
  rows: readonly (readonly unknown[])[]
  config: ChartConfig | null
  onConfigChange: (config: ChartConfig) => void
}) {
  const id = useId()
  const candidates = useMemo(() => axisCandidates(columns), [columns])
  const points = useMemo(() => (config ? chartPoints(columns, rows, config) : []), [columns, rows, config])
  if (!config) return <p className="p-4 text-sm text-muted-foreground">{RESULT_CHART_MESSAGES.noCandidates}</p>
  const axis = (key: 'xKey' | 'yKey', label: string) => (
    <div className="flex items-center gap-2">
      <label htmlFor={`${id}-${key}`} className="text-xs font-medium whitespace-nowrap text-muted-foreground">
        {label}
      </label>
      <NativeSelect
        id={`${id}-${key}`}
        className="w-auto min-w-32 text-xs"
        value={config[key]}
        onChange={(e) => onConfigChange({ ...config, [key]: e.target.value })}
      >
        {candidates.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name} ({c.kind})
          </option>
        ))}
      </NativeSelect>
    </div>
  )
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-3 py-2">
        {axis('xKey', RESULT_CHART_MESSAGES.xAxis)}
        {axis('yKey', RESULT_CHART_MESSAGES.yAxis)}
        <label className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={config.cumulative}
            onChange={(e) => onConfigChange({ ...config, cumulative: e.target.checked })}
          />
          {RESULT_CHART_MESSAGES.cumulative}
        </label>
        {rows.length > CHART_MAX_BARS && (
          <span className="text-xs text-muted-foreground">
            {RESULT_CHART_MESSAGES.firstBars(CHART_MAX_BARS, rows.length)}
          </span>
        )}
      </div>
      <div className="min-h-0 flex-1 p-3">
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">{RESULT_CHART_MESSAGES.noRows}</p>
        ) : (
          <Suspense fallback={<PageSpinner label={RESULT_CHART_MESSAGES.loading} />}>
            <figure aria-label={`Bar chart of ${config.yKey} by ${config.xKey}`} className="m-0 h-full min-h-40">
              <ResultBarChart points={points} xLabel={config.xKey} yLabel={config.yKey} />
            </figure>
          </Suspense>
        )}
      </div>
    </div>
  )
}
