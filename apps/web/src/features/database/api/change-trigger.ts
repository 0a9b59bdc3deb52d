import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseTriggerSchema, type CreateTriggerBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/triggers */
export const createTrigger = (ref: string, body: CreateTriggerBody) =>
  api(pgMetaPath(ref, 'database/triggers'), { method: 'POST', body, schema: databaseTriggerSchema })

/** PATCH …/database/triggers?id=: enable or disable. */
export const setTriggerEnabled = (ref: string, id: number, enabled: boolean) =>
  api(pgMetaPath(ref, 'database/triggers', { id }), {
    method: 'PATCH',
    body: { enabled },
    schema: databaseTriggerSchema,
  })

/** DELETE …/database/triggers?id= */
export const deleteTrigger = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/triggers', { id }), { method: 'DELETE', schema: databaseTriggerSchema })

export function useCreateTrigger(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTriggerBody) => createTrigger(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useSetTriggerEnabled(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setTriggerEnabled(ref, id, enabled),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDeleteTrigger(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteTrigger(ref, id),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
