import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgTableSchema, type UpdateTablePayload } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** PATCH …/tables?id=: renames, moves, comments or toggles RLS of a table (only the changed fields). */
export const updateTable = (ref: string, id: number, payload: UpdateTablePayload) =>
  api(pgMetaPath(ref, 'tables', { id }), { method: 'PATCH', body: payload, schema: pgTableSchema })

/** Updates a table; every area's view of the database is read again (see invalidatePgMeta). */
export function useUpdateTable(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateTablePayload }) => updateTable(ref, id, payload),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
