import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgColumnSchema, type UpdateColumnPayload } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** PATCH …/columns?id={tableId}.{position}: only the changed fields (spec 2 §3 update-column payload). */
export const updateColumn = (ref: string, id: string, payload: UpdateColumnPayload) =>
  api(pgMetaPath(ref, 'columns', { id }), { method: 'PATCH', body: payload, schema: pgColumnSchema })

/** Updates a column; every area's view of the database is read again (see invalidatePgMeta). */
export function useUpdateColumn(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: UpdateColumnPayload }) => updateColumn(ref, id, payload),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
