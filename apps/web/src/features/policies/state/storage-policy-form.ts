import type { Bucket, CreatePolicyBody, PgPolicy, PolicyTrialCommand } from '@basalt/contracts'
import { buildCreatePolicy, diffPolicy, normalizeExpression, type PolicyChanges } from '@basalt/sql'
import { policyBucket } from '../../../project/storage/policy-bucket'
import { STORAGE_POLICY_MESSAGES as MESSAGES } from '../messages'
import type { StoragePolicyTemplate } from '../storage-templates'

/**
 * The storage policy modal's form and what it makes (spec 3 §2, §3 "Policy form", §5 "Storage policy"):
 * validation, one policy per allowed operation named with a short hash of the bucket and an index, the
 * statements the review lists, and the storage-js methods the chosen operations allow. Pure; the modal renders it.
 */

/** Longest name the modal takes (spec 3 §5, §9): longer input is ignored. */
export const STORAGE_POLICY_NAME_MAX = 50

export const STORAGE_OPERATIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const satisfies PolicyTrialCommand[]
export type StorageOperation = (typeof STORAGE_OPERATIONS)[number]

export interface StoragePolicyForm {
  name: string
  roles: string[]
  definition: string
  allowedOperations: StorageOperation[]
}

/** The placeholder of the templates' definitions (spec 3 §3), replaced by the bucket's name as a literal. */
export const BUCKET_PLACEHOLDER = '{bucket_id}'

/** A string as a SQL literal: `it's` → `'it''s'`. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** A template's definition for a bucket: `{bucket_id}` filled in. */
export function fillTemplate(definition: string, bucket: string): string {
  return definition.split(BUCKET_PLACEHOLDER).join(literal(bucket))
}

/** A new policy's form: empty but for the bucket's condition, which a definition from scratch starts with. */
export const emptyForm = (bucket: string): StoragePolicyForm => ({
  name: '',
  roles: [],
  definition: `bucket_id = ${literal(bucket)}`,
  allowedOperations: [],
})

export const formFromTemplate = (template: StoragePolicyTemplate, bucket: string): StoragePolicyForm => ({
  name: template.name.slice(0, STORAGE_POLICY_NAME_MAX),
  roles: [...template.roles],
  definition: fillTemplate(template.definition, bucket),
  allowedOperations: [...template.allowedOperations],
})

/** An existing policy's form: its name, roles, the expression its command is decided by, its one command. */
export function formFromPolicy(policy: PgPolicy): StoragePolicyForm {
  return {
    name: policy.name,
    roles: policy.roles.filter((r) => r !== 'public'),
    definition: (policy.command === 'INSERT' ? policy.check : policy.definition) ?? policy.definition ?? '',
    allowedOperations: policy.command === 'ALL' ? [] : [policy.command],
  }
}

/** The messages of spec 3 §5 the form fails with; empty when it can be reviewed. */
export function validateStoragePolicy(form: StoragePolicyForm, editing = false): string[] {
  const messages: string[] = []
  if (form.name.trim() === '') messages.push(MESSAGES.nameRequired)
  if (normalizeExpression(form.definition) === '') messages.push(MESSAGES.definitionRequired)
  if (!editing && form.allowedOperations.length === 0) messages.push(MESSAGES.operationRequired)
  return messages
}

/**
 * A short hash of the bucket's name (6 base-36 characters of its FNV-1a hash): with the operation's index it
 * makes each policy's name unique per bucket and operation (spec 3 §5).
 */
export function bucketHash(bucket: string): string {
  let hash = 0x811c9dc5
  for (const char of new TextEncoder().encode(bucket)) {
    hash ^= char
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36).padStart(7, '0').slice(-6)
}

/**
 * The create payloads (spec 3 §3 "New policy payload"), one per allowed operation in the order SELECT,
 * INSERT, UPDATE, DELETE: named `{name} {hash}_{index}`; the definition as USING, or as WITH CHECK for
 * INSERT; permissive; on storage.objects; roles left out when none (public).
 */
