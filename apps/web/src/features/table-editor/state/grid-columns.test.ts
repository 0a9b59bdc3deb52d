import { describe, expect, it } from 'vitest'
import { pgColumn } from '../../../test/pg-meta-fixtures'
import {
  defaultColumnWidth,
  initialGridColumns,
  reorderColumns,
  resizeColumn,
  setColumnFrozen,
  typeDefaultWidth,
  type GridColumnState,
} from './grid-columns'

describe('column widths (spec 1 §9)', () => {
  it('defaults by type: numbers 120, date/time 150, boolean 120, enum 150, others 250', () => {
    for (const f of ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'])
      expect(typeDefaultWidth(pgColumn('a', f))).toBe(120)
    for (const f of ['date', 'time', 'timetz', 'timestamp', 'timestamptz'])
      expect(typeDefaultWidth(pgColumn('a', f))).toBe(150)
    expect(typeDefaultWidth(pgColumn('a', 'bool'))).toBe(120)
    expect(typeDefaultWidth(pgColumn('a', 'mood', { data_type: 'USER-DEFINED', enums: ['sad', 'ok'] }))).toBe(150)
    expect(typeDefaultWidth(pgColumn('a', '_mood', { data_type: 'ARRAY', enums: ['sad', 'ok'] }))).toBe(250)
    expect(typeDefaultWidth(pgColumn('a', 'text'))).toBe(250)
    expect(typeDefaultWidth(pgColumn('a', 'jsonb'))).toBe(250)
  })

  it('widens a column to fit its header at 9 px per character of name and type', () => {
    expect(defaultColumnWidth(pgColumn('id', 'int8'))).toBe(120)
    // 'a_rather_long_column_name' (25) + 'int4' (4) = 29 characters → 261 px
    expect(defaultColumnWidth(pgColumn('a_rather_long_column_name', 'int4'))).toBe(261)
  })

  it('never starts under the minimum width of 100', () => {
    expect(defaultColumnWidth(pgColumn('x', 'int2'))).toBeGreaterThanOrEqual(100)
  })
})

describe('grid columns', () => {
  const columns = [
    pgColumn('id', 'int8', { ordinal_position: 1 }),
    pgColumn('name', 'text', { ordinal_position: 2 }),
    pgColumn('created_at', 'timestamptz', { ordinal_position: 3 }),
  ]

  it('starts in column position order with default widths', () => {
    expect(initialGridColumns(columns, undefined)).toEqual([
      { key: 'id', name: 'id', width: 120, frozen: false },
      { key: 'name', name: 'name', width: 250, frozen: false },
      { key: 'created_at', name: 'created_at', width: 189, frozen: false },
    ])
  })

  it('restores saved order, widths and frozen state, forgets dropped columns and appends new ones', () => {
    const saved: GridColumnState[] = [
      { key: 'name', name: 'name', width: 300, frozen: false },
      { key: 'gone', name: 'gone', width: 140, frozen: false },
      { key: 'created_at', name: 'created_at', width: 40, frozen: true },
    ]
    expect(initialGridColumns(columns, saved)).toEqual([
      { key: 'created_at', name: 'created_at', width: 100, frozen: true },
      { key: 'name', name: 'name', width: 300, frozen: false },
      { key: 'id', name: 'id', width: 120, frozen: false },
    ])
  })

  it('freezing moves a column to the end of the frozen block; unfreezing to the start of the rest', () => {
    const start = initialGridColumns(columns, undefined)
    const frozen = setColumnFrozen(start, 'created_at', true)
    expect(frozen.map((c) => [c.key, c.frozen])).toEqual([
      ['created_at', true],
      ['id', false],
      ['name', false],
    ])
    const both = setColumnFrozen(frozen, 'name', true)
    expect(both.map((c) => c.key)).toEqual(['created_at', 'name', 'id'])
    expect(setColumnFrozen(both, 'created_at', false).map((c) => [c.key, c.frozen])).toEqual([
      ['name', true],
      ['created_at', false],
      ['id', false],
    ])
  })

  it('reorders unfrozen columns but never drags a frozen one or drops into the frozen block', () => {
    const start = initialGridColumns(columns, undefined)
    expect(reorderColumns(start, 'created_at', 'id').map((c) => c.key)).toEqual(['created_at', 'id', 'name'])
    const frozen = setColumnFrozen(start, 'id', true)
    expect(reorderColumns(frozen, 'id', 'name')).toEqual(frozen)
    expect(reorderColumns(frozen, 'name', 'id')).toEqual(frozen)
  })

  it('resizes to whole pixels, not under the minimum', () => {
    const start = initialGridColumns(columns, undefined)
    expect(resizeColumn(start, 'name', 180.6)[1]!.width).toBe(181)
    expect(resizeColumn(start, 'name', 20)[1]!.width).toBe(100)
  })
})
