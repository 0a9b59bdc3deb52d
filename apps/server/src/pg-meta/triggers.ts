import {
  createTriggerBodySchema,
  fail,
  ok,
  type CreateTriggerBody,
  type DatabaseTrigger,
  type Result,
} from '@basalt/contracts'
import { buildDropTrigger, buildSetTriggerEnabled, createTriggerStatements } from '@basalt/sql'
import type pg from 'pg'
import {
  RELATION_IS_VISIBLE,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'
import { refuseProtectedSchema } from './schemas.ts'

/**
 * Triggers (pg_trigger) for Database › Triggers: the catalog query, the row mapper, create, enable / disable
 * and drop. Read from pg_trigger itself — not information_schema.triggers, which leaves out TRUNCATE triggers
 * and gives no condition for a table the reader does not own — with pg_get_triggerdef, which any role may
 * call. The arguments (tgargs, NUL-separated bytes) are decoded here as UTF-8 text, not escaped.
 */

interface TriggerRow extends Omit<DatabaseTrigger, 'id' | 'table_id' | 'function_id' | 'function_args' | 'condition'> {
  id: string
  table_id: string
  function_id: string
  /** tgargs in hex (the project connections read bytea as text). */
  args: string
  nargs: number
  has_condition: boolean
}

// tgtype bits (pg_trigger.h): 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.
// $1 one trigger oid (or null), $2..$4 the schema filter.
const TRIGGERS_SQL = `
select
  t.oid::int8 as id,
  t.tgname as name,
  n.nspname as schema,
  c.relname as table,
  c.oid::int8 as table_id,
  case c.relkind when 'p' then 'partitioned table' when 'v' then 'view' when 'f' then 'foreign table' else 'table' end as table_kind,
  p.oid::int8 as function_id,
  pn.nspname as function_schema,
  p.proname as function_name,
  encode(t.tgargs, 'hex') as args,
  t.tgnargs as nargs,
  case when t.tgtype & 2 <> 0 then 'BEFORE' when t.tgtype & 64 <> 0 then 'INSTEAD OF' else 'AFTER' end as timing,
  case when t.tgtype & 1 <> 0 then 'ROW' else 'STATEMENT' end as orientation,
  array_remove(array[
    case when t.tgtype & 4 <> 0 then 'INSERT' end,
    case when t.tgtype & 16 <> 0 then 'UPDATE' end,
    case when t.tgtype & 8 <> 0 then 'DELETE' end,
    case when t.tgtype & 32 <> 0 then 'TRUNCATE' end
  ], null) as events,
  array(
    select a.attname::text from unnest(t.tgattr::int2[]) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum
     order by k.position
  ) as update_columns,
  t.tgqual is not null as has_condition,
  t.tgoldtable::text as old_table,
  t.tgnewtable::text as new_table,
  case t.tgenabled when 'D' then 'disabled' when 'R' then 'replica' when 'A' then 'always' else 'origin' end as enabled_mode,
  pg_get_triggerdef(t.oid) as definition,
  obj_description(t.oid, 'pg_trigger') as comment
from pg_trigger t
join pg_class c on c.oid = t.tgrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_proc p on p.oid = t.tgfoid
join pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal
  and t.tgparentid = 0
  and ($1::oid is null or t.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname, t.tgname
`

/** tgargs: each argument's bytes followed by a NUL. */
function decodeArgs(hex: string, count: number): string[] {
  const bytes = Buffer.from(hex, 'hex')
  const args: string[] = []
  let start = 0
  for (let i = 0; i < bytes.length && args.length < count; i++) {
    if (bytes[i] === 0) {
      args.push(bytes.subarray(start, i).toString('utf8'))
      start = i + 1
    }
  }
  return args
}

/**
 * The WHEN condition out of pg_get_triggerdef's statement: `… WHEN (<condition>) EXECUTE FUNCTION …`.
 * pg_get_expr cannot write it (it holds OLD and NEW), and information_schema answers null to non-owners.
 */
export function conditionOf(definition: string): string | null {
  const start = definition.indexOf(' WHEN (')
  const end = definition.lastIndexOf(') EXECUTE FUNCTION ')
  const endProc = definition.lastIndexOf(') EXECUTE PROCEDURE ')
  const stop = Math.max(end, endProc)
  return start < 0 || stop < start ? null : definition.slice(start + ' WHEN ('.length, stop)
}

function toTrigger(row: TriggerRow): DatabaseTrigger {
  const { args, nargs, has_condition, ...rest } = row
  return {
    ...rest,
    id: toNumber(row.id),
    table_id: toNumber(row.table_id),
    function_id: toNumber(row.function_id),
    function_args: decodeArgs(args, nargs),
    condition: has_condition ? conditionOf(row.definition) : null,
  }
}

async function queryTriggers(client: pg.ClientBase, id: number | null, filter: SchemaFilter) {
  const rows = await runSql<TriggerRow>(client, TRIGGERS_SQL, [id, ...schemaFilterValues(filter)])
  return rows.ok ? ok(rows.data.map(toTrigger)) : rows
}

/** Triggers of the schemas the filter keeps, by schema, table and name. */
export function listTriggers(client: pg.ClientBase, filter: SchemaFilter = {}): Promise<Result<DatabaseTrigger[]>> {
  return queryTriggers(client, null, filter)
}

/** One trigger by oid; `not_found` when there is none (or its table is not visible). */
export async function getTrigger(client: pg.ClientBase, id: number): Promise<Result<DatabaseTrigger>> {
  const found = await queryTriggers(client, id, { includeSystemSchemas: true })
  if (!found.ok) return found
  const [trigger] = found.data
  return trigger ? ok(trigger) : fail('not_found', `Trigger ${id} not found`)
}

/** Creates a trigger (POST …/database/triggers); answers it as the catalog then says. */
export async function createTrigger(client: pg.ClientBase, body: CreateTriggerBody): Promise<Result<DatabaseTrigger>> {
  const def = createTriggerBodySchema.parse(body)
  const refused = refuseProtectedSchema(def.schema)
  if (refused) return refused
  const created = await runBuiltDdl(client, () => createTriggerStatements(def))
  if (!created.ok) return created
  const rows = await runSql<{ id: string }>(
    client,
    `select t.oid::int8 as id from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and t.tgname = $3`,
    [def.schema, def.table, def.name],
  )
  if (!rows.ok) return rows
  return getTrigger(client, Number(rows.data[0]!.id))
}

/** Enables or disables a trigger (PATCH …?id=). */
export async function setTriggerEnabled(
  client: pg.ClientBase,
  id: number,
  enabled: boolean,
): Promise<Result<DatabaseTrigger>> {
  const trigger = await getTrigger(client, id)
  if (!trigger.ok) return trigger
  const refused = refuseProtectedSchema(trigger.data.schema)
  if (refused) return refused
  const changed = await runSql(client, buildSetTriggerEnabled(trigger.data, enabled))
  return changed.ok ? getTrigger(client, id) : changed
}

/** Drops a trigger (DELETE …?id=&cascade=); answers it as it was. */
export async function deleteTrigger(
  client: pg.ClientBase,
  id: number,
  cascade = false,
): Promise<Result<DatabaseTrigger>> {
  const trigger = await getTrigger(client, id)
  if (!trigger.ok) return trigger
  const refused = refuseProtectedSchema(trigger.data.schema)
  if (refused) return refused
  const dropped = await runSql(client, buildDropTrigger(trigger.data, cascade))
  return dropped.ok ? trigger : dropped
}
