import { useQuery } from '@tanstack/react-query'
import { tableRowsResultSchema, type RowFilter, type RowSort } from '@basalt/contracts'
import { api, isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { ROWS_RETRY_COUNT, ROWS_RETRY_DELAY_MS } from '../state/grid-constants'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

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
  query ? ([...pgMetaKey(ref), 'table-rows', query] as const) : ([...pgMetaKey(ref), 'table-rows'] as const)

export const getTableRows = (ref: string, query: TableRowsQuery, signal?: AbortSignal) =>
  api(pgMetaPath(ref, 'table-rows'), { method: 'POST', body: query, schema: tableRowsResultSchema, signal })

/** Spec 1 §7: an error naming a missing relation or column clears the sort (a sorted column was dropped). */
export const isMissingObjectError = (error: unknown) => errorMessage(error).includes('does not exist')

/**
 * Spec 1 §7: retry every 5 s, up to 3 times — a failure that may pass (the server or its database out of
 * reach, a 5xx). An answer about the request itself (4xx: a filter value the column's type refuses, a
 * missing column, an id refused) is the same on every try, so the grid shows it at once and Refresh is free.
 */
export const retryTableRows = (failureCount: number, error: unknown) =>
  failureCount < ROWS_RETRY_COUNT && !(isApiError(error) && error.status >= 400 && error.status < 500)

/**
 * Rows shown while the next ones load: those of the same table read as the same role (another page, other
 * filters or sorts). Never another role's: under a new role's label they would be rows it may not see.
 */
export function keepRowsWhileLoading(next: TableRowsQuery, before: TableRowsQuery | undefined): boolean {
  return (
    before !== undefined &&
    before.schema === next.schema &&
    before.table === next.table &&
    JSON.stringify(before.impersonation ?? null) === JSON.stringify(next.impersonation ?? null)
  )
}

export const useTableRows = (ref: string, query: TableRowsQuery, options: { enabled: boolean }) =>
  useQuery({
    queryKey: tableRowsQueryKey(ref, query),
    queryFn: ({ signal }) => getTableRows(ref, query, signal),
    enabled: options.enabled,
    retry: retryTableRows,
    retryDelay: ROWS_RETRY_DELAY_MS,
    placeholderData: (previous, previousQuery) =>
      keepRowsWhileLoading(query, previousQuery?.queryKey[3] as TableRowsQuery | undefined) ? previous : undefined,
  })
