import { useEffect, useState } from 'react'
import type { SetURLSearchParams } from 'react-router'
import type { Filter, Sort } from '@basalt/sql'
import { loadGridState, saveGridState, type SavedGridState } from './grid-state-store'
import { filtersKey, withFilters, withSorts } from './url-state'

/**
 * Whether the saved filters and sorts must still be put in the URL (spec 1 §3): when the table opens with a
 * URL that brings none, and some were saved.
 */
export function needsRestore(urlHasState: boolean, saved: SavedGridState | null): boolean {
  return !urlHasState && saved !== null && (saved.filters.length > 0 || saved.sorts.length > 0)
}

/**
 * The grid's lifecycle around its saved state (spec 1 §3, §4): read once when the table opens; the saved
 * filters and sorts go into the URL when it brings none; from then on the URL's filters and sorts are saved
 * as they change. Until the restored state has reached the URL (navigation is asynchronous) the grid is not
 * `initialized`: nothing is fetched or saved, so neither the unfiltered rows nor an empty state overwrite it.
 * Mounted once per table (the grid is keyed by table id).
 */
export function useSavedGridState({
  projectRef,
  tableId,
  searchParams,
  setSearchParams,
  filters,
  sorts,
}: {
  projectRef: string
  tableId: number
  searchParams: URLSearchParams
  setSearchParams: SetURLSearchParams
  filters: Filter[]
  sorts: Sort[]
}): { saved: SavedGridState | null; initialized: boolean } {
  const [saved] = useState(() => loadGridState(projectRef, tableId))
  const urlHasState = searchParams.has('filter') || searchParams.has('sort')
  const [pendingRestore, setPendingRestore] = useState(() => needsRestore(urlHasState, saved))
  if (pendingRestore && urlHasState) setPendingRestore(false)
  const initialized = !pendingRestore

  useEffect(() => {
    if (pendingRestore && saved) {
      setSearchParams((prev) => withSorts(withFilters(prev, saved.filters), saved.sorts), { replace: true })
    }
    // Once per mount: the grid is remounted for each table.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const filterKey = filtersKey(filters)
  const sortKey = JSON.stringify(sorts)
  useEffect(() => {
    if (initialized) saveGridState(projectRef, tableId, { filters, sorts })
    // filterKey/sortKey stand for filters/sorts, which are new objects on every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialized, projectRef, tableId, filterKey, sortKey])

  return { saved, initialized }
}
