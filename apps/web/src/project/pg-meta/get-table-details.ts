import { useQuery } from '@tanstack/react-query'
import { getTable } from './get-table'
import { pgMetaKey } from './pg-meta-path'

export const tableDetailsQueryKey = (ref: string, id: number) => [...pgMetaKey(ref), 'table', id] as const

/**
 * One table by id as the catalog has it (RLS, primary keys, relationships, columns): what the schema editor
 * compares its forms against. Nothing is fetched without an id.
 */
export const useTableDetails = (ref: string, id: number | null) =>
  useQuery({
    queryKey: tableDetailsQueryKey(ref, id ?? 0),
    queryFn: () => getTable(ref, id ?? 0),
    enabled: id !== null,
  })
