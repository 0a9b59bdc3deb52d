import {
  fail,
  ok,
  STORAGE_TRIAL_OPERATIONS,
  storagePolicyTrialBodySchema,
  type PgPolicy,
  type PolicyTrialCommand,
  type Result,
  type StoragePolicyTrialBody,
  type StoragePolicyTrialResult,
} from '@basalt/contracts'
import type pg from 'pg'
import { actAs, type Impersonation } from '../db/impersonation.ts'
import { isPgError } from '../db/pg-error.ts'
import { createPolicies, listPolicies, updatePolicy } from '../pg-meta/policies.ts'
import { apiObjectNameProblem, deleteObjectsAs, findObject, insertObjectAs, moveObjectAs } from './api-objects.ts'
import { objectMetadata } from './objects.ts'

/**
 * 'Test as a user' for storage (issue 25 point 5): the storage policies page's pending policies — or none, for
 * the policies already there — applied, then one Storage API operation tried on a bucket and a path as anon,
 * a user of auth.users or typed JWT claims, with the very statements the Storage API runs
 * (`api-objects.ts`), so the answer is what an app would get. Each policy on storage.objects that the
 * operation's commands consider is also evaluated on its own for the object, as the role, to say which
 * passed. Call it only in a transaction that is always rolled back (`req.project.trial`): the policies, the
 * object supposed at the path and the operation are never kept.
 */

const TRIAL_TABLE = 'basalt_storage_trial_object'
const NOT_DELETED = 'No DELETE policy lets this role delete the object: remove() would answer an empty list'

/** Whether an ALL policy or one of this command is considered for the command. */
const considers = (policy: PgPolicy, command: PolicyTrialCommand) =>
  policy.command === 'ALL' || policy.command === command

/** The claims the trial sets, and the impersonation that sets them. */
async function whoOf(
  client: pg.ClientBase,
  as: ReturnType<typeof storagePolicyTrialBodySchema.parse>['as'],
): Promise<{ impersonation: Impersonation; role: 'anon' | 'authenticated'; sub: string | null }> {
  if ('claims' in as) {
    const role = as.claims.role as 'anon' | 'authenticated'
    const sub = typeof as.claims.sub === 'string' ? as.claims.sub : null
    return { impersonation: { role, claims: as.claims }, role, sub }
  }
  const role = as.role as 'anon' | 'authenticated'
  if (role === 'authenticated' && as.userId) {
    // The user must exist: actAs says so plainly when they do not.
    const { rows } = await client.query<{ id: string }>('select id::text from auth.users where id = $1', [as.userId])
    return { impersonation: { role, userId: as.userId }, role, sub: rows[0]?.id ?? null }
  }
  return { impersonation: { role, ...(as.userId ? { userId: as.userId } : {}) }, role, sub: null }
}

/** Runs one statement in a savepoint, so that a refusal leaves the trial's transaction usable. */
async function attempt<T>(
  client: pg.ClientBase,
  fn: () => Promise<T>,
): Promise<{ value?: T; error?: pg.DatabaseError }> {
  await client.query('savepoint basalt_storage_trial')
  try {
    const value = await fn()
    await client.query('release savepoint basalt_storage_trial')
    return { value }
  } catch (err) {
    await client.query('rollback to savepoint basalt_storage_trial')
    if (!isPgError(err)) throw err
    return { error: err as pg.DatabaseError }
  }
}

