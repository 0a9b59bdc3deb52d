import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseRoleSchema, type RoleDefinition } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/roles, or PATCH …?id= with the whole definition. */
export const saveDatabaseRole = (ref: string, id: number | null, body: RoleDefinition) =>
  api(pgMetaPath(ref, 'database/roles', id === null ? undefined : { id }), {
    method: id === null ? 'POST' : 'PATCH',
    body,
    schema: databaseRoleSchema,
  })

/** DELETE …/database/roles?id= */
export const deleteDatabaseRole = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/roles', { id }), { method: 'DELETE', schema: databaseRoleSchema })

export function useSaveDatabaseRole(ref: string, id: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RoleDefinition) => saveDatabaseRole(ref, id, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDeleteDatabaseRole(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteDatabaseRole(ref, id),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
