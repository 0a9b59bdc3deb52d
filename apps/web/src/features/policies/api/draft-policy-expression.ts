import { useMutation } from '@tanstack/react-query'
import { aiPolicyResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export interface PolicyDraftRequest {
  prompt: string
  schema: string
  table: string
  command: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'ALL'
  includeSchema: boolean
}

/** POST /api/ai/sql/policy: 'Try Assistant' drafts a policy's expression from a sentence. */
export const draftPolicyExpression = (ref: string, request: PolicyDraftRequest) =>
  api('/api/ai/sql/policy', { method: 'POST', body: { projectRef: ref, ...request }, schema: aiPolicyResultSchema })

export const useDraftPolicyExpression = (ref: string) =>
  useMutation({ mutationFn: (request: PolicyDraftRequest) => draftPolicyExpression(ref, request) })
