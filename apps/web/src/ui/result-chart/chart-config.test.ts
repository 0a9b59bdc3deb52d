import { describe, expect, it } from 'vitest'
import type { SqlColumn } from '@basalt/contracts'
import { axisCandidates, CHART_MAX_BARS, chartConfigFor, chartPoints } from './chart-config'

const column = (name: string, type: string): SqlColumn => ({ name, type, typeId: 0 })

describe('chart axis candidates', () => {
  it('are the number, string and date columns, each name once', () => {
    const columns = [
      column('id', 'int8'),
      column('title', 'text'),
      column('done', 'bool'),
      column('meta', 'jsonb'),
      column('day', 'date'),
      column('at', 'timestamptz'),
      column('tags', '_text'),
      column('price', 'numeric'),
      column('id', 'int4'),
    ]
    expect(axisCandidates(columns)).toEqual([
      { name: 'id', kind: 'number' },
      { name: 'title', kind: 'string' },
      { name: 'day', kind: 'date' },
      { name: 'at', kind: 'date' },
      { name: 'price', kind: 'number' },
    ])
  })
})

describe('the chart config of a result', () => {
  it('puts a label column on x and a number on y, and keeps a choice that still fits', () => {
    const columns = [column('n', 'int4'), column('day', 'date'), column('total', 'float8')]
    expect(chartConfigFor(columns)).toEqual({ type: 'bar', cumulative: false, xKey: 'day', yKey: 'n' })
    const chosen = { type: 'bar', cumulative: true, xKey: 'n', yKey: 'total' } as const
    expect(chartConfigFor(columns, chosen)).toBe(chosen)
    expect(chartConfigFor([column('x', 'text'), column('y', 'int4')], chosen)).toEqual({
      type: 'bar',
      cumulative: true,
      xKey: 'x',
      yKey: 'y',
    })
    expect(chartConfigFor([column('doc', 'jsonb')])).toBeNull()
  })
})

describe('chart points', () => {
  const columns = [column('day', 'text'), column('n', 'int8')]
  const rows = [
    ['mon', '2'],
    ['tue', null],
    ['wed', '3.5'],
  ]
  it('read y as a number (Postgres’ text of int8 and numeric too) and sum it when cumulative', () => {
    expect(chartPoints(columns, rows, { type: 'bar', cumulative: false, xKey: 'day', yKey: 'n' })).toEqual([
      { x: 'mon', y: 2 },
      { x: 'tue', y: null },
      { x: 'wed', y: 3.5 },
    ])
    expect(chartPoints(columns, rows, { type: 'bar', cumulative: true, xKey: 'day', yKey: 'n' })).toEqual([
      { x: 'mon', y: 2 },
      { x: 'tue', y: null },
      { x: 'wed', y: 5.5 },
    ])
  })

  it('stop at the most bars a chart draws', () => {
    const many = Array.from({ length: CHART_MAX_BARS + 5 }, (_, i) => [String(i), i])
    expect(chartPoints(columns, many, { type: 'bar', cumulative: false, xKey: 'day', yKey: 'n' })).toHaveLength(
      CHART_MAX_BARS,
    )
  })
})
