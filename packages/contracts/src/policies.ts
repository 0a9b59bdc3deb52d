import { z } from 'zod'
import { apiErrorSchema } from './errors.ts'
import { impersonationSchema, schemaFilterQuerySchema } from './pg-meta.ts'
import { cellValuesSchema } from './table-writes.ts'

/**
 * Shapes of the RLS policy calls (`/api/platform/pg-meta/{ref}/policies`, spec 1 §3, §7) and of 'Test as a
 * user', which tries a pending policy as anon or a chosen user in a transaction that is always rolled back.
 */

/** Longest policy name (spec 1 §9): Postgres keeps 63 bytes of a name. */
export const POLICY_NAME_LIMIT = 63

export const policyCommandSchema = z.enum(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'])
export const policyActionSchema = z.enum(['PERMISSIVE', 'RESTRICTIVE'])

/** A policy as the catalog holds it (spec 1 §3). `definition` is USING, `check` WITH CHECK. */
export const pgPolicySchema = z.object({
  /** pg_policy's oid. */
  id: z.number(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number(),
  name: z.string(),
  action: policyActionSchema,
  /** Role names; `['public']` when the policy names none. */
  roles: z.array(z.string()),
  command: policyCommandSchema,
  definition: z.string().nullable(),
  check: z.string().nullable(),
})
export type PgPolicy = z.infer<typeof pgPolicySchema>

/** GET …/policies?included_schemas=&excluded_schemas= */
export const policiesQuerySchema = schemaFilterQuerySchema
/** PATCH and DELETE …/policies?id= */
export const policyIdQuerySchema = z.object({ id: z.coerce.number().int().min(1) })

const name = z.string().trim().min(1).max(POLICY_NAME_LIMIT)
const expression = z.string().max(100_000).nullable()
const roles = z.array(z.string().min(1).max(POLICY_NAME_LIMIT)).max(200)

/** POST …/policies (spec 1 §7 "Create policy"). Empty roles means public. */
export const createPolicyBodySchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  name,
  command: policyCommandSchema,
  action: policyActionSchema.default('PERMISSIVE'),
  roles: roles.default([]),
  definition: expression.optional(),
  check: expression.optional(),
})
export type CreatePolicyBody = z.input<typeof createPolicyBodySchema>

/** PATCH …/policies?id= (spec 1 §3 update payload): only the changed fields among name, definition, check, roles. */
export const updatePolicyBodySchema = z.object({
  name: name.optional(),
  definition: expression.optional(),
  check: expression.optional(),
  roles: roles.optional(),
})
export type UpdatePolicyBody = z.infer<typeof updatePolicyBodySchema>

/** What 'Test as a user' tries: a command of the four a user's request can make. */
export const policyTrialCommandSchema = z.enum(['SELECT', 'INSERT', 'UPDATE', 'DELETE'])
export type PolicyTrialCommand = z.infer<typeof policyTrialCommandSchema>

/**
 * POST …/policies/test — applies the pending policy (`create`, or `update` of policy `id` with its changes)
 * in a transaction that is always rolled back, then, as `impersonation`, counts the rows the role sees
 * (SELECT) or tries the write: INSERT one row of `values` (defaults for the rest), UPDATE every row it may
 * with `values` (without values, a column set to itself), DELETE every row it may.
 */
export const policyTrialBodySchema = z.object({
  pending: z.union([
    z.object({ create: createPolicyBodySchema }),
    z.object({ update: updatePolicyBodySchema.extend({ id: z.number().int().min(1) }) }),
  ]),
  impersonation: impersonationSchema.refine((i) => i.role !== 'service_role', {
    message: 'Test as anon or an authenticated user: service_role bypasses row-level security',
  }),
  command: policyTrialCommandSchema,
  values: cellValuesSchema.default({}),
})
export type PolicyTrialBody = z.input<typeof policyTrialBodySchema>

