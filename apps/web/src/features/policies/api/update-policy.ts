import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgPolicySchema, type UpdatePolicyBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** PATCH …/policies?id= with only the changed fields (spec 1 §3, §7 "Update policy"). */
export const updatePolicy = (ref: string, id: number, body: UpdatePolicyBody) =>
  api(pgMetaPath(ref, 'policies', { id }), { method: 'PATCH', body, schema: pgPolicySchema })

export function useUpdatePolicy(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePolicyBody }) => updatePolicy(ref, id, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
