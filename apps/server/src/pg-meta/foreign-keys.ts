import { ok, type ForeignKeyAction, type PgForeignKey, type PgRelationship, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { RELATION_IS_VISIBLE, runSql, toNumber } from './catalog.ts'

/**
 * Foreign keys (pg_constraint contype 'f'): per schema, one entry per constraint with all its columns; per
 * table, the relationships (one per column pair) the table is the source or the target of.
 *
 * Partitioning copies foreign keys in two ways, both marked by pg_constraint.conparentid. A partition of a
 * referencing table gets its own copy of the parent's key (another conrelid than the parent constraint's):
 * that is a key of the partition, and is listed. A table referencing a partitioned table gets one internal
 * clone per partition of the referenced side (the same conrelid as the parent constraint's): those are
 * Postgres' bookkeeping, and are left out.
 */

/** SQL condition on a pg_constraint row `k`: not an internal referenced-side clone (see above). */
const NOT_A_REFERENCED_SIDE_CLONE =
  'not exists (select 1 from pg_constraint parent where parent.oid = k.conparentid and parent.conrelid = k.conrelid)'

/** pg_constraint.confdeltype / confupdtype codes. */
export const FOREIGN_KEY_ACTION_BY_CODE: Record<string, ForeignKeyAction> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
}

function actionOf(code: string): ForeignKeyAction {
  const action = FOREIGN_KEY_ACTION_BY_CODE[code]
  if (!action) throw new Error(`Unknown foreign key action code ${JSON.stringify(code)}`)
  return action
}

export interface RelationshipRow {
  id: string
  constraint_name: string
  source_schema: string
  source_table_name: string
  source_column_name: string
  target_table_schema: string
  target_table_name: string
  target_column_name: string
  deletion_action: string
  update_action: string
  source_id: string
  target_id: string
}

// $1: table oids. Column pairs in key order.
const RELATIONSHIPS_SQL = `
select
  k.oid::int8 as id,
  k.conname as constraint_name,
  sn.nspname as source_schema,
  sc.relname as source_table_name,
  sa.attname as source_column_name,
  tn.nspname as target_table_schema,
  tc.relname as target_table_name,
  ta.attname as target_column_name,
  k.confdeltype as deletion_action,
  k.confupdtype as update_action,
  k.conrelid::int8 as source_id,
  k.confrelid::int8 as target_id
from pg_constraint k
cross join lateral unnest(k.conkey, k.confkey) with ordinality as cols(source_attnum, target_attnum, position)
join pg_class sc on sc.oid = k.conrelid
join pg_namespace sn on sn.oid = sc.relnamespace
join pg_attribute sa on sa.attrelid = k.conrelid and sa.attnum = cols.source_attnum
join pg_class tc on tc.oid = k.confrelid
join pg_namespace tn on tn.oid = tc.relnamespace
join pg_attribute ta on ta.attrelid = k.confrelid and ta.attnum = cols.target_attnum
where k.contype = 'f'
  and ${NOT_A_REFERENCED_SIDE_CLONE}
  and (k.conrelid = any($1::oid[]) or k.confrelid = any($1::oid[]))
order by sn.nspname, sc.relname, k.conname, cols.position
`

export function toRelationship({ source_id: _source, target_id: _target, ...row }: RelationshipRow): PgRelationship {
  return {
    ...row,
    id: toNumber(row.id),
    deletion_action: actionOf(row.deletion_action),
    update_action: actionOf(row.update_action),
  }
}

/** Relationships of these tables (as source or target), keyed by table oid. */
export async function listRelationships(
  client: pg.ClientBase,
  tableIds: readonly number[],
): Promise<Result<Map<number, PgRelationship[]>>> {
  const byTable = new Map<number, PgRelationship[]>(tableIds.map((id) => [id, []]))
  if (tableIds.length === 0) return ok(byTable)
  const rows = await runSql<RelationshipRow>(client, RELATIONSHIPS_SQL, [[...tableIds]])
  if (!rows.ok) return rows
  for (const row of rows.data) {
    const relationship = toRelationship(row)
    for (const id of new Set([toNumber(row.source_id), toNumber(row.target_id)])) byTable.get(id)?.push(relationship)
  }
  return ok(byTable)
}

export interface ForeignKeyRow {
  id: string
  constraint_name: string
  source_id: string
  source_schema: string
  source_table: string
  source_columns: string[]
  target_id: string
  target_schema: string
  target_table: string
  target_columns: string[]
  deletion_action: string
  update_action: string
}

// $1: the source schema. Only foreign keys of tables the role can see.
const FOREIGN_KEYS_SQL = `
select
  k.oid::int8 as id,
  k.conname as constraint_name,
  c.oid::int8 as source_id,
  n.nspname as source_schema,
  c.relname as source_table,
  array_to_json(array(
    select a.attname from unnest(k.conkey) with ordinality as u(attnum, position)
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
     order by u.position
  )) as source_columns,
  tc.oid::int8 as target_id,
  tn.nspname as target_schema,
  tc.relname as target_table,
  array_to_json(array(
    select a.attname from unnest(k.confkey) with ordinality as u(attnum, position)
      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum
     order by u.position
  )) as target_columns,
  k.confdeltype as deletion_action,
  k.confupdtype as update_action
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class tc on tc.oid = k.confrelid
join pg_namespace tn on tn.oid = tc.relnamespace
where k.contype = 'f'
  and ${NOT_A_REFERENCED_SIDE_CLONE}
  and n.nspname = $1
  and ${RELATION_IS_VISIBLE}
order by c.relname, k.conname
`

export function toForeignKey(row: ForeignKeyRow): PgForeignKey {
  return {
    ...row,
    id: toNumber(row.id),
    source_id: toNumber(row.source_id),
    target_id: toNumber(row.target_id),
    deletion_action: actionOf(row.deletion_action),
    update_action: actionOf(row.update_action),
  }
}

/** Foreign keys of the tables of one schema (spec 1 §7 "Fetch foreign keys by schema"). */
export async function listForeignKeys(
  client: pg.ClientBase,
  params: { schema: string },
): Promise<Result<PgForeignKey[]>> {
  const rows = await runSql<ForeignKeyRow>(client, FOREIGN_KEYS_SQL, [params.schema])
  return rows.ok ? ok(rows.data.map(toForeignKey)) : rows
}
