import { ENTITY_TYPES, ok, type Result, type TableColumnsListing } from '@basalt/contracts'
import type pg from 'pg'
import { RELATION_IS_VISIBLE, runSql, schemaFilterCondition, schemaFilterValues, type SchemaFilter } from './catalog.ts'

/**
 * Every relation's columns in one compact listing (spec 2 §3 "Table columns listing"), for the SQL editor's
 * autocomplete: names and types only, none of the table editor's details (keys, sizes, counts).
 */

interface TableColumnsRow {
  schemaname: string
  tablename: string
  quoted_name: string
  relkind: keyof typeof ENTITY_TYPES
  columns: TableColumnsListing['columns']
}

// $1..$3 the schema filter. Columns the role can neither read nor write (a column grant on another) are
// left out, as information_schema.columns does.
const TABLE_COLUMNS_SQL = `
select
  n.nspname as schemaname,
  c.relname as tablename,
  format('%I.%I', n.nspname, c.relname) as quoted_name,
  c.relkind,
  coalesce((
    select json_agg(json_build_object(
      'attname', a.attname, 'data_type', format_type(a.atttypid, a.atttypmod), 'attnum', a.attnum
    ) order by a.attnum)
    from pg_attribute a
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      and has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES')
  ), '[]') as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p')
  and not c.relispartition
  and not pg_is_other_temp_schema(n.oid)
  and ${schemaFilterCondition('n.nspname', 1)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname
`

/** The relations the role may use, each with its columns in order; partitions are left to their parent. */
export async function listTableColumns(
  client: pg.ClientBase,
  params: SchemaFilter = {},
): Promise<Result<TableColumnsListing[]>> {
  const rows = await runSql<TableColumnsRow>(client, TABLE_COLUMNS_SQL, schemaFilterValues(params))
  return rows.ok
    ? ok(
        rows.data.map(({ relkind, ...row }) => ({
          ...row,
          type: ENTITY_TYPES[relkind],
          is_table: relkind === 'r' || relkind === 'p',
        })),
      )
    : rows
}
