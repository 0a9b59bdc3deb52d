import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgColumnSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** DELETE …/columns?id=&cascade=: drops a column (with cascade, also what depends on it). */
export const deleteColumn = (ref: string, id: string, cascade: boolean) =>
  api(pgMetaPath(ref, 'columns', { id, cascade: String(cascade) }), { method: 'DELETE', schema: pgColumnSchema })

/** Drops a column; every area's view of the database is read again (see invalidatePgMeta). */
export function useDeleteColumn(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade: boolean }) => deleteColumn(ref, id, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
