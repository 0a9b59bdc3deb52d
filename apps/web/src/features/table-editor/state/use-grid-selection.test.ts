import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { NO_SELECTION } from './row-selection'
import { selectionScope, useGridSelection } from './use-grid-selection'

const view = { filterKey: 'f', sortKey: '[]', page: 1, pageSize: 100, impersonation: undefined }

describe('useGridSelection', () => {
  it('keeps the selection while the same rows are shown, and drops it when they change', () => {
    const { result, rerender } = renderHook(({ scope }) => useGridSelection(scope), {
      initialProps: { scope: selectionScope(view) },
    })
    expect(result.current[0]).toBe(NO_SELECTION)
    act(() => result.current[1]({ kind: 'some', keys: new Set([1, 2]) }))
    rerender({ scope: selectionScope({ ...view }) })
    expect(result.current[0]).toEqual({ kind: 'some', keys: new Set([1, 2]) })
    rerender({ scope: selectionScope({ ...view, page: 2 }) })
    expect(result.current[0]).toBe(NO_SELECTION)
  })

  it('scopes a selection to the filters, sorts, page, page size and role', () => {
    const scopes = new Set(
      [
        view,
        { ...view, filterKey: 'g' },
        { ...view, sortKey: '[{"column":"id"}]' },
        { ...view, page: 2 },
        { ...view, pageSize: 500 },
        { ...view, impersonation: { role: 'anon' as const } },
      ].map(selectionScope),
    )
    expect(scopes.size).toBe(6)
  })
})
