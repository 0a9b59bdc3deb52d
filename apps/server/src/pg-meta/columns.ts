import { fail, ok, type PgColumn, type Result } from '@basalt/contracts'
import type pg from 'pg'
import {
  columnIsUpdatableSql,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'

/** Columns of tables, views, materialized views and foreign tables (pg_attribute), as postgres-meta lists them. */

export interface ColumnRow {
  id: string
  table_id: string
  schema: string
  table: string
  name: string
  ordinal_position: number
  data_type: string
  format: string
  default_value: string | null
  is_nullable: boolean
  is_identity: boolean
  identity_generation: 'ALWAYS' | 'BY DEFAULT' | null
  is_generated: boolean
  is_updatable: boolean
  is_unique: boolean
  enums: string[]
  check: string | null
  comment: string | null
  is_encrypted: boolean
}

// $1 table oids (or null), $2 column id "oid.attnum" (or null), $3..$5 the schema filter.
// data_type follows information_schema.columns (ARRAY, USER-DEFINED, or the SQL name); format is the udt
// name (of the base type for a domain), so arrays keep their '_' prefix. enums are the labels of the enum
// the column's type leads to through domains and array elements (so an array of a domain over an enum
// has them too). check is the expression of the column's first single-column check constraint as
// pg_get_expr deparses it, without what pg_get_constraintdef wraps around it (CHECK (…), NOT VALID,
// NO INHERIT). A column is listed when the role owns the table or holds a privilege on the column.
const COLUMNS_SQL = `
with recursive
  -- A domain leads to its base type, an array to its element type.
  type_steps(type_id, next_id) as materialized (
    select oid, typbasetype from pg_type where typtype = 'd'
    union all
    select oid, typelem from pg_type where typelem <> 0 and typlen = -1
  ),
  -- The enum each type leads to, computed once for the whole listing.
  enum_of(type_id, enum_id) as (
    select oid, oid from pg_type where typtype = 'e'
    union
    select s.type_id, eo.enum_id from enum_of eo join type_steps s on s.next_id = eo.type_id
  )
select
  c.oid || '.' || a.attnum as id,
  c.oid::int8 as table_id,
  n.nspname as schema,
  c.relname as table,
  a.attname as name,
  a.attnum as ordinal_position,
  case
    when coalesce(bt.typelem, t.typelem) <> 0 and coalesce(bt.typlen, t.typlen) = -1 then 'ARRAY'
    when coalesce(nbt.nspname, nt.nspname) = 'pg_catalog' then format_type(coalesce(bt.oid, t.oid), null)
    else 'USER-DEFINED'
  end as data_type,
  coalesce(bt.typname, t.typname) as format,
  case when a.atthasdef then pg_get_expr(ad.adbin, ad.adrelid) end as default_value,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
  a.attidentity in ('a', 'd') as is_identity,
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
  a.attgenerated <> '' as is_generated,
  a.attgenerated = '' and (
    c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and ${columnIsUpdatableSql('c.oid', 'a.attnum')})
  ) as is_updatable,
  exists (
    select 1 from pg_constraint u
     where u.conrelid = c.oid and u.contype = 'u' and u.conkey = array[a.attnum]
  ) as is_unique,
  array_to_json(array(
    select e.enumlabel from pg_enum e where e.enumtypid = eo.enum_id order by e.enumsortorder
  )) as enums,
  (
    select pg_get_expr(k.conbin, k.conrelid, true)
      from pg_constraint k
     where k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum]
     order by k.oid
     limit 1
  ) as check,
  col_description(c.oid, a.attnum) as comment,
  -- pgsodium's Transparent Column Encryption marks a column with a security label 'ENCRYPT WITH KEY …'.
  exists (
    select 1 from pg_seclabel sl
     where sl.classoid = 'pg_class'::regclass and sl.objoid = c.oid and sl.objsubid = a.attnum
       and sl.provider = 'pgsodium' and sl.label ilike 'ENCRYPT%'
  ) as is_encrypted
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
join pg_namespace nt on nt.oid = t.typnamespace
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_namespace nbt on nbt.oid = bt.typnamespace
left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
left join enum_of eo on eo.type_id = a.atttypid
where a.attnum > 0
  and not a.attisdropped
  and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and not pg_is_other_temp_schema(n.oid)
  and ($1::oid[] is null or c.oid = any($1::oid[]))
  and ($2::text is null or c.oid || '.' || a.attnum = $2::text)
  and ${schemaFilterCondition('n.nspname', 3)}
  and (pg_has_role(c.relowner, 'USAGE') or has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES'))
order by n.nspname, c.relname, a.attnum
`

export function toColumn(row: ColumnRow): PgColumn {
  return { ...row, table_id: toNumber(row.table_id) }
}

export interface ListColumnsParams extends SchemaFilter {
  /** Only columns of these relations (pg_class oids). */
  tableIds?: readonly number[] | undefined
}

/** Columns of the relations the role can see, ordered by schema, table and position. */
export async function listColumns(client: pg.ClientBase, params: ListColumnsParams = {}): Promise<Result<PgColumn[]>> {
  const tableIds = params.tableIds ? [...params.tableIds] : null
  const rows = await runSql<ColumnRow>(client, COLUMNS_SQL, [tableIds, null, ...schemaFilterValues(params)])
  return rows.ok ? ok(rows.data.map(toColumn)) : rows
}

/** One column by its id `"<table oid>.<attnum>"`. */
export async function getColumn(client: pg.ClientBase, id: string): Promise<Result<PgColumn>> {
  const rows = await runSql<ColumnRow>(client, COLUMNS_SQL, [null, id, null, null, true])
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? ok(toColumn(row)) : fail('not_found', `Column ${id} not found`)
}

/**
 * Adds `columns` to each relation of a listing (one query for all of them), or returns them as they are
 * when columns were not asked for.
 */
export async function attachColumns<T extends { id: number }>(
  client: pg.ClientBase,
  relations: T[],
  include: boolean,
): Promise<Result<(T & { columns?: PgColumn[] })[]>> {
  if (!include || relations.length === 0) return ok(relations)
  const columns = await listColumns(client, { tableIds: relations.map((r) => r.id), includeSystemSchemas: true })
  if (!columns.ok) return columns
  const byTable = new Map<number, PgColumn[]>()
  for (const column of columns.data) {
    const list = byTable.get(column.table_id) ?? []
    list.push(column)
    byTable.set(column.table_id, list)
  }
  return ok(relations.map((r) => ({ ...r, columns: byTable.get(r.id) ?? [] })))
}
