import { useState } from 'react'
import { DEFAULT_ROW_PAGE_SIZE, type ROW_PAGE_SIZES } from '@basalt/contracts'
import { clampPage } from './pagination'

export type RowPageSize = (typeof ROW_PAGE_SIZES)[number]

/**
 * The grid's paging (spec 1 §4, §5): the page belongs to one set of filters — changing them goes back to
 * page 1 — and is clamped to the last page of the count; rows per page; and whether the count is exact,
 * also for one set of filters ("Load exact count").
 */
export interface PagingState {
  /** The filters (their key) the page was chosen under. */
  filterKey: string
  page: number
  pageSize: RowPageSize
  /** The filters the exact count was asked for, if any. */
  exactFor: string | null
}

export const initialPaging = (filterKey: string): PagingState => ({
  filterKey,
  page: 1,
  pageSize: DEFAULT_ROW_PAGE_SIZE,
  exactFor: null,
})

/** The page shown under these filters: the one chosen for them (else 1), clamped to the count's last page. */
export function currentPage(state: PagingState, filterKey: string, total: number | undefined): number {
  return clampPage(state.filterKey === filterKey ? state.page : 1, total, state.pageSize)
}

/** What asking for a page does: nothing (already there), go, or ask first since rows are selected. */
export type PageChange = { kind: 'stay' } | { kind: 'go'; page: number } | { kind: 'confirm'; page: number }

/**
 * Spec 1 §4: changing page with rows selected asks first (the selection is cleared on confirming).
 *
 * @example
 *   pageChange(state, key, 9, 250, 3) // { kind: 'confirm', page: 3 }: clamped, and 3 rows are selected
 */
export function pageChange(
  state: PagingState,
  filterKey: string,
  target: number,
  total: number | undefined,
  selected: number,
): PageChange {
  const page = clampPage(target, total, state.pageSize)
  if (page === currentPage(state, filterKey, total)) return { kind: 'stay' }
  return selected > 0 ? { kind: 'confirm', page } : { kind: 'go', page }
}

export const withPage = (state: PagingState, filterKey: string, page: number): PagingState => ({
  ...state,
  filterKey,
  page,
})

/** Another number of rows per page starts again from page 1. */
export const withPageSize = (state: PagingState, filterKey: string, pageSize: RowPageSize): PagingState => ({
  ...state,
  filterKey,
  page: 1,
  pageSize,
})

export const withExactCount = (state: PagingState, filterKey: string): PagingState => ({
  ...state,
  exactFor: filterKey,
})

export const isExact = (state: PagingState, filterKey: string) => state.exactFor === filterKey

/** The paging state of a grid mounted under these filters (see PagingState). */
export function useGridPaging(filterKey: string) {
  const [state, setState] = useState(() => initialPaging(filterKey))
  return {
    state,
    pageSize: state.pageSize,
    exact: isExact(state, filterKey),
    pageOf: (total: number | undefined) => currentPage(state, filterKey, total),
    goTo: (page: number) => setState((s) => withPage(s, filterKey, page)),
    setPageSize: (size: RowPageSize) => setState((s) => withPageSize(s, filterKey, size)),
    loadExactCount: () => setState((s) => withExactCount(s, filterKey)),
  }
}
