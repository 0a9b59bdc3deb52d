import {
  fail,
  functionDefinitionSchema,
  ok,
  type DatabaseFunction,
  type FunctionDefinition,
  type ParsedFunctionDefinition,
  type PgFunction,
  type PgFunctionArg,
  type PgFunctionType,
  type Result,
} from '@basalt/contracts'
import {
  buildDropFunction,
  createFunctionStatements,
  joinStatements,
  qualified,
  updateFunctionStatements,
  type BuiltStatement,
} from '@basalt/sql'
import type pg from 'pg'
import {
  buildFromInput,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'
import { checkBuiltStatements } from './ddl-check.ts'
import { listDependents } from './dependents.ts'
import { runCheckedDdl } from './expression.ts'
import { refuseProtectedSchema } from './schemas.ts'

/**
 * Functions (pg_proc) the role may call, with their arguments, for the SQL editor's autocomplete and
 * signature help (spec 2 §3 "Function listing"). Procedures are left out (they are called, not used in
 * expressions).
 */

export interface FunctionRow {
  id: string
  schema: string
  name: string
  description: string | null
  result_type: string | null
  argument_types: string
  type: PgFunctionType
  returns_set: boolean
  args: PgFunctionArg[]
}

// $1..$3 the schema filter. Functions that take or return `internal` or `cstring` (type input/output,
// planner support, index access methods) cannot be called from SQL usefully, and in the system schemas those
// that implement an operator (int4pl for +) are reached through the operator: hundreds of names nobody types.
// Arguments: all of them (in, out, inout, variadic, table), in order; pg_get_function_arg_default takes the
// 1-based position among all of them and answers null for an argument without a default.
const FUNCTIONS_SQL = `
select
  p.oid::int8 as id,
  n.nspname as schema,
  p.proname as name,
  obj_description(p.oid, 'pg_proc') as description,
  pg_get_function_result(p.oid) as result_type,
  pg_get_function_arguments(p.oid) as argument_types,
  case
    when p.prokind = 'a' then 'agg'
    when p.prokind = 'w' then 'window'
    when p.prorettype = 'trigger'::regtype then 'trigger'
    else 'normal'
  end as type,
  p.proretset as returns_set,
  coalesce((
    select json_agg(json_build_object(
      'mode', case a.mode when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' when 't' then 'table' else 'in' end,
      'name', coalesce(a.name, ''),
      'type', format_type(a.type, null),
      'default', pg_get_function_arg_default(p.oid, a.position::int)
    ) order by a.position)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
      with ordinality as a(type, mode, name, position)
    where a.type is not null
  ), '[]') as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
where p.prokind <> 'p'
  and not pg_is_other_temp_schema(n.oid)
  and ${schemaFilterCondition('n.nspname', 1)}
  and has_schema_privilege(n.oid, 'USAGE')
  and has_function_privilege(p.oid, 'EXECUTE')
  and p.prorettype not in ('internal'::regtype, 'cstring'::regtype)
  and not (p.proargtypes::oid[] && array['internal'::regtype, 'cstring'::regtype]::oid[])
  and not (n.nspname = 'pg_catalog' and exists (select 1 from pg_operator o where o.oprcode = p.oid))
order by n.nspname, p.proname, p.oid
`

export function toFunction(row: FunctionRow): PgFunction {
  return { ...row, id: toNumber(row.id) }
}

/** Functions the role may execute, ordered by schema and name (overloads by oid). */
export async function listFunctions(client: pg.ClientBase, params: SchemaFilter = {}): Promise<Result<PgFunction[]>> {
  const rows = await runSql<FunctionRow>(client, FUNCTIONS_SQL, schemaFilterValues(params))
  return rows.ok ? ok(rows.data.map(toFunction)) : rows
}

// ---------- Database › Functions ----------

interface DatabaseFunctionRow extends Omit<DatabaseFunction, 'id'> {
  id: string
}

// $1 one function oid (or null), $2..$4 the schema filter. Every argument in order, with its mode and the
// default pg_get_function_arg_default gives at its 1-based position among all of them (OUT arguments
// between IN ones included, so a default lands on its own argument). An SQL-standard body (`RETURN …`,
// `BEGIN ATOMIC … END`) is in prosqlbody, not prosrc: pg_get_function_sqlbody writes it. Settings
// (proconfig) are `name=value` and a value may hold '=', so each is split at its first '='.
// pg_get_functiondef cannot write aggregates.
const DATABASE_FUNCTIONS_SQL = `
select
  p.oid::int8 as id,
  n.nspname as schema,
  p.proname as name,
  case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' when 'w' then 'window' else 'function' end as kind,
  l.lanname as language,
  pg_get_userbyid(p.proowner) as owner,
  obj_description(p.oid, 'pg_proc') as comment,
  coalesce((
    select json_agg(json_build_object(
      'mode', case a.mode when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' when 't' then 'table' else 'in' end,
      'name', coalesce(a.name, ''),
      'type', format_type(a.type, null),
      'default', pg_get_function_arg_default(p.oid, a.position::int)
    ) order by a.position)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes, p.proargnames)
      with ordinality as a(type, mode, name, position)
    where a.type is not null
  ), '[]') as arguments,
  pg_get_function_arguments(p.oid) as argument_types,
  pg_get_function_identity_arguments(p.oid) as identity_arguments,
  case when p.prokind = 'p' then null else pg_get_function_result(p.oid) end as return_type,
  p.proretset as returns_set,
  p.prorettype = 'trigger'::regtype as is_trigger,
  case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end as volatility,
  p.prosecdef as security_definer,
  p.proisstrict as strict,
  p.proleakproof as leakproof,
  case p.proparallel when 's' then 'safe' when 'r' then 'restricted' else 'unsafe' end as parallel,
  coalesce((
    select json_agg(json_build_object('name', split_part(c.setting, '=', 1), 'value', substr(c.setting, strpos(c.setting, '=') + 1)) order by c.position)
    from unnest(p.proconfig) with ordinality as c(setting, position)
  ), '[]') as config,
  coalesce(pg_get_function_sqlbody(p.oid), p.prosrc) as body,
  p.prosqlbody is not null as sql_body,
  case when p.prokind = 'a' then null else pg_get_functiondef(p.oid) end as definition
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_language l on l.oid = p.prolang
where ($1::oid is null or p.oid = $1::oid)
  and not pg_is_other_temp_schema(n.oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and has_schema_privilege(n.oid, 'USAGE')
order by n.nspname, p.proname, p.oid
`

async function queryDatabaseFunctions(
  client: pg.ClientBase,
  id: number | null,
  filter: SchemaFilter,
): Promise<Result<DatabaseFunction[]>> {
  const rows = await runSql<DatabaseFunctionRow>(client, DATABASE_FUNCTIONS_SQL, [id, ...schemaFilterValues(filter)])
  return rows.ok ? ok(rows.data.map((r) => ({ ...r, id: toNumber(r.id) }))) : rows
}

/** Functions, procedures, aggregates and window functions of the schemas the filter keeps; overloads apart. */
export function listDatabaseFunctions(client: pg.ClientBase, filter: SchemaFilter = {}) {
  return queryDatabaseFunctions(client, null, filter)
}

/** One function by oid; `not_found` when there is none. */
export async function getDatabaseFunction(client: pg.ClientBase, id: number): Promise<Result<DatabaseFunction>> {
  const found = await queryDatabaseFunctions(client, id, { includeSystemSchemas: true })
  if (!found.ok) return found
  const [fn] = found.data
  return fn ? ok(fn) : fail('not_found', `Function ${id} not found`)
}

/** Runs built function DDL once Postgres' parser has read each statement as the one the builder wrote. */
async function runFunctionDdl(client: pg.ClientBase, built: Result<BuiltStatement[]>): Promise<Result<null>> {
  if (!built.ok) return built
  const checked = await checkBuiltStatements(built.data)
  if (!checked.ok) return checked
  return runCheckedDdl(client, ok(joinStatements(built.data)))
}

/** The function just created or replaced, by its schema, name and input types (to_regprocedure reads them). */
async function functionNamed(client: pg.ClientBase, def: ParsedFunctionDefinition): Promise<Result<DatabaseFunction>> {
  const inputs = def.arguments.filter((a) => a.mode !== 'out').map((a) => a.type)
  const signature = `${qualified(def.schema, def.name)}(${inputs.join(', ')})`
  const rows = await runSql<{ id: string | null }>(client, 'select to_regprocedure($1)::oid::int8 as id', [signature])
  if (!rows.ok) return rows
  const id = rows.data[0]?.id
  return id ? getDatabaseFunction(client, Number(id)) : fail('not_found', `Function ${signature} not found`)
}

/** Creates a function or procedure (POST …/database/functions) and answers it as the catalog then says. */
export async function createDatabaseFunction(
  client: pg.ClientBase,
  body: FunctionDefinition,
): Promise<Result<DatabaseFunction>> {
  const def = functionDefinitionSchema.parse(body)
  const refused = refuseProtectedSchema(def.schema)
  if (refused) return refused
  const created = await runFunctionDdl(
    client,
    buildFromInput(() => createFunctionStatements(def)),
  )
  return created.ok ? functionNamed(client, def) : created
}

/** Changes a function to the definition sent (PATCH …?id=), in one transaction. */
export async function updateDatabaseFunction(
  client: pg.ClientBase,
  id: number,
  body: FunctionDefinition,
): Promise<Result<DatabaseFunction>> {
  const after = functionDefinitionSchema.parse(body)
  const before = await getDatabaseFunction(client, id)
  if (!before.ok) return before
  const refused = refuseProtectedSchema(before.data.schema) ?? refuseProtectedSchema(after.schema)
  if (refused) return refused
  if (before.data.kind === 'aggregate' || before.data.kind === 'window') {
    return fail('bad_request', 'Aggregates and window functions are changed with SQL, not with this form')
  }
  const updated = await runFunctionDdl(
    client,
    buildFromInput(() => updateFunctionStatements({ before: before.data, after })),
  )
  return updated.ok ? functionNamed(client, after) : updated
}

/** Drops one overload (DELETE …?id=&cascade=); answers it as it was. */
export async function deleteDatabaseFunction(
  client: pg.ClientBase,
  id: number,
  cascade = false,
): Promise<Result<DatabaseFunction>> {
  const fn = await getDatabaseFunction(client, id)
  if (!fn.ok) return fn
  const refused = refuseProtectedSchema(fn.data.schema)
  if (refused) return refused
  const dropped = await runSql(client, buildDropFunction(fn.data, cascade))
  return dropped.ok ? fn : dropped
}

/** What depends on a function: triggers, views, defaults, other functions' SQL-standard bodies. */
export function functionDependents(client: pg.ClientBase, id: number) {
  return listDependents(client, 'pg_proc', id)
}
