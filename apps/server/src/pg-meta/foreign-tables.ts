import type { PgForeignTable } from '@basalt/contracts'
import { RELATION_IS_VISIBLE, schemaFilterCondition, toNumber } from './catalog.ts'
import { relationReaders, type ListRelationsParams } from './relation-readers.ts'

/** Foreign tables (pg_class relkind f) with their server and foreign-data wrapper. */

export interface ForeignTableRow {
  id: string
  schema: string
  name: string
  comment: string | null
  foreign_server: string
  foreign_data_wrapper: string
}

// $1 one foreign table oid (or null), $2..$4 the schema filter.
const FOREIGN_TABLES_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  s.srvname as foreign_server,
  w.fdwname as foreign_data_wrapper
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_foreign_table ft on ft.ftrelid = c.oid
join pg_foreign_server s on s.oid = ft.ftserver
join pg_foreign_data_wrapper w on w.oid = s.srvfdw
where c.relkind = 'f'
  and ($1::oid is null or c.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname
`

export function toForeignTable(row: ForeignTableRow): PgForeignTable {
  return { ...row, id: toNumber(row.id) }
}

const readers = relationReaders(FOREIGN_TABLES_SQL, toForeignTable, 'Foreign table')

export type ListForeignTablesParams = ListRelationsParams

/** Foreign tables the role can see, ordered by schema and name. */
export const listForeignTables = readers.list

/** One foreign table by its pg_class oid, with its columns (spec 2 §7). */
export const getForeignTable = readers.get
