import { DEFAULT_ORDER_MAX_ROWS, fail, ok, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { READ_CEILING_SETTING } from '../db/impersonation.ts'
import { runSql } from './catalog.ts'

/**
 * What the data calls (rows, count, cell) need to know about the relation they read, in one catalog
 * query: its kind, its columns with their types, its primary key and how big it is. Under a read ceiling
 * (db/impersonation.ts: a Read-only member's impersonated read) only what the ceiling's login may read is
 * there: a relation it may not read is not found, a column it may not read is not a column.
 */

export interface RelationColumn {
  name: string
  /** Type oid. */
  type_id: number
  /** udt name (of the base type for a domain); `_` prefix for arrays. */
  format: string
  /** format_type() with the column's modifier: `character varying(20)`, `text[]`. */
  data_type: string
  /** The (base) type is an array. */
  is_array: boolean
  /** An array of a type the driver cannot parse (enum, composite, domain): read as text[]. */
  is_user_array: boolean
  /** The (base) type has variable length (text, json, bytea, numeric, composite…). */
  is_varlena: boolean
}

export interface Relation {
  id: number
  schema: string
  name: string
  kind: 'r' | 'v' | 'm' | 'f' | 'p'
  rls_enabled: boolean
  columns: RelationColumn[]
  /** Primary key columns in key order; empty for views and tables without one. */
  primary_key: string[]
  /**
   * Estimated rows, as the planner would scale pg_class.reltuples to the table's current size (summed over
   * partitions); null when unknown: never analysed, analysed empty but no longer empty, or a view.
   */
  estimated_rows: number | null
  /** Size of the main fork (over partitions), in bytes. */
  bytes: number
  /** Changes whenever the relation, its columns or its primary key change (see {@link signatureSql}). */
  signature: string
  /**
   * Read under a ceiling (db/impersonation.ts): `columns` are only those the ceiling's login may read, and
   * a call may name no other (see {@link checkReadableColumns}).
   */
  restricted: boolean
}

/**
 * Under a read ceiling, a call may name only the relation's readable columns — in its select list, filters
 * and sorts alike; a filter on a column the login may not read would tell its values. Unrestricted
 * relations let Postgres report unknown columns as it does.
 */
export function checkReadableColumns(relation: Relation, names: Iterable<string>): Result<void> {
  if (!relation.restricted) return ok(undefined)
  const readable = new Set(relation.columns.map((c) => c.name))
  for (const name of names) {
    if (!readable.has(name)) return fail('not_found', `Column ${name} not found in ${relation.schema}.${relation.name}`)
  }
  return ok(undefined)
}

interface RelationRow {
  id: string
  kind: Relation['kind']
  rls_enabled: boolean
  columns: RelationColumn[]
  primary_key: string[]
  estimated_rows: number | null
  bytes: string
  signature: string
  restricted: boolean
}

/**
 * The catalog rows a relation's reads depend on, as one string: the xmin of its pg_class row (rename, move,
 * drop, RLS, a grant), the number and xmin sum of its pg_attribute rows (a column added, dropped, renamed or
 * retyped: each writes a newer row version, so the sum grows) and the xmin of its primary key's pg_index
 * row. ANALYZE and VACUUM update pg_class in place and leave it unchanged; a freeze lowering an xmin only
 * makes a reader look the relation up once more. Null when the relation is gone. `rel` is an SQL
 * expression for the relation's oid.
 */
const signatureOf = (rel: string) =>
  `(select x.xmin::text from pg_class x where x.oid = ${rel}) || ':' || ` +
  `(select count(*) || '/' || sum(a.xmin::text::int8) from pg_attribute a where a.attrelid = ${rel} and a.attnum > 0) || ':' || ` +
  `coalesce((select i.xmin::text from pg_index i where i.indrelid = ${rel} and i.indisprimary), '')`

/**
 * An SQL expression for the current signature of the relation with this oid (null parts when it no
 * longer exists). Its subqueries do not depend on the rows around them, so Postgres evaluates them once
 * per statement however many rows carry the expression.
 */
export function signatureSql(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`not an oid: ${id}`)
  return signatureOf(String(id))
}

