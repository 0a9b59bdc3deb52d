import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseTypeSchema, type CreateEnumBody, type UpdateEnumBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/types (a new enum), or PATCH …?id= (add or rename a value). */
export const changeEnum = (ref: string, id: number | null, body: CreateEnumBody | UpdateEnumBody) =>
  api(pgMetaPath(ref, 'database/types', id === null ? undefined : { id }), {
    method: id === null ? 'POST' : 'PATCH',
    body,
    schema: databaseTypeSchema,
  })

/** DELETE …/database/types?id=&cascade= */
export const deleteDatabaseType = (ref: string, id: number, cascade: boolean) =>
  api(pgMetaPath(ref, 'database/types', { id, cascade: String(cascade) }), {
    method: 'DELETE',
    schema: databaseTypeSchema,
  })

export function useChangeEnum(ref: string, id: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEnumBody | UpdateEnumBody) => changeEnum(ref, id, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDeleteDatabaseType(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade: boolean }) => deleteDatabaseType(ref, id, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
