import { fail, ok, type Result } from '@basalt/contracts'
import { SqlInputError } from '@basalt/sql'
import type pg from 'pg'
import { isPgError, toApiError } from '../db/pg-error.ts'

/**
 * What the catalog modules share: running a query as a Result, the schema filters of the listings and the
 * privilege predicate that keeps listings to what the current role may use (spec 2 §6).
 */

/** Schema filters of a listing; system schemas (pg_catalog, information_schema, pg_toast, temp) are left out unless included. */
export interface SchemaFilter {
  includedSchemas?: readonly string[] | undefined
  excludedSchemas?: readonly string[] | undefined
  includeSystemSchemas?: boolean | undefined
}

/**
 * The condition of {@link SchemaFilter} on a namespace name column, reading three bind parameters from
 * `$first`: included names (text[] or null), excluded names (text[] or null), include system schemas
 * (boolean). Pass {@link schemaFilterValues} at those positions. Names starting with `pg_` are reserved to
 * Postgres (pg_catalog, pg_toast, pg_temp_N…).
 */
export function schemaFilterCondition(column: string, first: number): string {
  const [inc, exc, sys] = [first, first + 1, first + 2]
  return (
    `($${inc}::text[] is null or ${column} = any($${inc}::text[])) ` +
    `and ($${exc}::text[] is null or ${column} <> all($${exc}::text[])) ` +
    `and ($${sys}::boolean or not (${column} ~ '^pg_' or ${column} = 'information_schema'))`
  )
}

export function schemaFilterValues(filter: SchemaFilter): [string[] | null, string[] | null, boolean] {
  const list = (names: readonly string[] | undefined) => (names && names.length > 0 ? [...names] : null)
  return [list(filter.includedSchemas), list(filter.excludedSchemas), filter.includeSystemSchemas ?? false]
}

/**
 * True for a relation (alias `c`, namespace alias `n`) the current role can use: usage on its schema and
 * some privilege on the table or one of its columns — what postgres-meta and information_schema check.
 */
export const RELATION_IS_VISIBLE =
  `has_schema_privilege(n.oid, 'USAGE') and (` +
  `has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') ` +
  `or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))`

/**
 * The relations Postgres can tell nothing about without the handler of a foreign-data wrapper that has
 * none: the foreign tables of such a wrapper, and the views reading one of them (directly or through other
 * views, by their `_RETURN` rule's dependencies). pg_relation_is_updatable and pg_column_is_updatable fail
 * on them ("foreign-data wrapper … has no handler"), and one failing row fails the whole listing. Nothing
 * can be read from them or written to them either (a view's query is planned even for an INSTEAD OF
 * trigger's update or delete), so they are not updatable. Uncorrelated: Postgres computes it once per
 * statement.
 *
 * The other per-object functions of the catalog queries (pg_get_viewdef, pg_get_expr,
 * pg_get_constraintdef, pg_get_indexdef, pg_get_triggerdef, pg_get_partkeydef, format_type,
 * obj_description, col_description, pg_relation_size, pg_total_relation_size) only read the catalog or
 * the relation's files, where a foreign table has none, and need no guard.
 */
const RELATIONS_WITHOUT_FDW_HANDLER = `array(
  with recursive unanswerable(oid) as (
    select ft.ftrelid
      from pg_foreign_table ft
      join pg_foreign_server s on s.oid = ft.ftserver
      join pg_foreign_data_wrapper w on w.oid = s.srvfdw
     where w.fdwhandler = 0
    union
    select r.ev_class
      from unanswerable u
      join pg_depend d on d.refclassid = 'pg_class'::regclass and d.refobjid = u.oid and d.classid = 'pg_rewrite'::regclass
      join pg_rewrite r on r.oid = d.objid and r.rulename = '_RETURN'
  )
  select oid from unanswerable
)`

/**
 * SQL for pg_relation_is_updatable(rel, true) — the bit mask of the commands that work on the relation
 * (4 update, 8 insert, 16 delete), INSTEAD OF triggers included — or 0 for a relation whose foreign-data
 * wrapper has no handler (see RELATIONS_WITHOUT_FDW_HANDLER). `rel` is an SQL expression for its oid.
 */
export function relationUpdatableEventsSql(rel: string): string {
  return `case when ${rel} = any(${RELATIONS_WITHOUT_FDW_HANDLER}) then 0 else pg_relation_is_updatable(${rel}, true) end`
}

/**
 * SQL for pg_column_is_updatable(rel, attnum, false) — as information_schema.columns.is_updatable says,
 * without INSTEAD OF triggers — or false for a relation whose foreign-data wrapper has no handler.
 */
export function columnIsUpdatableSql(rel: string, attnum: string): string {
  return `case when ${rel} = any(${RELATIONS_WITHOUT_FDW_HANDLER}) then false else pg_column_is_updatable(${rel}, ${attnum}, false) end`
}

/**
 * Runs one statement. Postgres errors come back as `pg_error` failures kept whole (with the SQL, so the
 * position can be shown); other errors are bugs and throw.
 */
export async function runSql<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  sql: string,
  values: unknown[] = [],
): Promise<Result<R[]>> {
  try {
    const { rows } = await client.query<R>(sql, values)
    return ok(rows)
  } catch (err) {
    if (isPgError(err)) return { ok: false, error: toApiError(err, sql) }
    throw err
  }
}

/**
 * Builds SQL from caller input; input @basalt/sql refuses (a 64-byte name, a NUL byte) is a `bad_request`
 * failure rather than a crash, since it comes from a request.
 */
export function buildFromInput<T>(build: () => T): Result<T> {
  try {
    return ok(build())
  } catch (err) {
    if (err instanceof SqlInputError) return fail('bad_request', err.message)
    throw err
  }
}

/** An int8 or oid column as a number (the driver returns int8 as text). */
export function toNumber(value: string | number | null): number {
  return value === null ? 0 : Number(value)
}
