import {
  createPolicyBodySchema,
  fail,
  ok,
  type CreatePolicyBody,
  type Impersonation,
  type PgPolicy,
  type PolicyTrialBody,
  type PolicyTrialResult,
  type Result,
  type UpdatePolicyBody,
} from '@basalt/contracts'
import {
  buildCreatePolicy,
  buildDropPolicy,
  buildPolicyTrial,
  buildUpdatePolicy,
  diffPolicy,
  type PolicyChanges,
  type PolicyDefinition,
  type SqlValue,
} from '@basalt/sql'
import type pg from 'pg'
import { actAs } from '../db/impersonation.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import {
  buildFromInput,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'
import { checkSingleExpression, runCheckedDdl, type ExpressionField } from './expression.ts'
import { refuseProtectedSchema } from './schemas.ts'

/**
 * Row-level security policies (spec 1 §3, §7): the catalog query, the row mapper, create, update and drop,
 * and 'Test as a user'. The SQL is `@basalt/sql`'s policy module — the statements the editor's review showed.
 * Expressions are SQL by design, so each is read by Postgres' parser and refused unless it is exactly one
 * expression before any DDL is built.
 */

interface PolicyRow {
  id: string
  schema: string
  table: string
  table_id: string
  name: string
  action: PgPolicy['action']
  roles: string[]
  command: string
  definition: string | null
  check: string | null
}

const COMMANDS: Record<string, PgPolicy['command']> = {
  r: 'SELECT',
  a: 'INSERT',
  w: 'UPDATE',
  d: 'DELETE',
  '*': 'ALL',
}

// $1 one policy oid (or null), $2..$4 the schema filter. Roles as pg_policies names them (public for oid 0).
const POLICIES_SQL = `
select
  p.oid::int8 as id,
  n.nspname as schema,
  c.relname as table,
  c.oid::int8 as table_id,
  p.polname as name,
  case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end as action,
  array(
    select case when r = 0 then 'public' else pg_get_userbyid(r)::text end as role
      from unnest(p.polroles) as r order by 1
  ) as roles,
  p.polcmd as command,
  pg_get_expr(p.polqual, p.polrelid) as definition,
  pg_get_expr(p.polwithcheck, p.polrelid) as check
from pg_policy p
join pg_class c on c.oid = p.polrelid
join pg_namespace n on n.oid = c.relnamespace
where ($1::oid is null or p.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and has_schema_privilege(n.oid, 'USAGE')
order by n.nspname, c.relname, p.polname
`

function toPolicy(row: PolicyRow): PgPolicy {
  return {
    ...row,
    id: toNumber(row.id),
    table_id: toNumber(row.table_id),
    command: COMMANDS[row.command] ?? 'ALL',
  }
}

async function queryPolicies(client: pg.ClientBase, id: number | null, filter: SchemaFilter) {
  const rows = await runSql<PolicyRow>(client, POLICIES_SQL, [id, ...schemaFilterValues(filter)])
  return rows.ok ? ok(rows.data.map(toPolicy)) : rows
}

/** Policies of the schemas the filter keeps, ordered by schema, table and name (spec 1 §7 "Fetch policies"). */
export function listPolicies(client: pg.ClientBase, filter: SchemaFilter = {}): Promise<Result<PgPolicy[]>> {
  return queryPolicies(client, null, filter)
}

/** One policy by its oid; `not_found` when there is none. */
export async function getPolicy(client: pg.ClientBase, id: number): Promise<Result<PgPolicy>> {
  const policies = await queryPolicies(client, id, { includeSystemSchemas: true })
  if (!policies.ok) return policies
  const [policy] = policies.data
  return policy ? ok(policy) : fail('not_found', `Policy ${id} not found`)
}

