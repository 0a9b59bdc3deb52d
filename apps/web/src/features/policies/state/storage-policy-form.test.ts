import { describe, expect, it } from 'vitest'
import type { Bucket, PgPolicy } from '@basalt/contracts'
import { STORAGE_POLICY_MESSAGES as MESSAGES } from '../messages'
import { STORAGE_POLICY_TEMPLATES } from '../storage-templates'
import {
  bucketHash,
  CLIENT_METHODS,
  emptyForm,
  formFromTemplate,
  methodAllowed,
  policyPayloads,
  reviewStatements,
  storagePolicySections,
  validateStoragePolicy,
} from './storage-policy-form'

const ownFolder = STORAGE_POLICY_TEMPLATES.find((t) => t.id === 'own-folder')!

describe('storage policy form', () => {
  it('has the five templates of spec 3, each naming its bucket, filled in as a literal', () => {
    expect(STORAGE_POLICY_TEMPLATES).toHaveLength(5)
    for (const t of STORAGE_POLICY_TEMPLATES) expect(t.definition).toContain('{bucket_id}')
    const form = formFromTemplate(ownFolder, "it's")
    expect(form.definition).toBe("bucket_id = 'it''s' and (storage.foldername(name))[1] = (select auth.uid()::text)")
    expect(form.allowedOperations).toEqual(['SELECT', 'INSERT', 'UPDATE', 'DELETE'])
  })

  it("says spec 3 §5's messages", () => {
    expect(validateStoragePolicy({ name: ' ', roles: [], definition: ' \n ', allowedOperations: [] })).toEqual([
      'Please provide a name for your policy',
      'Please provide a definition for your policy',
      'Please allow at least one operation in your policy',
    ])
    expect(validateStoragePolicy({ ...emptyForm('docs'), name: 'x', allowedOperations: ['SELECT'] })).toEqual([])
    expect(MESSAGES.addFailed('boom')).toBe('Error adding policy: boom')
  })

  it('makes one policy per operation, named with a short hash of the bucket and an index, INSERT by its check', () => {
    const hash = bucketHash('docs')
    expect(hash).toMatch(/^[0-9a-z]{6}$/)
    expect(bucketHash('docs2')).not.toBe(hash)
    const form = {
      ...formFromTemplate(ownFolder, 'docs'),
      name: 'Own   folder ',
      allowedOperations: ['INSERT', 'SELECT'] as const,
    }
    const payloads = policyPayloads({ ...form, allowedOperations: [...form.allowedOperations] }, 'docs')
    expect(payloads.map((p) => [p.name, p.command, 'check' in p, 'definition' in p, p.roles])).toEqual([
      [`Own   folder ${hash}_0`, 'SELECT', false, true, ['authenticated']],
      [`Own   folder ${hash}_1`, 'INSERT', true, false, ['authenticated']],
    ])
    const [select, insert] = reviewStatements(payloads)
    expect(select).toContain('for select\nto "authenticated"\nusing (bucket_id = \'docs\' and')
    expect(insert).toContain('for insert\nto "authenticated"\nwith check (')
    // No roles: the payload leaves them out (public).
    expect(policyPayloads({ ...form, roles: [], allowedOperations: ['DELETE'] }, 'docs')[0]).not.toHaveProperty('roles')
    // The longest name still fits Postgres' 63 bytes with its suffix.
    expect(
      policyPayloads({ ...form, name: 'n'.repeat(50), allowedOperations: ['DELETE'] }, 'docs')[0]!.name.length,
    ).toBeLessThanOrEqual(63)
  })

  it('highlights the client methods the chosen operations allow (spec 3 §6)', () => {
    const allowed = (ops: ('SELECT' | 'INSERT' | 'UPDATE' | 'DELETE')[]) =>
      CLIENT_METHODS.filter((m) => methodAllowed(m.needs, ops)).map((m) => m.method)
    expect(allowed(['INSERT'])).toEqual(['upload'])
    expect(allowed(['SELECT', 'DELETE'])).toEqual(['download', 'list', 'createSignedUrl', 'createSignedUrls', 'remove'])
    expect(allowed(['SELECT', 'INSERT', 'UPDATE', 'DELETE'])).not.toContain('getPublicUrl')
  })

  it('groups policies by their bucket, the rest under storage.objects, and storage.buckets apart', () => {
    const policy = (id: number, table: string, definition: string | null, check: string | null = null) =>
      ({ id, table, schema: 'storage', definition, check, name: `p${id}` }) as PgPolicy
    const buckets = [
      { id: 'docs', name: 'docs' },
      { id: 'avatars', name: 'avatars' },
    ] as Bucket[]
    const sections = storagePolicySections(buckets, [
      policy(1, 'objects', "(bucket_id = 'docs'::text)"),
      policy(2, 'objects', null, "((bucket_id = 'avatars'::text) AND true)"),
      policy(3, 'objects', "(bucket_id = 'gone'::text)"),
      policy(4, 'objects', 'true'),
      policy(5, 'buckets', 'true'),
    ])
    expect(sections.buckets.map((b) => [b.bucket.id, b.policies.map((p) => p.id)])).toEqual([
      ['docs', [1]],
      ['avatars', [2]],
    ])
    expect(sections.ungrouped.map((p) => p.id)).toEqual([3, 4])
    expect(sections.bucketTable.map((p) => p.id)).toEqual([5])
  })
})
