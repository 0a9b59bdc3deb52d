import { describe, expect, it } from 'vitest'
import { policyBucket } from './delete-bucket-policies'

describe("a storage policy's bucket", () => {
  it('comes from its bucket_id condition, in the using or the check expression', () => {
    expect(policyBucket({ definition: "(bucket_id = 'avatars'::text)", check: null })).toBe('avatars')
    expect(
      policyBucket({ definition: null, check: "((bucket_id = 'it''s'::text) AND (auth.uid() IS NOT NULL))" }),
    ).toBe("it's")
    expect(policyBucket({ definition: "(auth.role() = 'anon'::text)", check: null })).toBeNull()
  })
})
