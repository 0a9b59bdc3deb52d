import { useCallback, useState } from 'react'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { NO_SELECTION, type RowSelection } from './row-selection'

/**
 * What a selection belongs to: the rows shown, as filters, sorts, page, page size and role choose them. Any
 * of these changing shows other rows, and the selection of the ones before is dropped.
 */
export function selectionScope(view: {
  filterKey: string
  sortKey: string
  page: number
  pageSize: number
  impersonation: ImpersonationParam | undefined
}): string {
  return JSON.stringify([view.filterKey, view.sortKey, view.page, view.pageSize, view.impersonation ?? null])
}

/** The grid's row selection (spec 1 §4), kept while its scope (selectionScope) stays the same. */
export function useGridSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; selection: RowSelection }>({ scope, selection: NO_SELECTION })
  const selection = state.scope === scope ? state.selection : NO_SELECTION
  const setSelection = useCallback((next: RowSelection) => setState({ scope, selection: next }), [scope])
  return [selection, setSelection] as const
}
