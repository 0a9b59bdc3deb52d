import type { PgPolicy } from '@basalt/contracts'

/**
 * The bucket a storage policy is for, from its `bucket_id = '…'` condition (spec 3 §3 "Derived bucket"); null
 * when it names none. Postgres shows the condition as `(bucket_id = 'avatars'::text)`. Shared by the storage
 * explorer (a deleted bucket's policies go with it) and the storage policies page (a section per bucket).
 */
export function policyBucket(policy: Pick<PgPolicy, 'definition' | 'check'>): string | null {
  const text = `${policy.definition ?? ''} ${policy.check ?? ''}`
  const match = /bucket_id\s*=\s*'((?:[^']|'')*)'/.exec(text)
  return match ? match[1]!.replace(/''/g, "'") : null
}
