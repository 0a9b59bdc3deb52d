import { ok, type PgType, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql, schemaFilterCondition, schemaFilterValues, toNumber, type SchemaFilter } from './catalog.ts'

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
