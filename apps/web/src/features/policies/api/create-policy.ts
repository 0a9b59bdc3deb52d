import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgPolicySchema, type CreatePolicyBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/policies (spec 1 §7 "Create policy"). */
export const createPolicy = (ref: string, body: CreatePolicyBody) =>
  api(pgMetaPath(ref, 'policies'), { method: 'POST', body, schema: pgPolicySchema })

export function useCreatePolicy(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreatePolicyBody) => createPolicy(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
