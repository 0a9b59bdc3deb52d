import { useMutation } from '@tanstack/react-query'
import { policyTrialResultSchema, type PolicyTrialBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * POST …/policies/test: applies the pending policy in a transaction that is always rolled back and runs the
 * operation as the chosen role ('Test as a user'). Nothing changes, so nothing is invalidated.
 */
export const testPolicy = (ref: string, body: PolicyTrialBody) =>
  api(pgMetaPath(ref, 'policies/test'), { method: 'POST', body, schema: policyTrialResultSchema })

export const useTestPolicy = (ref: string) =>
  useMutation({ mutationFn: (body: PolicyTrialBody) => testPolicy(ref, body) })
