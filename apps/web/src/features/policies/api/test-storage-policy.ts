import { useMutation } from '@tanstack/react-query'
import { storagePolicyTrialResultSchema, type StoragePolicyTrialBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * POST …/policies/storage-test: a Storage API operation on a path tried as anon, a user or typed claims, with
 * the pending policies applied, in a transaction that is always rolled back. Nothing changes.
 */
export const testStoragePolicy = (ref: string, body: StoragePolicyTrialBody) =>
  api(pgMetaPath(ref, 'policies/storage-test'), { method: 'POST', body, schema: storagePolicyTrialResultSchema })

export const useTestStoragePolicy = (ref: string) =>
  useMutation({ mutationFn: (body: StoragePolicyTrialBody) => testStoragePolicy(ref, body) })
