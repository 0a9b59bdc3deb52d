import type { ChartConfig, SqlColumn } from '@basalt/contracts'
import { cellText } from '../data-grid/cell-text'

/**
 * What a result's bar chart is drawn from (spec 2 §9: x and y axis candidates are the columns of type
 * number, string or date), kept apart from Recharts so that the SQL editor and a report's chart share it.
 */

export type AxisKind = 'number' | 'string' | 'date'

const KIND_OF_TYPE: Record<string, AxisKind> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  char: 'string',
  name: 'string',
  citext: 'string',
  uuid: 'string',
  date: 'date',
  timestamp: 'date',
  timestamptz: 'date',
}

export interface AxisCandidate {
  name: string
  kind: AxisKind
}

/**
 * The columns a chart axis may use, in the result's order, each name once (the first column of a repeated
 * name is the one charted).
 *
 * @example
 *   axisCandidates([{ name: 'day', type: 'date', typeId: 1082 }, { name: 'tags', type: '_text', typeId: 1009 }])
 *   // [{ name: 'day', kind: 'date' }]
 */
export function axisCandidates(columns: readonly SqlColumn[]): AxisCandidate[] {
  const seen = new Set<string>()
  const candidates: AxisCandidate[] = []
  for (const column of columns) {
    const kind = KIND_OF_TYPE[column.type]
    if (!kind || seen.has(column.name)) continue
    seen.add(column.name)
    candidates.push({ name: column.name, kind })
  }
  return candidates
}

/**
 * The chart config to show for a result: `previous` where its columns are still candidates (a re-run keeps
 * the member's choice), otherwise a label column (string or date, else the first candidate) on x and the
 * first other number column on y. null when the result has no candidate column.
 */
export function chartConfigFor(columns: readonly SqlColumn[], previous?: ChartConfig | null): ChartConfig | null {
  const candidates = axisCandidates(columns)
  if (candidates.length === 0) return null
  const has = (name: string | undefined) => candidates.some((c) => c.name === name)
  if (previous && has(previous.xKey) && has(previous.yKey)) return previous
  const x = candidates.find((c) => c.kind !== 'number') ?? candidates[0]!
  const y = candidates.find((c) => c.kind === 'number' && c.name !== x.name) ?? candidates.find((c) => c !== x) ?? x
  return { type: 'bar', cumulative: previous?.cumulative ?? false, xKey: x.name, yKey: y.name }
}

/** Bars a chart draws at most: more would be unreadable, and slow to draw as SVG. */
export const CHART_MAX_BARS = 1000

export interface ChartPoint {
  x: string
  y: number | null
}

/**
 * The chart's bars, in the result's order: x as the cell reads, y as a number (Postgres' text of int8 and
 * numeric included; null where the value is no number), summed over the bars before it when cumulative.
 *
 * @example
 *   chartPoints(columns, [['mon', 2], ['tue', 3]], { type: 'bar', cumulative: true, xKey: 'day', yKey: 'n' })
 *   // [{ x: 'mon', y: 2 }, { x: 'tue', y: 5 }]
 */
export function chartPoints(
  columns: readonly SqlColumn[],
  rows: readonly (readonly unknown[])[],
  config: ChartConfig,
): ChartPoint[] {
  const xIndex = columns.findIndex((c) => c.name === config.xKey)
  const yIndex = columns.findIndex((c) => c.name === config.yKey)
  if (xIndex < 0 || yIndex < 0) return []
  let total = 0
  return rows.slice(0, CHART_MAX_BARS).map((row) => {
    const y = numberOf(row[yIndex])
    if (config.cumulative && y !== null) total += y
    return { x: cellText(row[xIndex]) ?? 'NULL', y: config.cumulative && y !== null ? total : y }
  })
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}
