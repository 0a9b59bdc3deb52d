import type { PgView } from '@basalt/contracts'
import { RELATION_IS_VISIBLE, relationUpdatableEventsSql, schemaFilterCondition, toNumber } from './catalog.ts'
import { relationReaders, type ListRelationsParams } from './relation-readers.ts'

/** Views (pg_class relkind v). */

export interface ViewRow {
  id: string
  schema: string
  name: string
  comment: string | null
  is_updatable: boolean
  definition: string
}

// $1 one view oid (or null), $2..$4 the schema filter. pg_relation_is_updatable answers a bit mask of
// the commands that work: 4 update, 8 insert, 16 delete; a view is updatable when all three do, by
// themselves, through DO INSTEAD rules or through INSTEAD OF triggers.
const VIEWS_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  (${relationUpdatableEventsSql('c.oid')} & 28) = 28 as is_updatable,
  pg_get_viewdef(c.oid, true) as definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'v'
  and ($1::oid is null or c.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname
`

export function toView(row: ViewRow): PgView {
  return { ...row, id: toNumber(row.id) }
}

const readers = relationReaders(VIEWS_SQL, toView, 'View')

export type ListViewsParams = ListRelationsParams

/** Views the role can see, ordered by schema and name. */
export const listViews = readers.list

/** One view by its pg_class oid, with its columns (spec 2 §7). */
export const getView = readers.get
