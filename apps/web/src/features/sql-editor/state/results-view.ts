import { useState } from 'react'
import type { ChartConfig, SqlResult, SqlRunResult } from '@basalt/contracts'
import { chartConfigFor } from '../../../ui/result-chart/chart-config'

export type ResultView = 'results' | 'chart'

/**
 * The result set a new run opens on: the last one with rows to show (what the member most likely ran the
 * text for: `insert …; select …`), else the last one. Statement indexes name result sets.
 */
export function defaultResultIndex(results: readonly Pick<SqlResult, 'statement' | 'columns'>[]): number | null {
  const withRows = results.findLast((r) => r.columns.length > 0)
  return (withRows ?? results.at(-1))?.statement.index ?? null
}

interface ResultsViewState {
  runId: string | null
  selected: number | null
  /** Per statement index, kept across runs: re-running a text keeps each result's view and chart. */
  views: Record<number, ResultView>
  charts: Record<number, ChartConfig>
}

/**
 * Which result set the panel shows, and per result set whether the grid or the chart shows and with which
 * chart config. A new run opens on {@link defaultResultIndex}; views and chart choices stay with the
 * statement's place in the text while its columns still fit them.
 */
export function useResultsView(run: SqlRunResult | null) {
  const [state, setState] = useState<ResultsViewState>({ runId: null, selected: null, views: {}, charts: {} })
  const runId = run?.runId ?? null
  let current = state
  if (state.runId !== runId) {
    // A new run: adjusted while rendering (React's pattern for state derived from a prop), not in an effect.
    current = { ...state, runId, selected: run ? defaultResultIndex(run.results) : null }
    setState(current)
  }
  return {
    selected: current.selected,
    select: (index: number) => setState((s) => ({ ...s, selected: index })),
    viewOf: (index: number): ResultView => current.views[index] ?? 'results',
    setView: (index: number, view: ResultView) => setState((s) => ({ ...s, views: { ...s.views, [index]: view } })),
    chartOf: (result: SqlResult): ChartConfig | null =>
      chartConfigFor(result.columns, current.charts[result.statement.index]),
    setChart: (index: number, config: ChartConfig) =>
      setState((s) => ({ ...s, charts: { ...s.charts, [index]: config } })),
  }
}
