import { describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS, filtersSql, histogramOfRows, histogramSql } from './log-query'

describe('log filters as SQL', () => {
  it('writes the newest events of the source, with each filter quoted', () => {
    expect(filtersSql(DEFAULT_FILTERS)).toBe('select * from edge_logs\norder by timestamp desc\nlimit 100')
    expect(filtersSql({ ...DEFAULT_FILTERS, status: 'errors', path: "users'; drop" })).toBe(
      "select * from edge_logs\nwhere status >= 400\n  and path ilike '%users''; drop%'\norder by timestamp desc\nlimit 100",
    )
    expect(filtersSql({ ...DEFAULT_FILTERS, source: 'postgres_logs', severity: 'error', status: '5xx' })).toBe(
      "select * from postgres_logs\nwhere severity in ('ERROR', 'FATAL', 'PANIC')\norder by timestamp desc\nlimit 100",
    )
    expect(filtersSql({ ...DEFAULT_FILTERS, source: 'auth_logs', search: '50%_off' })).toContain(
      "action::text ilike E'%50\\\\%\\\\_off%'",
    )
  })

  it('counts events per bucket of the range', () => {
    expect(histogramSql({ ...DEFAULT_FILTERS, status: '4xx' }, '1h', '2026-01-01T00:00:00.000Z')).toBe(
      "select date_bin('5 minutes'::interval, timestamp, '2026-01-01T00:00:00.000Z'::timestamptz) as bucket, count(*) as events\nfrom edge_logs\nwhere status between 400 and 499\ngroup by 1 order by 1",
    )
    const columns = [{ name: 'timestamp' }, { name: 'path' }]
    const rows = [
      ['2026-01-01T00:01:00Z', '/a'],
      ['2026-01-01T00:02:00Z', '/b'],
      ['2026-01-01T00:07:00Z', '/c'],
    ]
    expect(histogramOfRows(columns, rows, '1h', '2026-01-01T00:00:00Z')!.map((p) => p.y)).toEqual([2, 1])
    expect(histogramOfRows([{ name: 'path' }], rows, '1h', '2026-01-01T00:00:00Z')).toBeNull()
  })
})