export const policyTrialResultSchema = z.object({
  command: policyTrialCommandSchema,
  /** Whether the statement ran without error. */
  allowed: z.boolean(),
  /** Rows the role sees (SELECT) or the write touched; 0 when it failed. */
  rows: z.number(),
  /** SELECT: every row of the table, as the admin connection counts them. */
  total: z.number().nullable(),
  /** Without RLS on the table its policies apply to nobody. */
  rls_enabled: z.boolean(),
  /** Postgres' refusal when the statement failed (e.g. 'new row violates row-level security policy …'). */
  error: apiErrorSchema.nullable(),
})
export type PolicyTrialResult = z.infer<typeof policyTrialResultSchema>

// ---------- storage policies (spec 3 §2, issue 25 points 4 and 5) ----------

/**
 * POST …/policies/batch — several policies created in one transaction (the storage policy modal saves one
 * policy per allowed operation): all of them, or none when one fails.
 */
export const createPoliciesBodySchema = z.object({ policies: z.array(createPolicyBodySchema).min(1).max(8) })
export type CreatePoliciesBody = z.input<typeof createPoliciesBodySchema>

/**
 * What 'Test as a user' tries on a storage object, with the policy commands each needs (spec 3 §6): upload
 * INSERT; download SELECT; update (an overwrite or a move) SELECT + UPDATE; remove SELECT + DELETE.
 */
export const STORAGE_TRIAL_OPERATIONS = {
  upload: ['INSERT'],
  download: ['SELECT'],
  update: ['SELECT', 'UPDATE'],
  remove: ['SELECT', 'DELETE'],
} as const satisfies Record<string, readonly z.infer<typeof policyTrialCommandSchema>[]>
export const storageTrialOperationSchema = z.enum(['upload', 'download', 'update', 'remove'])
export type StorageTrialOperation = z.infer<typeof storageTrialOperationSchema>

/**
 * POST …/policies/storage-test — in a transaction that is always rolled back: the pending policies (new ones,
 * or an existing one with its changes) applied, then the operation tried on `bucket_id`/`path` as anon, a user
 * of auth.users, or JWT claims typed as JSON (`role` anon or authenticated).
 */
export const storagePolicyTrialBodySchema = z.object({
  pending: z
    .union([
      z.object({ create: z.array(createPolicyBodySchema).max(8) }),
      z.object({ update: updatePolicyBodySchema.extend({ id: z.number().int().min(1) }) }),
    ])
    .optional(),
  as: z.union([
    impersonationSchema.refine((i) => i.role !== 'service_role', {
      message: 'Test as anon or an authenticated user: service_role bypasses row-level security',
    }),
    z.object({
      claims: z.record(z.string(), z.unknown()).refine((c) => c.role === 'anon' || c.role === 'authenticated', {
        message: 'The claims need a role: "anon" or "authenticated"',
      }),
    }),
  ]),
  operation: storageTrialOperationSchema,
  bucket_id: z.string().min(1).max(100),
  path: z.string().min(1).max(1024),
})
export type StoragePolicyTrialBody = z.input<typeof storagePolicyTrialBodySchema>

/** One policy on storage.objects that the operation's commands consider, and what it said for this object. */
export const storageTrialPolicySchema = z.object({
  id: z.number().nullable(),
  name: z.string(),
  command: policyCommandSchema,
  /** The commands of the operation it was asked for (an ALL policy for each). */
  for: z.array(policyTrialCommandSchema),
  /** Whether it names the role tried (or public); a policy for other roles never applies. */
  applies: z.boolean(),
  /** Its expression's value for this object as the role: true, false, or null (not evaluated, or SQL null). */
  passed: z.boolean().nullable(),
  /** Postgres' error when evaluating it failed. */
  error: z.string().nullable(),
})

export const storagePolicyTrialResultSchema = z.object({
  operation: storageTrialOperationSchema,
  commands: z.array(policyTrialCommandSchema),
  allowed: z.boolean(),
  /** Why it was refused: Postgres' refusal, or 'Object not found' when no SELECT policy shows the object. */
  reason: z.string().nullable(),
  /** Whether an object was supposed at the path (none was there) or set aside (upload over an existing one). */
  supposed: z.enum(['none', 'object', 'no_object']),
  rls_enabled: z.boolean(),
  policies: z.array(storageTrialPolicySchema),
})
export type StoragePolicyTrialResult = z.infer<typeof storagePolicyTrialResultSchema>
