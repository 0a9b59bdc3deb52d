import { LOG_SOURCE_COLUMNS, type LogSource } from '@basalt/contracts'
import { literal } from '@basalt/sql'

/** The explorer's time ranges, newest first. */
export const LOG_RANGES = {
  '15m': { label: 'Last 15 minutes', ms: 15 * 60_000, bucket: '1 minute' },
  '1h': { label: 'Last hour', ms: 3600_000, bucket: '5 minutes' },
  '24h': { label: 'Last 24 hours', ms: 24 * 3600_000, bucket: '1 hour' },
  '7d': { label: 'Last 7 days', ms: 7 * 24 * 3600_000, bucket: '6 hours' },
} as const
export type LogRange = keyof typeof LOG_RANGES

export const rangeWindow = (range: LogRange, now = new Date()) => ({
  start: new Date(now.getTime() - LOG_RANGES[range].ms).toISOString(),
  end: new Date(now.getTime() + 5_000).toISOString(),
})

export type Severity = '' | 'error' | 'warning' | 'log'
export type StatusClass = '' | '2xx' | '3xx' | '4xx' | '5xx' | 'errors'

export interface LogFilters {
  source: LogSource
  /** postgres_logs: ERROR and worse, WARNING, or the rest. */
  severity: Severity
  /** edge_logs and storage_logs. */
  status: StatusClass
  /** A part of the path (edge_logs and storage_logs). */
  path: string
  /** Words anywhere in the event's text columns. */
  search: string
}

export const DEFAULT_FILTERS: LogFilters = { source: 'edge_logs', severity: '', status: '', path: '', search: '' }

const SEVERITIES: Record<Exclude<Severity, ''>, string[]> = {
  error: ['ERROR', 'FATAL', 'PANIC'],
  warning: ['WARNING'],
  log: ['LOG', 'INFO', 'NOTICE', 'DEBUG1', 'DEBUG2', 'DEBUG3', 'DEBUG4', 'DEBUG5'],
}

const hasColumn = (source: LogSource, name: string) => LOG_SOURCE_COLUMNS[source].some((c) => c.name === name)

/** The conditions the filters make, each value quoted as a literal. */
export function filterConditions(f: LogFilters): string[] {
  const where: string[] = []
  if (f.severity && hasColumn(f.source, 'severity')) {
    where.push(`severity in (${SEVERITIES[f.severity].map((s) => literal(s)).join(', ')})`)
  }
  if (f.status && hasColumn(f.source, 'status')) {
    if (f.status === 'errors') where.push('status >= 400')
    else {
      const low = Number(f.status[0]) * 100
      where.push(`status between ${low} and ${low + 99}`)
    }
  }
  if (f.path.trim() && hasColumn(f.source, 'path'))
    where.push(`path ilike ${literal(`%${escapeLike(f.path.trim())}%`)}`)
  if (f.search.trim()) {
    const text = LOG_SOURCE_COLUMNS[f.source].filter((c) => c.type === 'text' || c.type === 'jsonb')
    const pattern = literal(`%${escapeLike(f.search.trim())}%`)
    where.push(`(${text.map((c) => `${c.name}::text ilike ${pattern}`).join(' or ')})`)
  }
  return where
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const whereOf = (conditions: string[]) => (conditions.length ? `\nwhere ${conditions.join('\n  and ')}` : '')

/**
 * The SQL the filters stand for: the newest events of the source that match, as a member could have written
 * it (the explorer shows it, and switching to SQL keeps it).
 *
 * @example
 *   filtersSql({ ...DEFAULT_FILTERS, status: 'errors' })
 *   // select * from edge_logs\nwhere status >= 400\norder by timestamp desc\nlimit 100
 */
export function filtersSql(f: LogFilters, limit = 100): string {
  return `select * from ${f.source}${whereOf(filterConditions(f))}\norder by timestamp desc\nlimit ${limit}`
}

/** Events per bucket of the range, for the histogram above the results. */
export function histogramSql(f: LogFilters, range: LogRange, start: string): string {
  const bucket = literal(LOG_RANGES[range].bucket)
  return `select date_bin(${bucket}::interval, timestamp, ${literal(start)}::timestamptz) as bucket, count(*) as events
from ${f.source}${whereOf(filterConditions(f))}
group by 1 order by 1`
}

/** Counts of a result's rows by time bucket, when it has a `timestamp` column (the SQL mode's histogram). */
export function histogramOfRows(
  columns: ReadonlyArray<{ name: string }>,
  rows: readonly (readonly unknown[])[],
  range: LogRange,
  start: string,
): Array<{ x: string; y: number }> | null {
  const at = columns.findIndex((c) => c.name === 'timestamp' || c.name === 'bucket')
  if (at < 0) return null
  const countAt = columns.findIndex((c) => c.name === 'events')
  const size = bucketMs(range)
  const origin = new Date(start).getTime()
  const counts = new Map<number, number>()
  for (const row of rows) {
    const t = new Date(String(row[at])).getTime()
    if (Number.isNaN(t)) continue
    const key = origin + Math.floor((t - origin) / size) * size
    counts.set(key, (counts.get(key) ?? 0) + (countAt >= 0 ? Number(row[countAt]) : 1))
  }
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, n]) => ({ x: bucketLabel(k, range), y: n }))
}

const bucketMs = (range: LogRange) => ({ '15m': 60_000, '1h': 300_000, '24h': 3600_000, '7d': 6 * 3600_000 })[range]

export function bucketLabel(ms: number, range: LogRange): string {
  const d = new Date(ms)
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  return range === '7d' ? `${d.toLocaleDateString('en-GB', { day: '2-digit', month: 'short' })} ${time}` : time
}
