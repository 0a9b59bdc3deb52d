import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseIndexSchema, type CreateIndexBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/indexes */
export const createIndex = (ref: string, body: CreateIndexBody) =>
  api(pgMetaPath(ref, 'database/indexes'), { method: 'POST', body, schema: databaseIndexSchema })

/** DELETE …/database/indexes?id= */
export const deleteIndex = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/indexes', { id }), { method: 'DELETE', schema: databaseIndexSchema })

export function useCreateIndex(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateIndexBody) => createIndex(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDeleteIndex(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteIndex(ref, id),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