export function policyPayloads(form: StoragePolicyForm, bucket: string): CreatePolicyBody[] {
  const definition = normalizeExpression(form.definition)
  const hash = bucketHash(bucket)
  return STORAGE_OPERATIONS.filter((op) => form.allowedOperations.includes(op)).map((command, index) => ({
    schema: 'storage',
    table: 'objects',
    name: `${form.name.trim()} ${hash}_${index}`,
    command,
    action: 'PERMISSIVE',
    ...(form.roles.length > 0 ? { roles: [...form.roles] } : {}),
    ...(command === 'INSERT' ? { check: definition } : { definition }),
  }))
}

/** The changed fields of an edited policy (its command stays; INSERT's expression is its WITH CHECK). */
export function policyEdits(policy: PgPolicy, form: StoragePolicyForm): PolicyChanges {
  const expression = policy.command === 'INSERT' ? { check: form.definition } : { definition: form.definition }
  return diffPolicy(policy, { name: form.name, roles: form.roles, ...expression })
}

/** The statements the review lists, one per policy; none for an edit that changes nothing. */
export function reviewStatements(payloads: CreatePolicyBody[]): string[] {
  return payloads.map((p) =>
    buildCreatePolicy({
      schema: p.schema,
      table: p.table,
      name: p.name,
      command: p.command,
      action: p.action ?? 'PERMISSIVE',
      roles: p.roles ?? [],
      definition: p.definition ?? null,
      check: p.check ?? null,
    }),
  )
}

/**
 * The storage-js methods and the operations each needs (spec 3 §6): the modal highlights those the chosen
 * operations allow. getPublicUrl needs none (it is built, not asked), so it is never highlighted by a policy.
 */
export const CLIENT_METHODS: readonly { method: string; needs: readonly StorageOperation[] }[] = [
  { method: 'upload', needs: ['INSERT'] },
  { method: 'download', needs: ['SELECT'] },
  { method: 'list', needs: ['SELECT'] },
  { method: 'createSignedUrl', needs: ['SELECT'] },
  { method: 'createSignedUrls', needs: ['SELECT'] },
  { method: 'update', needs: ['SELECT', 'UPDATE'] },
  { method: 'move', needs: ['SELECT', 'UPDATE'] },
  { method: 'copy', needs: ['SELECT', 'INSERT'] },
  { method: 'remove', needs: ['SELECT', 'DELETE'] },
  { method: 'getPublicUrl', needs: [] },
]

/** Whether the chosen operations allow a method (every operation it needs is chosen; none needed: no). */
export const methodAllowed = (needs: readonly StorageOperation[], chosen: readonly StorageOperation[]) =>
  needs.length > 0 && needs.every((op) => chosen.includes(op))

/** The page's sections (spec 3 §2): one per bucket, then storage.objects' other policies, then storage.buckets'. */
export interface StoragePolicySections {
  buckets: { bucket: Bucket; policies: PgPolicy[] }[]
  ungrouped: PgPolicy[]
  bucketTable: PgPolicy[]
}

export function storagePolicySections(buckets: Bucket[], policies: PgPolicy[]): StoragePolicySections {
  const known = new Set(buckets.map((b) => b.id))
  const objects = policies.filter((p) => p.schema === 'storage' && p.table === 'objects')
  const bucketOf = (p: PgPolicy) => {
    const bucket = policyBucket(p)
    return bucket !== null && known.has(bucket) ? bucket : null
  }
  return {
    buckets: buckets.map((bucket) => ({ bucket, policies: objects.filter((p) => bucketOf(p) === bucket.id) })),
    ungrouped: objects.filter((p) => bucketOf(p) === null),
    bucketTable: policies.filter((p) => p.schema === 'storage' && p.table === 'buckets'),
  }
}
