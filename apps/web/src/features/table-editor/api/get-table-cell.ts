import { useQuery } from '@tanstack/react-query'
import { tableCellResultSchema, type TableCellParams } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

export type TableCellQuery = TableCellParams & { impersonation?: ImpersonationParam }

export const tableCellQueryKey = (ref: string, query: TableCellQuery) =>
  [...pgMetaKey(ref), 'table-cell', query] as const

export const getTableCell = (ref: string, query: TableCellQuery) =>
  api(pgMetaPath(ref, 'table-cell'), { method: 'POST', body: query, schema: tableCellResultSchema })

/** The whole value of a cell the rows call sent truncated; fetched only once asked for. */
export const useTableCell = (ref: string, query: TableCellQuery, options: { enabled: boolean }) =>
  useQuery({
    queryKey: tableCellQueryKey(ref, query),
    queryFn: () => getTableCell(ref, query),
    enabled: options.enabled,
    staleTime: Number.POSITIVE_INFINITY,
  })
