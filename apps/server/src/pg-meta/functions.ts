import { ok, type PgFunction, type PgFunctionArg, type PgFunctionType, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql, schemaFilterCondition, schemaFilterValues, toNumber, type SchemaFilter } from './catalog.ts'

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
