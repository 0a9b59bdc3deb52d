import type { PgMaterializedView } from '@basalt/contracts'
import { RELATION_IS_VISIBLE, schemaFilterCondition, toNumber } from './catalog.ts'
import { relationReaders, type ListRelationsParams } from './relation-readers.ts'

/** Materialized views (pg_class relkind m). */

export interface MaterializedViewRow {
  id: string
  schema: string
  name: string
  comment: string | null
  is_populated: boolean
  definition: string
}

// $1 one materialized view oid (or null), $2..$4 the schema filter.
const MATERIALIZED_VIEWS_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  c.relispopulated as is_populated,
  pg_get_viewdef(c.oid, true) as definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'm'
  and ($1::oid is null or c.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname
`

export function toMaterializedView(row: MaterializedViewRow): PgMaterializedView {
  return { ...row, id: toNumber(row.id) }
}

const readers = relationReaders(MATERIALIZED_VIEWS_SQL, toMaterializedView, 'Materialized view')

export type ListMaterializedViewsParams = ListRelationsParams

/** Materialized views the role can see, ordered by schema and name. */
export const listMaterializedViews = readers.list

/** One materialized view by its pg_class oid, with its columns (spec 2 §7). */
export const getMaterializedView = readers.get