export async function testStoragePolicy(
  client: pg.ClientBase,
  input: StoragePolicyTrialBody,
): Promise<Result<StoragePolicyTrialResult>> {
  const body = storagePolicyTrialBodySchema.parse(input)
  const problem = apiObjectNameProblem(body.path)
  if (problem) return fail('validation_failed', problem)

  if (body.pending && 'create' in body.pending && body.pending.create.length > 0) {
    const created = await createPolicies(client, body.pending.create)
    if (!created.ok) return created
  } else if (body.pending && 'update' in body.pending) {
    const { id, ...changes } = body.pending.update
    const updated = await updatePolicy(client, id, changes)
    if (!updated.ok) return updated
  }

  const bucket = await client.query('select 1 from storage.buckets where id = $1', [body.bucket_id])
  if (!bucket.rowCount) return fail('not_found', 'Bucket not found')
  const who = await whoOf(client, body.as)
  const commands = [...STORAGE_TRIAL_OPERATIONS[body.operation]]

  // The object the operation acts on, as the admin (RLS bypassed): an upload tries a new object, so one
  // already there is set aside; the other operations need one, so one is supposed when there is none.
  const existing = await client.query<{ id: string }>(
    'select id::text from storage.objects where bucket_id = $1 and name = $2',
    [body.bucket_id, body.path],
  )
  let supposed: StoragePolicyTrialResult['supposed'] = 'none'
  const metadata = objectMetadata({ size: 0, mimetype: 'application/octet-stream', cacheControl: '', etag: '' })
  if (body.operation === 'upload' && existing.rowCount) {
    await client.query('delete from storage.objects where bucket_id = $1 and name = $2', [body.bucket_id, body.path])
    supposed = 'no_object'
  } else if (body.operation !== 'upload' && !existing.rowCount) {
    await insertObjectAs(client, { bucketId: body.bucket_id, name: body.path, ownerId: who.sub, metadata }, false)
    supposed = 'object'
  }

  // Each policy's expression, on the object as the role would read or write it, in a temporary copy of its
  // row named `objects` (policies name storage.objects' columns unqualified, or as `objects.…`).
  await client.query(
    `create temporary table ${TRIAL_TABLE} on commit drop as select * from storage.objects where false`,
  )
  if (body.operation === 'upload') {
    await client.query(
      `insert into pg_temp.${TRIAL_TABLE} (id, bucket_id, name, owner_id, metadata, created_at, updated_at, last_accessed_at)
       values (gen_random_uuid(), $1, $2, $3, $4, now(), now(), now())`,
      [body.bucket_id, body.path, who.sub, metadata],
    )
  } else {
    await client.query(
      `insert into pg_temp.${TRIAL_TABLE} select * from storage.objects where bucket_id = $1 and name = $2`,
      [body.bucket_id, body.path],
    )
  }
  await client.query(`grant select on pg_temp.${TRIAL_TABLE} to anon, authenticated`)
  const rls = await client.query<{ on: boolean }>(
    "select relrowsecurity as on from pg_class where oid = 'storage.objects'::regclass",
  )
  const listed = await listPolicies(client, { includedSchemas: ['storage'], includeSystemSchemas: true })
  if (!listed.ok) return listed
  const considered = listed.data.filter(
    (p) => p.table === 'objects' && commands.some((command) => considers(p, command)),
  )

  await actAs(client, who.impersonation)
  const policies: StoragePolicyTrialResult['policies'] = []
  for (const policy of considered) {
    const applies = policy.roles.includes('public') || policy.roles.includes(who.role)
    const asked = commands.filter((command) => considers(policy, command))
    // INSERT is decided by WITH CHECK; SELECT, UPDATE and DELETE by USING (an UPDATE's new row by WITH CHECK,
    // or USING when there is none: the same object here).
    const expression = asked.every((command) => command === 'INSERT')
      ? (policy.check ?? policy.definition)
      : (policy.definition ?? policy.check)
    let passed: boolean | null = null
    let error: string | null = null
    if (applies && expression) {
      // The expression is the catalog's own text of the policy (pg_get_expr): what RLS runs as this role.
      const tried = await attempt(client, () =>
        client.query<{ passed: boolean | null }>(
          `select (${expression})::boolean as passed from pg_temp.${TRIAL_TABLE} as objects`,
        ),
      )
      if (tried.error) error = tried.error.message
      else passed = tried.value?.rows[0]?.passed ?? null
    }
    policies.push({ id: policy.id, name: policy.name, command: policy.command, for: asked, applies, passed, error })
  }

  const target = { bucketId: body.bucket_id, name: body.path }
  const outcome = await attempt(client, async (): Promise<string | null> => {
    switch (body.operation) {
      case 'upload':
        await insertObjectAs(client, { ...target, ownerId: who.sub, metadata }, false)
        return null
      case 'download':
        return (await findObject(client, target.bucketId, target.name)) ? null : 'Object not found'
      case 'update': {
        const moved = await moveObjectAs(client, target, target)
        return moved.ok ? null : moved.error.code === 'not_found' ? 'Object not found' : moved.error.message
      }
      case 'remove': {
        if (!(await findObject(client, target.bucketId, target.name))) return 'Object not found'
        const deleted = await deleteObjectsAs(client, target.bucketId, [target.name])
        // The Storage API answers 200 with an empty list here: the object stays.
        return deleted.length > 0 ? null : NOT_DELETED
      }
    }
  })
  const reason = outcome.error ? outcome.error.message : (outcome.value ?? null)
  return ok({
    operation: body.operation,
    commands,
    allowed: reason === null,
    reason,
    supposed,
    rls_enabled: rls.rows[0]?.on ?? false,
    policies,
  })
}
