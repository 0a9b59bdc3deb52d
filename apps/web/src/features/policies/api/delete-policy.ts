import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgPolicySchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** DELETE …/policies?id= (spec 1 §7 "Delete policy"). */
export const deletePolicy = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'policies', { id }), { method: 'DELETE', schema: pgPolicySchema })

export function useDeletePolicy(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deletePolicy(ref, id),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
