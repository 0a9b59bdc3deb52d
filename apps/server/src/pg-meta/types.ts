import {
  createEnumBodySchema,
  fail,
  ok,
  updateEnumBodySchema,
  type CreateEnumBody,
  type DatabaseType,
  type PgType,
  type Result,
  type UpdateEnumBody,
} from '@basalt/contracts'
import { buildDropType, createEnumStatements, updateEnumStatements } from '@basalt/sql'
import type pg from 'pg'
import { runSql, schemaFilterCondition, schemaFilterValues, toNumber, type SchemaFilter } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'
import { listDependents } from './dependents.ts'
import { refuseProtectedSchema } from './schemas.ts'

/**
 * Data types (pg_type) a column can be given: base, enum, domain, range and composite types, without
 * array types (written as `_name`/`name[]` from their element) and without the row types of tables.
 */

export interface TypeRow {
  id: string
  schema: string
  name: string
  format: string
  enums: string[]
  comment: string | null
}

// $1..$3 the schema filter.
const TYPES_SQL = `
select
  t.oid::int8 as id,
  n.nspname as schema,
  t.typname as name,
  format_type(t.oid, null) as format,
  array_to_json(array(select e.enumlabel from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)) as enums,
  obj_description(t.oid, 'pg_type') as comment
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where (t.typrelid = 0 or (select c.relkind = 'c' from pg_class c where c.oid = t.typrelid))
  and not exists (select 1 from pg_type el where el.oid = t.typelem and el.typarray = t.oid)
  and not pg_is_other_temp_schema(n.oid)
  and ${schemaFilterCondition('n.nspname', 1)}
  and has_type_privilege(t.oid, 'USAGE')
order by n.nspname, t.typname
`

export function toType(row: TypeRow): PgType {
  return { ...row, id: toNumber(row.id) }
}

/** Types the role may use, ordered by schema and name; enums carry their labels. */
export async function listTypes(client: pg.ClientBase, params: SchemaFilter = {}): Promise<Result<PgType[]>> {
  const rows = await runSql<TypeRow>(client, TYPES_SQL, schemaFilterValues(params))
  return rows.ok ? ok(rows.data.map(toType)) : rows
}

// ---------- Database › Enumerated types (issue 26 point 9) ----------

interface DatabaseTypeRow extends Omit<DatabaseType, 'id'> {
  id: string
}

// A domain's NOT NULL is a pg_constraint row from PostgreSQL 18, typnotnull alone before.
// Kinds as pg_type has them (typtype: e enum, d domain, c composite, r range, m multirange, b base);
// extensions' own types are left out (they go with the extension), and so are arrays and tables' row types.
// $1 one type oid or null, $2..$4 the schema filter.
const DATABASE_TYPES_SQL = `
select
  t.oid::int8 as id,
  n.nspname as schema,
  t.typname as name,
  case t.typtype when 'e' then 'enum' when 'd' then 'domain' when 'c' then 'composite' when 'r' then 'range'
    when 'm' then 'multirange' else 'base' end as kind,
  array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as values,
  case t.typtype when 'd' then format_type(t.typbasetype, t.typtypmod)
    when 'r' then (select format_type(r.rngsubtype, null) from pg_range r where r.rngtypid = t.oid) end as base_type,
  array_remove(array[case when t.typtype = 'd' and t.typnotnull and not exists (
      select 1 from pg_constraint k where k.contypid = t.oid and k.contype = 'n') then 'NOT NULL' end], null) ||
    array(select pg_get_constraintdef(k.oid, true) from pg_constraint k where k.contypid = t.oid
      order by k.contype <> 'n', k.conname) as constraints,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
     from pg_attribute a where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]'::json) as attributes,
  pg_get_userbyid(t.typowner) as owner,
  obj_description(t.oid, 'pg_type') as comment
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where ($1::oid is null or t.oid = $1::oid)
  and t.typtype in ('e', 'd', 'c', 'r', 'm', 'b')
  and (t.typrelid = 0 or (select c.relkind = 'c' from pg_class c where c.oid = t.typrelid))
  and not exists (select 1 from pg_type el where el.oid = t.typelem and el.typarray = t.oid)
  and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
  and not pg_is_other_temp_schema(n.oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and has_type_privilege(t.oid, 'USAGE')
order by n.nspname, t.typname
`

async function queryDatabaseTypes(client: pg.ClientBase, id: number | null, filter: SchemaFilter) {
  const rows = await runSql<DatabaseTypeRow>(client, DATABASE_TYPES_SQL, [id, ...schemaFilterValues(filter)])
  return rows.ok ? ok(rows.data.map((r) => ({ ...r, id: toNumber(r.id) }))) : rows
}

/** The types of the schemas the filter keeps, each with its kind: enums, domains, composites, ranges. */
export function listDatabaseTypes(client: pg.ClientBase, filter: SchemaFilter = {}): Promise<Result<DatabaseType[]>> {
  return queryDatabaseTypes(client, null, filter)
}

export async function getDatabaseType(client: pg.ClientBase, id: number): Promise<Result<DatabaseType>> {
  const found = await queryDatabaseTypes(client, id, { includeSystemSchemas: true })
  if (!found.ok) return found
  const [type] = found.data
  return type ? ok(type) : fail('not_found', `Type ${id} not found`)
}

async function enumOf(client: pg.ClientBase, id: number): Promise<Result<DatabaseType>> {
  const type = await getDatabaseType(client, id)
  if (!type.ok) return type
  if (type.data.kind !== 'enum') return fail('bad_request', `${type.data.name} is not an enumerated type`)
  return refuseProtectedSchema(type.data.schema) ?? type
}

/** CREATE TYPE … AS ENUM (POST …/database/types). */
export async function createEnum(client: pg.ClientBase, body: CreateEnumBody): Promise<Result<DatabaseType>> {
  const def = createEnumBodySchema.parse(body)
  const refused = refuseProtectedSchema(def.schema)
  if (refused) return refused
  const created = await runBuiltDdl(client, () => createEnumStatements(def))
  if (!created.ok) return created
  const rows = await runSql<{ id: string }>(client, 'select to_regtype($1)::oid::int8 as id', [
    `${client.escapeIdentifier(def.schema)}.${client.escapeIdentifier(def.name)}`,
  ])
  return rows.ok ? getDatabaseType(client, Number(rows.data[0]!.id)) : rows
}

/** Adds or renames a value of an enum (PATCH …/database/types?id=). */
export async function updateEnum(
  client: pg.ClientBase,
  id: number,
  body: UpdateEnumBody,
): Promise<Result<DatabaseType>> {
  const change = updateEnumBodySchema.parse(body)
  const type = await enumOf(client, id)
  if (!type.ok) return type
  const changed = await runBuiltDdl(client, () => updateEnumStatements(type.data, change))
  return changed.ok ? getDatabaseType(client, id) : changed
}

/** DROP TYPE (DELETE …?id=&cascade=); answers it as it was. */
export async function deleteDatabaseType(
  client: pg.ClientBase,
  id: number,
  cascade = false,
): Promise<Result<DatabaseType>> {
  const type = await getDatabaseType(client, id)
  if (!type.ok) return type
  const refused = refuseProtectedSchema(type.data.schema)
  if (refused) return refused
  const dropped = await runSql(client, buildDropType(type.data, cascade))
  return dropped.ok ? type : dropped
}

/** What depends on a type (columns, functions, other types). */
export function typeDependents(client: pg.ClientBase, id: number) {
  return listDependents(client, 'pg_type', id)
}
