import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import {
  currentPage,
  initialPaging,
  isExact,
  pageChange,
  useGridPaging,
  withExactCount,
  withPage,
  withPageSize,
} from './grid-paging'

describe('grid paging', () => {
  it('starts on page 1 of 100 rows, with an estimated count', () => {
    const state = initialPaging('f')
    expect(currentPage(state, 'f', 250)).toBe(1)
    expect(state.pageSize).toBe(100)
    expect(isExact(state, 'f')).toBe(false)
  })

  it('keeps the page for its filters only: other filters are back on page 1', () => {
    const state = withPage(initialPaging('a'), 'a', 3)
    expect(currentPage(state, 'a', 250)).toBe(3)
    expect(currentPage(state, 'b', 250)).toBe(1)
  })

  it('clamps the page to the last one when the count shrinks, and only from below without a count', () => {
    const state = withPage(initialPaging('a'), 'a', 3)
    expect(currentPage(state, 'a', 120)).toBe(2)
    expect(currentPage(state, 'a', 0)).toBe(1)
    expect(currentPage(withPage(state, 'a', 9), 'a', undefined)).toBe(9)
  })

  it('goes back to page 1 with another number of rows per page', () => {
    const state = withPageSize(withPage(initialPaging('a'), 'a', 3), 'a', 500)
    expect([state.page, state.pageSize]).toEqual([1, 500])
  })

  it('counts exactly for the filters it was asked for, and estimates again for others', () => {
    const state = withExactCount(initialPaging('a'), 'a')
    expect(isExact(state, 'a')).toBe(true)
    expect(isExact(state, 'b')).toBe(false)
  })

  it('asks before changing page with rows selected (spec 1 §4), and stays on the same page', () => {
    const state = initialPaging('a')
    expect(pageChange(state, 'a', 2, 250, 0)).toEqual({ kind: 'go', page: 2 })
    expect(pageChange(state, 'a', 2, 250, 3)).toEqual({ kind: 'confirm', page: 2 })
    expect(pageChange(state, 'a', 9, 250, 0)).toEqual({ kind: 'go', page: 3 })
    expect(pageChange(state, 'a', 1, 250, 3)).toEqual({ kind: 'stay' })
    expect(pageChange(withPage(state, 'a', 3), 'a', 7, 250, 0)).toEqual({ kind: 'stay' })
  })

  it('as a hook: the page follows the filters it is rendered with', () => {
    const { result, rerender } = renderHook(({ filterKey }) => useGridPaging(filterKey), {
      initialProps: { filterKey: 'a' },
    })
    act(() => result.current.goTo(2))
    expect(result.current.pageOf(250)).toBe(2)
    act(() => result.current.loadExactCount())
    expect(result.current.exact).toBe(true)
    rerender({ filterKey: 'b' })
    expect(result.current.pageOf(250)).toBe(1)
    expect(result.current.exact).toBe(false)
    act(() => result.current.setPageSize(1000))
    expect([result.current.pageSize, result.current.pageOf(2500)]).toEqual([1000, 1])
  })
})
