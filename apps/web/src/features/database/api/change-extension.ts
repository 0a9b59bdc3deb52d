import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseExtensionSchema, type EnableExtensionBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/extensions */
export const enableExtension = (ref: string, body: EnableExtensionBody) =>
  api(pgMetaPath(ref, 'database/extensions'), { method: 'POST', body, schema: databaseExtensionSchema })

/** DELETE …/database/extensions?name=&cascade= */
export const disableExtension = (ref: string, name: string, cascade: boolean) =>
  api(pgMetaPath(ref, 'database/extensions', { name, cascade: String(cascade) }), {
    method: 'DELETE',
    schema: databaseExtensionSchema,
  })

export function useEnableExtension(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EnableExtensionBody) => enableExtension(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDisableExtension(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, cascade }: { name: string; cascade: boolean }) => disableExtension(ref, name, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
