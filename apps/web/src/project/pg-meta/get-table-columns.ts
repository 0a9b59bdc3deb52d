import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { tableColumnsListingSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const tableColumnsQueryKey = (ref: string) => [...pgMetaKey(ref), 'table-columns'] as const

/**
 * GET …/table-columns?include_system_schemas=true: every relation the member's role may use with its
 * columns (spec 2 §3 "Table columns listing"), system schemas included since SQL may read them.
 */
export const getTableColumns = (ref: string) =>
  api(pgMetaPath(ref, 'table-columns', { include_system_schemas: 'true' }), {
    schema: z.array(tableColumnsListingSchema),
  })

export const tableColumnsQueryOptions = (ref: string) => ({
  queryKey: tableColumnsQueryKey(ref),
  queryFn: () => getTableColumns(ref),
})

export const useTableColumns = (ref: string) => useQuery(tableColumnsQueryOptions(ref))
