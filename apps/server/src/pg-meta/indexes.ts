import {
  createIndexBodySchema,
  fail,
  ok,
  type CreateIndexBody,
  type DatabaseIndex,
  type ParsedCreateIndexBody,
  type Result,
} from '@basalt/contracts'
import { buildDropIndex, createIndexStatements, indexNameOf } from '@basalt/sql'
import type pg from 'pg'
import {
  buildFromInput,
  RELATION_IS_VISIBLE,
  runSql,
  schemaFilterCondition,
  schemaFilterValues,
  toNumber,
  type SchemaFilter,
} from './catalog.ts'
import { checkBuiltStatements, runBuiltDdl } from './ddl-check.ts'
import { refuseProtectedSchema } from './schemas.ts'

/**
 * Indexes (pg_index) for Database › Indexes: definition, size, scans (pg_stat_user_indexes), unused and
 * duplicate ones flagged; create and drop. Columns are read from the index itself (pg_get_indexdef with a
 * column number), not mapped through the table's column numbers, so expressions, INCLUDE columns and
 * invalid indexes are as Postgres has them, and indexes are told apart by oid, not by name.
 */

interface IndexRow extends Omit<DatabaseIndex, 'id' | 'table_id' | 'size_bytes' | 'scans'> {
  id: string
  table_id: string
  size_bytes: string
  scans: string
}

// $1 one index oid or null, $2..$4 the schema filter. `c` is the table (RELATION_IS_VISIBLE), `x` the index.
const INDEXES_SQL = `
select
  i.indexrelid::int8 as id,
  n.nspname as schema,
  c.relname as table,
  c.oid::int8 as table_id,
  x.relname as name,
  am.amname as method,
  i.indisunique as unique,
  i.indisprimary as primary,
  i.indisvalid as valid,
  array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) as k) as columns,
  array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(i.indnkeyatts + 1, i.indnatts) as k) as include,
  pg_get_expr(i.indpred, i.indrelid, true) as predicate,
  pg_get_indexdef(i.indexrelid) as definition,
  pg_relation_size(i.indexrelid) as size_bytes,
  pg_size_pretty(pg_relation_size(i.indexrelid)) as size,
  coalesce(s.idx_scan, 0) as scans,
  coalesce(s.idx_scan, 0) = 0 and not i.indisunique and not i.indisprimary as unused,
  (select min(ox.relname) from pg_index o join pg_class ox on ox.oid = o.indexrelid
    where o.indrelid = i.indrelid and o.indexrelid <> i.indexrelid
      and o.indkey::text = i.indkey::text and o.indclass::text = i.indclass::text
      and o.indcollation::text = i.indcollation::text and ox.relam = x.relam
      and coalesce(pg_get_expr(o.indexprs, o.indrelid), '') = coalesce(pg_get_expr(i.indexprs, i.indrelid), '')
      and coalesce(pg_get_expr(o.indpred, o.indrelid), '') = coalesce(pg_get_expr(i.indpred, i.indrelid), '')
  ) as duplicate_of
from pg_index i
join pg_class x on x.oid = i.indexrelid
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_am am on am.oid = x.relam
left join pg_stat_all_indexes s on s.indexrelid = i.indexrelid
where ($1::oid is null or i.indexrelid = $1::oid)
  and ${schemaFilterCondition('n.nspname', 2)}
  and ${RELATION_IS_VISIBLE}
order by n.nspname, c.relname, x.relname
`

async function queryIndexes(client: pg.ClientBase, id: number | null, filter: SchemaFilter) {
  const rows = await runSql<IndexRow>(client, INDEXES_SQL, [id, ...schemaFilterValues(filter)])
  if (!rows.ok) return rows
  return ok(
    rows.data.map((r) => ({
      ...r,
      id: toNumber(r.id),
      table_id: toNumber(r.table_id),
      size_bytes: toNumber(r.size_bytes),
      scans: toNumber(r.scans),
    })),
  )
}

/** Indexes of the schemas the filter keeps, by schema, table and name. */
export function listIndexes(client: pg.ClientBase, filter: SchemaFilter = {}): Promise<Result<DatabaseIndex[]>> {
  return queryIndexes(client, null, filter)
}

export async function getIndex(client: pg.ClientBase, id: number): Promise<Result<DatabaseIndex>> {
  const found = await queryIndexes(client, id, { includeSystemSchemas: true })
  if (!found.ok) return found
  const [index] = found.data
  return index ? ok(index) : fail('not_found', `Index ${id} not found`)
}

/**
 * CREATE INDEX (POST …/database/indexes). CONCURRENTLY cannot run in a transaction: the executor's
 * transaction is ended, the statement runs alone, and a new one is begun for the executor to end. When it
 * fails, Postgres leaves an invalid index behind, which is dropped here so that nothing stays of it.
 */
export async function createIndex(client: pg.ClientBase, body: CreateIndexBody): Promise<Result<DatabaseIndex>> {
  const def = createIndexBodySchema.parse(body)
  const refused = refuseProtectedSchema(def.schema)
  if (refused) return refused
  if (!def.concurrently) {
    const created = await runBuiltDdl(client, () => createIndexStatements(def))
    if (!created.ok) return created
  } else {
    const built = buildFromInput(() => createIndexStatements(def))
    if (!built.ok) return built
    const checked = await checkBuiltStatements(built.data)
    if (!checked.ok) return checked
    await client.query('commit')
    try {
      const created = await runSql(client, built.data[0]!.sql)
      if (!created.ok) {
        await dropInvalidLeftover(client, def)
        return created
      }
    } finally {
      await client.query('begin')
    }
  }
  const rows = await runSql<{ id: string }>(
    client,
    `select x.oid::int8 as id from pg_class x join pg_namespace n on n.oid = x.relnamespace
      where n.nspname = $1 and x.relname = $2`,
    [def.schema, indexNameOf(def)],
  )
  if (!rows.ok) return rows
  return getIndex(client, Number(rows.data[0]!.id))
}

/** After a failed CREATE INDEX CONCURRENTLY: drops the invalid index it left, when it left one. */
async function dropInvalidLeftover(client: pg.ClientBase, def: ParsedCreateIndexBody) {
  const name = indexNameOf(def)
  await runSql(
    client,
    `select 1 from pg_index i join pg_class x on x.oid = i.indexrelid join pg_namespace n on n.oid = x.relnamespace
      where n.nspname = $1 and x.relname = $2 and not i.indisvalid`,
    [def.schema, name],
  ).then(async (found) => {
    if (found.ok && found.data.length > 0) await runSql(client, buildDropIndex({ schema: def.schema, name }))
  })
}

/** DROP INDEX (DELETE …?id=); answers it as it was. */
export async function deleteIndex(client: pg.ClientBase, id: number): Promise<Result<DatabaseIndex>> {
  const index = await getIndex(client, id)
  if (!index.ok) return index
  const refused = refuseProtectedSchema(index.data.schema)
  if (refused) return refused
  const dropped = await runSql(client, buildDropIndex(index.data))
  return dropped.ok ? index : dropped
}
