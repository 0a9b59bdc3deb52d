import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseFunctionSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** DELETE …/database/functions?id=&cascade=: drops one overload. */
export const deleteDatabaseFunction = (ref: string, id: number, cascade: boolean) =>
  api(pgMetaPath(ref, 'database/functions', { id, cascade: String(cascade) }), {
    method: 'DELETE',
    schema: databaseFunctionSchema,
  })

export function useDeleteDatabaseFunction(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade: boolean }) => deleteDatabaseFunction(ref, id, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
