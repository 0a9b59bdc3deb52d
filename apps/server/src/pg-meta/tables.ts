import { fail, ok, type PgTable, type Result } from '@basalt/contracts'
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
import { listRelationships } from './foreign-keys.ts'

/** Tables (pg_class relkind r, and p for partitioned tables) with their primary keys and relationships. */

export interface TableRow {
  id: string
  schema: string
  name: string
  comment: string | null
  rls_enabled: boolean
  rls_forced: boolean
  is_partitioned: boolean
  is_partition: boolean
  live_rows_estimate: string
  bytes: string
  size: string
  primary_keys: { name: string }[]
}

/**
 * SQL for the estimated live rows of the table `rel` (a pg_class alias). pg_class.reltuples when the table
 * was analysed with at least autovacuum_analyze_threshold rows (50 unless set on the table). Below that it
 * says too little: -1 for a table never analysed, and autovacuum does not analyse a table again before that
 * many rows changed, so a table analysed empty could say 0 forever while holding 49 rows. Such a table gets
 * the live-row count of the cumulative statistics (pg_stat_user_tables.n_live_tup), which every committed
 * insert and delete keeps current — unless those statistics have seen no change, vacuum or analyse of the
 * table (after a crash or pg_stat_reset()), where their 0 means nothing and reltuples stays the answer.
 */
function liveRowsEstimateOf(rel: string): string {
  const threshold =
    `coalesce((select o.option_value::float8 from pg_options_to_table(${rel}.reloptions) o ` +
    `where o.option_name = 'autovacuum_analyze_threshold'), current_setting('autovacuum_analyze_threshold')::float8)`
  const statisticsKnow =
    `pg_stat_get_tuples_inserted(${rel}.oid) + pg_stat_get_tuples_deleted(${rel}.oid) > 0 or ` +
    `coalesce(pg_stat_get_last_vacuum_time(${rel}.oid), pg_stat_get_last_autovacuum_time(${rel}.oid), ` +
    `pg_stat_get_last_analyze_time(${rel}.oid), pg_stat_get_last_autoanalyze_time(${rel}.oid)) is not null`
  return (
    `case when ${rel}.reltuples >= ${threshold} then ${rel}.reltuples ` +
    `when ${statisticsKnow} then pg_stat_get_live_tuples(${rel}.oid) ` +
    `else greatest(${rel}.reltuples, 0) end`
  )
}

// $1 one table oid (or null), $2..$4 the schema filter, $5 limit (or null), $6 offset (or null).
// A partitioned table has no storage of its own: its estimate and size are the sums over its leaf
// partitions (pg_partition_tree lists nothing for a plain table, which keeps its own figures).
const TABLES_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled,
  c.relforcerowsecurity as rls_forced,
  c.relkind = 'p' as is_partitioned,
  c.relispartition as is_partition,
  round(case when c.relkind = 'p' then coalesce(leaves.live_rows, 0) else ${liveRowsEstimateOf('c')} end)::int8
    as live_rows_estimate,
  case when c.relkind = 'p' then coalesce(leaves.bytes, 0) else pg_total_relation_size(c.oid) end as bytes,
  pg_size_pretty(case when c.relkind = 'p' then coalesce(leaves.bytes, 0) else pg_total_relation_size(c.oid) end) as size,
  array_to_json(array(
    select json_build_object('name', a.attname)
      from pg_index i
      cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = c.oid and i.indisprimary
     order by k.position
  )) as primary_keys
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join lateral (
  select sum(${liveRowsEstimateOf('l')}) as live_rows, sum(pg_total_relation_size(l.oid))::int8 as bytes
    from pg_partition_tree(c.oid) t
    join pg_class l on l.oid = t.relid
   where t.isleaf and c.relkind = 'p'
) leaves on true
where c.relkind in ('r', 'p')
  and not pg_is_other_temp_schema(n.oid)
  and ($1::oid is null or c.oid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname
limit $5 offset $6
`

export function toTable(row: TableRow): Omit<PgTable, 'relationships' | 'columns'> {
  return {
    ...row,
    id: toNumber(row.id),
    live_rows_estimate: toNumber(row.live_rows_estimate),
    bytes: toNumber(row.bytes),
  }
}

export interface ListTablesParams extends SchemaFilter {
  includeColumns?: boolean | undefined
  limit?: number | undefined
  offset?: number | undefined
}

async function queryTables(
  client: pg.ClientBase,
  id: number | null,
  params: ListTablesParams,
): Promise<Result<PgTable[]>> {
  const rows = await runSql<TableRow>(client, TABLES_SQL, [
    id,
    ...schemaFilterValues(params),
    params.limit ?? null,
    params.offset ?? null,
  ])
  if (!rows.ok) return rows
  const tables = rows.data.map(toTable)
  const relationships = await listRelationships(
    client,
    tables.map((t) => t.id),
  )
  if (!relationships.ok) return relationships
  const withRelationships = tables.map((t) => ({ ...t, relationships: relationships.data.get(t.id) ?? [] }))
  return attachColumns(client, withRelationships, params.includeColumns ?? false)
}

/**
 * Tables the role can see, ordered by schema and name (spec 2 §7 "List tables": include_columns,
 * included_schemas).
 */
export function listTables(client: pg.ClientBase, params: ListTablesParams = {}): Promise<Result<PgTable[]>> {
  return queryTables(client, null, params)
}

/** One table by its pg_class oid, with its columns; `not_found` when it does not exist or is not visible. */
export async function getTable(client: pg.ClientBase, id: number): Promise<Result<PgTable>> {
  const tables = await queryTables(client, id, { includeColumns: true, includeSystemSchemas: true })
  if (!tables.ok) return tables
  const [table] = tables.data
  return table ? ok(table) : fail('not_found', `Table ${id} not found`)
}