async function policyByName(
  client: pg.ClientBase,
  schema: string,
  table: string,
  name: string,
): Promise<Result<PgPolicy>> {
  const rows = await runSql<{ id: string }>(
    client,
    `select p.oid::int8 as id from pg_policy p join pg_class c on c.oid = p.polrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and p.polname = $3`,
    [schema, table, name],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? getPolicy(client, Number(row.id)) : fail('not_found', `Policy ${name} not found on ${schema}.${table}`)
}

/** Refuses an expression unless it is one expression (none is fine). */
async function checkExpressions(expressions: {
  definition?: string | null | undefined
  check?: string | null | undefined
}): Promise<Result<null>> {
  const fields: [string | null | undefined, ExpressionField][] = [
    [expressions.definition, 'using'],
    [expressions.check, 'with_check'],
  ]
  for (const [text, field] of fields) {
    if (text == null || text.trim() === '') continue
    const checked = await checkSingleExpression(text, field)
    if (!checked.ok) return checked
  }
  return ok(null)
}

const run = runCheckedDdl

/**
 * The platform's schemas are read-only in the dashboard, but for the storage tables' policies: those are the
 * project's access rules (spec 3 §2), which the admin may write as the storage tables' owner's member
 * (db/project-roles.ts storageOwnerOf).
 */
export const STORAGE_POLICY_TABLES = ['objects', 'buckets'] as const

function refusePolicyTable(schema: string, table: string): Result<never> | null {
  if (schema === 'storage' && (STORAGE_POLICY_TABLES as readonly string[]).includes(table)) return null
  return refuseProtectedSchema(schema)
}

function creation(body: CreatePolicyBody): PolicyDefinition {
  const parsed = createPolicyBodySchema.parse(body)
  return { ...parsed, definition: parsed.definition ?? null, check: parsed.check ?? null }
}

/** Applies a new policy (its expressions checked first); answers it as the catalog then says. */
async function applyCreate(client: pg.ClientBase, policy: PolicyDefinition): Promise<Result<PgPolicy>> {
  const refused = refusePolicyTable(policy.schema, policy.table)
  if (refused) return refused
  const checked = await checkExpressions(policy)
  if (!checked.ok) return checked
  const created = await run(
    client,
    buildFromInput(() => buildCreatePolicy(policy)),
  )
  return created.ok ? policyByName(client, policy.schema, policy.table, policy.name.trim()) : created
}

/** Applies the changes that differ from the catalog (the rename last); answers the policy as it then is. */
async function applyUpdate(client: pg.ClientBase, id: number, body: UpdatePolicyBody): Promise<Result<PgPolicy>> {
  const before = await getPolicy(client, id)
  if (!before.ok) return before
  const refused = refusePolicyTable(before.data.schema, before.data.table)
  if (refused) return refused
  const changes: PolicyChanges = diffPolicy(before.data, body)
  const checked = await checkExpressions(changes)
  if (!checked.ok) return checked
  const updated = await run(
    client,
    buildFromInput(() => buildUpdatePolicy({ before: before.data, changes })),
  )
  if (!updated.ok) return updated
  // A change that takes an expression away drops and creates the policy again, under a new oid.
  return policyByName(client, before.data.schema, before.data.table, changes.name ?? before.data.name)
}

/** Creates a policy (POST …/policies). */
export function createPolicy(client: pg.ClientBase, body: CreatePolicyBody): Promise<Result<PgPolicy>> {
  return applyCreate(client, creation(body))
}

/**
 * Creates several policies (POST …/policies/batch) in the caller's one transaction: the storage policy
 * modal's one policy per allowed operation. The first failure is the answer, and the transaction it runs in
 * keeps none of them.
 */
export async function createPolicies(client: pg.ClientBase, bodies: CreatePolicyBody[]): Promise<Result<PgPolicy[]>> {
  const created: PgPolicy[] = []
  for (const body of bodies) {
    const one = await applyCreate(client, creation(body))
    if (!one.ok) return one
    created.push(one.data)
  }
  return ok(created)
}

/** Updates a policy from its changed fields (PATCH …/policies?id=), in the caller's one transaction. */
export function updatePolicy(client: pg.ClientBase, id: number, body: UpdatePolicyBody): Promise<Result<PgPolicy>> {
  return applyUpdate(client, id, body)
}

/** Drops a policy (DELETE …/policies?id=); answers it as it was. */
export async function deletePolicy(client: pg.ClientBase, id: number): Promise<Result<PgPolicy>> {
  const before = await getPolicy(client, id)
  if (!before.ok) return before
  const refused = refusePolicyTable(before.data.schema, before.data.table)
  if (refused) return refused
  const dropped = await run(
    client,
    buildFromInput(() => buildDropPolicy(before.data)),
  )
  return dropped.ok ? before : dropped
}

// ---------- test as a user ----------

/** Whether the table has RLS on, and a column an update without values may set to itself. */
async function tableFacts(client: pg.ClientBase, schema: string, table: string) {
  const rows = await runSql<{ rls_enabled: boolean; touch: string | null }>(
    client,
    `select c.relrowsecurity as rls_enabled,
            (select a.attname from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                and a.attidentity <> 'a' and a.attgenerated = ''
              order by a.attnum limit 1) as touch
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? ok(row) : fail('not_found', `Table ${schema}.${table} not found`)
}

/**
 * 'Test as a user' (POST …/policies/test): applies the pending policy — new, or an existing one with its
 * changes — then, as the impersonated role with its claims, counts the rows it sees or tries the write, and
 * answers whether it passed with Postgres' refusal when not. Call it only in a transaction that is rolled
 * back whatever it answers (`req.project.trial`): the policy and the write are never kept.
 */
export async function testPolicy(
  client: pg.ClientBase,
  body: PolicyTrialBody & { impersonation: Impersonation },
): Promise<Result<PolicyTrialResult>> {
  const applied =
    'create' in body.pending
      ? await applyCreate(client, creation(body.pending.create))
      : await applyUpdate(client, body.pending.update.id, body.pending.update)
  if (!applied.ok) return applied
  const { schema, table } = applied.data
  const facts = await tableFacts(client, schema, table)
  if (!facts.ok) return facts
  const trial = buildFromInput(() =>
    buildPolicyTrial({
      table: { schema, name: table },
      command: body.command,
      values: (body.values ?? {}) as Record<string, SqlValue>,
      touch: facts.data.touch ?? undefined,
    }),
  )
  if (!trial.ok) return trial
  let total: number | null = null
  if (body.command === 'SELECT') {
    // The admin connection bypasses RLS: every row of the table.
    const all = await runSql<{ count: string }>(client, trial.data)
    if (!all.ok) return all
    total = Number(all.data[0]?.count ?? 0)
  }
  await actAs(client, body.impersonation)
  const base = { command: body.command, total, rls_enabled: facts.data.rls_enabled }
  try {
    const result = await client.query<{ count: string }>(trial.data)
    const rows = body.command === 'SELECT' ? Number(result.rows[0]?.count ?? 0) : (result.rowCount ?? 0)
    return ok({ ...base, allowed: true, rows, error: null })
  } catch (err) {
    if (!isPgError(err)) throw err
    return ok({ ...base, allowed: false, rows: 0, error: toApiError(err, trial.data) })
  }
}
