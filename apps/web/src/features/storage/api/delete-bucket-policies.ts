import { z } from 'zod'
import { pgPolicySchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'
import { policyBucket } from '../../../project/storage/policy-bucket'

export { policyBucket }

/**
 * After a bucket's deletion (spec 3 §4): its policies on storage.objects are deleted, through the policies
 * routes as any policy is (GET …/policies?included_schemas=storage, DELETE …/policies?id=). Answers how many.
 */
export async function deleteBucketPolicies(ref: string, bucketName: string): Promise<number> {
  const policies = await api(pgMetaPath(ref, 'policies', { included_schemas: 'storage' }), {
    schema: z.array(pgPolicySchema),
  })
  const mine = policies.filter((p) => p.table === 'objects' && policyBucket(p) === bucketName)
  for (const policy of mine) {
    await api(pgMetaPath(ref, 'policies', { id: policy.id }), { method: 'DELETE', schema: pgPolicySchema })
  }
  return mine.length
}
