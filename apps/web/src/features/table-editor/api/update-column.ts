import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgColumnSchema, type UpdateColumnPayload } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath, tableEditorKey } from './pg-meta-path'

/** PATCH …/columns?id={tableId}.{position}: only the changed fields (spec 2 §3 update-column payload). */
export const updateColumn = (ref: string, id: string, payload: UpdateColumnPayload) =>
  api(pgMetaPath(ref, 'columns', { id }), { method: 'PATCH', body: payload, schema: pgColumnSchema })

/** Updates a column; the table, its rows and the entity list are refetched. */
export function useUpdateColumn(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: UpdateColumnPayload }) => updateColumn(ref, id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableEditorKey(ref) }),
  })
}
