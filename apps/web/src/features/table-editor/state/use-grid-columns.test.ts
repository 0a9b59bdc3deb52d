import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { pgColumn } from '../../../test/pg-meta-fixtures'
import { loadGridState } from './grid-state-store'
import { useGridColumns } from './use-grid-columns'

const columns = [
  pgColumn('id', 'int8', { ordinal_position: 1 }),
  pgColumn('title', 'text', { ordinal_position: 2 }),
  pgColumn('done', 'bool', { ordinal_position: 3 }),
]
const keys = (result: { current: ReturnType<typeof useGridColumns> }) => result.current.gridColumns.map((c) => c.key)
const savedColumns = () => loadGridState('abc', 42)?.gridColumns.map((c) => [c.key, c.width, c.frozen])

describe('useGridColumns', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const render = (saved?: Parameters<typeof useGridColumns>[0]['saved']) =>
    renderHook(({ columns: shown }) => useGridColumns({ projectRef: 'abc', tableId: 42, columns: shown, saved }), {
      initialProps: { columns },
    })

  it('starts from the saved arrangement, frozen columns first', () => {
    const { result } = render([
      { key: 'title', name: 'title', width: 300, frozen: false },
      { key: 'done', name: 'done', width: 140, frozen: true },
    ])
    expect(result.current.gridColumns).toEqual([
      { key: 'done', name: 'done', width: 140, frozen: true },
      { key: 'title', name: 'title', width: 300, frozen: false },
      { key: 'id', name: 'id', width: 120, frozen: false },
    ])
  })

  it('saves a resize 500 ms after the last move, and a move or a freeze at once', () => {
    const { result } = render()
    act(() => result.current.onColumnResize('title', 260))
    act(() => result.current.onColumnResize('title', 280))
    expect(loadGridState('abc', 42)).toBeNull()
    act(() => vi.advanceTimersByTime(500))
    expect(savedColumns()).toContainEqual(['title', 280, false])

    act(() => result.current.onColumnsReorder('done', 'id'))
    expect(keys(result)).toEqual(['done', 'id', 'title'])
    expect(savedColumns()?.map(([key]) => key)).toEqual(['done', 'id', 'title'])
    act(() => result.current.onFrozenChange('title', true))
    expect(savedColumns()?.[0]).toEqual(['title', 280, true])
  })

  it('a move saves at once and drops a resize still waiting, which it includes', () => {
    const { result } = render()
    act(() => result.current.onColumnResize('id', 200))
    act(() => result.current.onColumnsReorder('title', 'id'))
    expect(savedColumns()).toEqual([
      ['title', 250, false],
      ['id', 200, false],
      ['done', 120, false],
    ])
    act(() => vi.advanceTimersByTime(500))
    expect(savedColumns()?.map(([key]) => key)).toEqual(['title', 'id', 'done'])
  })

  it('saves a resize still waiting when the grid goes', () => {
    const { result, unmount } = render()
    act(() => result.current.onColumnResize('done', 180))
    unmount()
    expect(savedColumns()).toContainEqual(['done', 180, false])
  })

  it('lets a column added or dropped since join or leave, keeping the others as arranged', () => {
    const { result, rerender } = render()
    act(() => result.current.onFrozenChange('done', true))
    rerender({
      columns: [...columns.filter((c) => c.name !== 'title'), pgColumn('due', 'date', { ordinal_position: 4 })],
    })
    expect(result.current.gridColumns.map((c) => [c.key, c.frozen])).toEqual([
      ['done', true],
      ['id', false],
      ['due', false],
    ])
  })
})
