import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgTableSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** DELETE …/tables?id=&cascade=: drops a table (with cascade, also what depends on it); answers it as it was. */
export const deleteTable = (ref: string, id: number, cascade: boolean) =>
  api(pgMetaPath(ref, 'tables', { id, cascade: String(cascade) }), { method: 'DELETE', schema: pgTableSchema })

/** Drops a table; every area's view of the database is read again (see invalidatePgMeta). */
export function useDeleteTable(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade: boolean }) => deleteTable(ref, id, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
