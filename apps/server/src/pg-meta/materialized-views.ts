import { fail, ok, type PgMaterializedView, type Result } from '@basalt/contracts'
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

export interface ListMaterializedViewsParams extends SchemaFilter {
  includeColumns?: boolean | undefined
}

/** Materialized views the role can see, ordered by schema and name. */
export async function listMaterializedViews(
  client: pg.ClientBase,
  params: ListMaterializedViewsParams = {},
): Promise<Result<PgMaterializedView[]>> {
  const rows = await runSql<MaterializedViewRow>(client, MATERIALIZED_VIEWS_SQL, [null, ...schemaFilterValues(params)])
  if (!rows.ok) return rows
  return attachColumns(client, rows.data.map(toMaterializedView), params.includeColumns ?? false)
}

/** One materialized view by its pg_class oid, with its columns (spec 2 §7 "Get materialized view"). */
export async function getMaterializedView(client: pg.ClientBase, id: number): Promise<Result<PgMaterializedView>> {
  const rows = await runSql<MaterializedViewRow>(client, MATERIALIZED_VIEWS_SQL, [id, null, null, true])
  if (!rows.ok) return rows
  const withColumns = await attachColumns(client, rows.data.map(toMaterializedView), true)
  if (!withColumns.ok) return withColumns
  const [view] = withColumns.data
  return view ? ok(view) : fail('not_found', `Materialized view ${id} not found`)
}
