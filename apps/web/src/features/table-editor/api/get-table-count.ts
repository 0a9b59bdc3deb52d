import { useQuery } from '@tanstack/react-query'
import { tableCountResultSchema, type RowFilter } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

export interface TableCountQuery {
  schema: string
  table: string
  filters: RowFilter[]
  /** Count every row even on a large table (the "Load exact count" button). */
  exact: boolean
  impersonation?: ImpersonationParam
}

export const tableCountQueryKey = (ref: string, query?: TableCountQuery) =>
  query ? ([...pgMetaKey(ref), 'table-count', query] as const) : ([...pgMetaKey(ref), 'table-count'] as const)

export const getTableCount = (ref: string, query: TableCountQuery, signal?: AbortSignal) =>
  api(pgMetaPath(ref, 'table-count'), { method: 'POST', body: query, schema: tableCountResultSchema, signal })

/** No placeholder: when the filters change the total is unknown until counted again (spec 1 §4). */
export const useTableCount = (ref: string, query: TableCountQuery, options: { enabled: boolean }) =>
  useQuery({
    queryKey: tableCountQueryKey(ref, query),
    queryFn: ({ signal }) => getTableCount(ref, query, signal),
    enabled: options.enabled,
  })