// $1 schema, $2 name. One row per storage-holding relation (the relation itself, or the leaves of a
// partitioned table) feeds the estimate; a leaf with unknown statistics makes the whole estimate unknown.
const RELATION_SQL = `
select
  c.oid::int8 as id,
  c.relkind as kind,
  c.relrowsecurity as rls_enabled,
  array_to_json(array(
    select json_build_object(
      'name', a.attname,
      'type_id', a.atttypid::int8,
      'format', coalesce(bt.typname, t.typname),
      'data_type', format_type(a.atttypid, a.atttypmod),
      'is_array', coalesce(bt.typcategory, t.typcategory) = 'A',
      'is_user_array', coalesce(bt.typcategory, t.typcategory) = 'A' and et.typnamespace <> 'pg_catalog'::regnamespace,
      'is_varlena', coalesce(bt.typlen, t.typlen) = -1
    )
      from pg_attribute a
      join pg_type t on t.oid = a.atttypid
      left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
      left join pg_type et on et.oid = coalesce(bt.typelem, t.typelem)
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       and (ceiling.role is null or has_column_privilege(ceiling.role, c.oid, a.attnum, 'SELECT'))
     order by a.attnum
  )) as columns,
  array_to_json(array(
    select a.attname
      from pg_index i
      cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = c.oid and i.indisprimary
     order by k.position
  )) as primary_key,
  size.estimated_rows,
  size.bytes,
  ${signatureOf('c.oid')} as signature,
  ceiling.role is not null as restricted
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
cross join (select nullif(current_setting('${READ_CEILING_SETTING}', true), '') as role) ceiling
cross join lateral (
  select
    case when count(*) = count(leaf.estimate) then coalesce(sum(leaf.estimate), 0) end::float8 as estimated_rows,
    coalesce(sum(leaf.bytes), 0)::int8 as bytes
  from (
    select
      pg_relation_size(l.oid) as bytes,
      case
        when l.reltuples < 0 then null
        when l.relpages > 0
          then l.reltuples / l.relpages * (pg_relation_size(l.oid) / current_setting('block_size')::int8)
        when pg_relation_size(l.oid) = 0 then 0
      end as estimate
    from pg_class l
    where (c.relkind in ('r', 'm') and l.oid = c.oid)
       or (c.relkind = 'p' and l.oid in (select relid from pg_partition_tree(c.oid) where isleaf))
  ) leaf
) size
where n.nspname = $1::text
  and c.relname = $2::text
  and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and (ceiling.role is null or has_any_column_privilege(ceiling.role, c.oid, 'SELECT'))
`

/** The relation `schema.name` (table, view, materialized view, foreign table); `not_found` when missing. */
export async function findRelation(client: pg.ClientBase, schema: string, name: string): Promise<Result<Relation>> {
  const rows = await runSql<RelationRow>(client, RELATION_SQL, [schema, name])
  if (!rows.ok) return rows
  const [row] = rows.data
  if (!row) return fail('not_found', `Table ${schema}.${name} not found`)
  const isView = row.kind === 'v' || row.kind === 'f'
  return ok({
    ...row,
    schema,
    name,
    id: Number(row.id),
    bytes: Number(row.bytes),
    estimated_rows: isView ? null : row.estimated_rows === null ? null : Math.round(row.estimated_rows),
  })
}

/** Above this size a never-analysed table is not assumed small (about 100,000 rows of 80 bytes). */
export const UNANALYSED_SMALL_BYTES = 8 * 1024 * 1024

/**
 * Whether a relation is small enough for the grid to order it by primary key by default: estimated at
 * most DEFAULT_ORDER_MAX_ROWS rows, or, without statistics, at most UNANALYSED_SMALL_BYTES on disk.
 */
export function isSmallRelation(relation: Relation): boolean {
  return relation.estimated_rows !== null
    ? relation.estimated_rows <= DEFAULT_ORDER_MAX_ROWS
    : relation.bytes <= UNANALYSED_SMALL_BYTES
}

/**
 * Relations of one project database looked up recently, so that a grid page need not repeat the catalog
 * query (about 1 ms, as long as the page itself: docs/performance.md). An entry is only a guess: a reader
 * reads {@link signatureSql} in the same statement as its page and falls back to {@link findRelation} when
 * the signature changed or the page failed. Entries older than the TTL are dropped, so that the row
 * estimate (which ANALYZE changes without a new signature) is never older than that.
 */
export class RelationCache {
  readonly #entries = new Map<string, { relation: Relation; at: number }>()

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(schema: string, name: string): Relation | undefined {
    const key = JSON.stringify([schema, name])
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.now() - entry.at > this.ttlMs) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.relation
  }

  set(relation: Relation): void {
    const key = JSON.stringify([relation.schema, relation.name])
    this.#entries.delete(key)
    this.#entries.set(key, { relation, at: this.now() })
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(schema: string, name: string): void {
    this.#entries.delete(JSON.stringify([schema, name]))
  }
}

const caches = new WeakMap<pg.Pool, RelationCache>()

/** The relation cache of a project database's pool (gone with the pool). */
export function relationCacheOf(pool: pg.Pool): RelationCache {
  let cache = caches.get(pool)
  if (!cache) caches.set(pool, (cache = new RelationCache()))
  return cache
}
