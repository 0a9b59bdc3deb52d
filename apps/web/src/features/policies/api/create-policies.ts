import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { pgPolicySchema, type CreatePolicyBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/policies/batch: the storage policy modal's policies, all created in one transaction or none. */
export const createPolicies = (ref: string, policies: CreatePolicyBody[]) =>
  api(pgMetaPath(ref, 'policies/batch'), { method: 'POST', body: { policies }, schema: z.array(pgPolicySchema) })

export function useCreatePolicies(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policies: CreatePolicyBody[]) => createPolicies(ref, policies),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
