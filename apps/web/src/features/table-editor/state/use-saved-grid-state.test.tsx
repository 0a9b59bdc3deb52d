import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router'
import type { Filter } from '@basalt/sql'
import { loadGridState, saveGridState } from './grid-state-store'
import { needsRestore, useSavedGridState } from './use-saved-grid-state'
import { readFilters, readSorts, withFilters } from './url-state'

const done: Filter = { column: 'done', operator: '=', value: 'true' }

/** The hook as the grid uses it, under a router at `url`. */
function renderAt(url: string) {
  const seen: Array<{ initialized: boolean; search: string }> = []
  let setParams: ReturnType<typeof useSearchParams>[1] = () => {}
  const { result } = renderHook(
    () => {
      const [searchParams, setSearchParams] = useSearchParams()
      setParams = setSearchParams
      const state = useSavedGridState({
        projectRef: 'abc',
        tableId: 42,
        searchParams,
        setSearchParams,
        filters: readFilters(searchParams),
        sorts: readSorts(searchParams),
      })
      seen.push({ initialized: state.initialized, search: searchParams.toString() })
      return { ...state, search: searchParams.toString() }
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <RouterProvider router={createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] })} />
      ),
    },
  )
  return { result, seen, setParams: (update: (prev: URLSearchParams) => URLSearchParams) => setParams(update) }
}

describe('useSavedGridState', () => {
  it('restores saved filters and sorts into a URL that has none, and only then is initialized', async () => {
    saveGridState('abc', 42, { filters: [done], sorts: [{ column: 'id', ascending: false }] })
    const { result, seen } = renderAt('/editor/42')
    await waitFor(() => expect(result.current.initialized).toBe(true))
    // Never initialized with a URL that lacks them: the grid would read the unfiltered rows.
    expect(seen[0]).toEqual({ initialized: false, search: '' })
    expect(seen.filter((s) => s.initialized).every((s) => s.search.includes('filter='))).toBe(true)
    const params = new URLSearchParams(result.current.search)
    expect(params.getAll('filter')).toEqual(['done:eq:true'])
    expect(params.getAll('sort')).toEqual(['id:desc'])
  })

  it("keeps the URL's own filters and saves them instead", async () => {
    saveGridState('abc', 42, { filters: [done] })
    const { result } = renderAt('/editor/42?sort=title:asc')
    expect(result.current.initialized).toBe(true)
    expect(result.current.search).toBe('sort=title%3Aasc')
    await waitFor(() => expect(loadGridState('abc', 42)).toMatchObject({ filters: [], sorts: [{ column: 'title' }] }))
  })

  it('saves the filters as they change', async () => {
    const { result, setParams } = renderAt('/editor/42')
    expect(result.current.initialized).toBe(true)
    act(() => setParams((prev) => withFilters(prev, [done])))
    await waitFor(() => expect(loadGridState('abc', 42)?.filters).toEqual([done]))
  })

  it('restores only what there is to restore', () => {
    expect(needsRestore(false, null)).toBe(false)
    expect(needsRestore(false, { gridColumns: [], filters: [], sorts: [] })).toBe(false)
    expect(needsRestore(false, { gridColumns: [], filters: [done], sorts: [] })).toBe(true)
    expect(needsRestore(true, { gridColumns: [], filters: [done], sorts: [] })).toBe(false)
  })
})
