import { fail, ok, type PgView, type Result } from '@basalt/contracts'
import type pg from 'pg'
import {
  RELATION_IS_VISIBLE,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'
import { attachColumns } from './columns.ts'

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
// the commands that work: 4 update, 8 insert, 16 delete; a view is updatable when all three do.
const VIEWS_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  (pg_relation_is_updatable(c.oid, false) & 28) = 28 as is_updatable,
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

export interface ListViewsParams extends SchemaFilter {
  includeColumns?: boolean | undefined
}

/** Views the role can see, ordered by schema and name. */
export async function listViews(client: pg.ClientBase, params: ListViewsParams = {}): Promise<Result<PgView[]>> {
  const rows = await runSql<ViewRow>(client, VIEWS_SQL, [null, ...schemaFilterValues(params)])
  if (!rows.ok) return rows
  return attachColumns(client, rows.data.map(toView), params.includeColumns ?? false)
}

/** One view by its pg_class oid, with its columns (spec 2 §7 "Get view"). */
export async function getView(client: pg.ClientBase, id: number): Promise<Result<PgView>> {
  const rows = await runSql<ViewRow>(client, VIEWS_SQL, [id, null, null, true])
  if (!rows.ok) return rows
  const withColumns = await attachColumns(client, rows.data.map(toView), true)
  if (!withColumns.ok) return withColumns
  const [view] = withColumns.data
  return view ? ok(view) : fail('not_found', `View ${id} not found`)
}
