import { useQuery } from '@tanstack/react-query'
import { tableRowsResultSchema, type RowFilter, type RowSort } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { ROWS_RETRY_COUNT, ROWS_RETRY_DELAY_MS } from '../state/grid-constants'
import type { ImpersonationParam } from '../state/role-impersonation-store'
import { pgMetaPath, tableEditorKey } from './pg-meta-path'

export interface TableRowsQuery {
  schema: string
  table: string
  filters: RowFilter[]
  sorts: RowSort[]
  page: number
  limit: 100 | 500 | 1000
  impersonation?: ImpersonationParam
}

export const tableRowsQueryKey = (ref: string, query?: TableRowsQuery) =>
  query ? ([...tableEditorKey(ref), 'table-rows', query] as const) : ([...tableEditorKey(ref), 'table-rows'] as const)

export const getTableRows = (ref: string, query: TableRowsQuery, signal?: AbortSignal) =>
  api(pgMetaPath(ref, 'table-rows'), { method: 'POST', body: query, schema: tableRowsResultSchema, signal })

/** Spec 1 §7: an error naming a missing relation or column clears the sort (a sorted column was dropped). */
export const isMissingObjectError = (error: unknown) => errorMessage(error).includes('does not exist')

/** Spec 1 §7: retry every 5 s, up to 3 times — except errors that clearing the sort will answer. */
export const retryTableRows = (failureCount: number, error: unknown) =>
  !isMissingObjectError(error) && failureCount < ROWS_RETRY_COUNT

export const useTableRows = (ref: string, query: TableRowsQuery, options: { enabled: boolean }) =>
  useQuery({
    queryKey: tableRowsQueryKey(ref, query),
    queryFn: ({ signal }) => getTableRows(ref, query, signal),
    enabled: options.enabled,
    retry: retryTableRows,
    retryDelay: ROWS_RETRY_DELAY_MS,
    // Paging keeps the old rows on screen until the next page arrives.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[3] as TableRowsQuery | undefined
      return before && before.schema === query.schema && before.table === query.table ? previous : undefined
    },
  })
