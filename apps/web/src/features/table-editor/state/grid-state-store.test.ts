import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDebouncedSave, gridStateKey, loadGridState, saveGridState } from './grid-state-store'
import { COLUMN_RESIZE_DEBOUNCE_MS } from './grid-constants'

describe('grid state store (spec 1 §3)', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps one entry per project, under the grid prefix plus the ref, with a map by table id', () => {
    saveGridState('abc', 42, {
      gridColumns: [{ key: 'id', name: 'id', width: 120, frozen: true }],
      sorts: [{ column: 'id', ascending: false }],
      filters: [{ column: 'title', operator: '~~*', value: '%a:b%' }],
    })
    saveGridState('abc', 7, { sorts: [{ column: 'name', ascending: true }] })
    expect(gridStateKey('abc')).toBe('basalt-grid-state-abc')
    const stored = JSON.parse(localStorage.getItem('basalt-grid-state-abc')!)
    expect(Object.keys(stored).sort()).toEqual(['42', '7'])
    expect(loadGridState('abc', 42)).toEqual({
      gridColumns: [{ key: 'id', name: 'id', width: 120, frozen: true }],
      sorts: [{ column: 'id', ascending: false }],
      filters: [{ column: 'title', operator: '~~*', value: '%a:b%' }],
    })
    expect(loadGridState('abc', 7)).toEqual({
      gridColumns: [],
      sorts: [{ column: 'name', ascending: true }],
      filters: [],
    })
    expect(loadGridState('other', 42)).toBeNull()
  })

  it('merges a change into the saved state of that table only', () => {
    saveGridState('abc', 42, { sorts: [{ column: 'id', ascending: true }], filters: [] })
    saveGridState('abc', 42, { filters: [{ column: 'id', operator: '=', value: '1' }] })
    expect(loadGridState('abc', 42)?.sorts).toEqual([{ column: 'id', ascending: true }])
    expect(loadGridState('abc', 42)?.filters).toEqual([{ column: 'id', operator: '=', value: '1' }])
  })

  it('ignores corrupt storage instead of breaking the grid', () => {
    localStorage.setItem('basalt-grid-state-abc', '{not json')
    expect(loadGridState('abc', 42)).toBeNull()
    saveGridState('abc', 42, { sorts: [] })
    expect(loadGridState('abc', 42)).toEqual({ gridColumns: [], sorts: [], filters: [] })
    localStorage.setItem('basalt-grid-state-abc', JSON.stringify({ 42: { sorts: 'nope', filters: [{ column: 1 }] } }))
    expect(loadGridState('abc', 42)).toEqual({ gridColumns: [], sorts: [], filters: [] })
  })

  it('saves a resize once, 500 ms after the last change', () => {
    vi.useFakeTimers()
    const save = vi.fn()
    const saver = createDebouncedSave(COLUMN_RESIZE_DEBOUNCE_MS, save)
    saver.schedule({ gridColumns: [{ key: 'a', name: 'a', width: 110, frozen: false }] })
    vi.advanceTimersByTime(300)
    saver.schedule({ gridColumns: [{ key: 'a', name: 'a', width: 160, frozen: false }] })
    vi.advanceTimersByTime(499)
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(save).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenCalledWith({ gridColumns: [{ key: 'a', name: 'a', width: 160, frozen: false }] })
  })

  it('flushes a pending save at once (leaving the table) and drops it when cancelled', () => {
    vi.useFakeTimers()
    const save = vi.fn()
    const saver = createDebouncedSave(500, save)
    saver.schedule({ sorts: [] })
    saver.flush()
    expect(save).toHaveBeenCalledTimes(1)
    saver.schedule({ sorts: [] })
    saver.cancel()
    vi.advanceTimersByTime(1000)
    expect(save).toHaveBeenCalledTimes(1)
  })
})
