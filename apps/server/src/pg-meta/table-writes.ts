import {
  type CellInput,
  type CellValues,
  fail,
  NO_PRIMARY_KEY_MESSAGE,
  NO_ROW_UPDATED_MESSAGE,
  ok,
  type Result,
  type TableDeleteBody,
  type TableDeleteResult,
  type TableInsertBody,
  type TableUpdateBody,
  type TableWriteResult,
  tableDeleteBodySchema,
  tableInsertBodySchema,
  tableUpdateBodySchema,
  TRUNCATE_IMPERSONATING_MESSAGE,
} from '@basalt/contracts'
import { buildDelete, buildInsert, buildTruncate, buildUpdate, type SqlValue, type TableRef, toJson } from '@basalt/sql'
import type pg from 'pg'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { buildFromInput, runSql } from './catalog.ts'
import { refuseProtectedSchema } from './schemas.ts'
import { findRelation, type Relation, type RelationColumn } from './relation-lookup.ts'
import { columnTypesOf, runReturningRows } from './table-rows.ts'

/**
 * The grid's row writes: insert rows, update one row by its primary key, delete rows by primary key, by
 * filters, or all of them (truncate). Run them through withRole so the impersonated role's privileges and
 * RLS apply, in a transaction that rolls back when they fail.
 *
 * Values arrive as the user typed them (CellInput) and are converted by the column's catalog type, never by
 * guessing from the value: json/jsonb columns take any JSON value (a string is a JSON string), array columns
 * a JSON array or their Postgres text form (`'{1,2}'`), every other column the text form of its type, which
 * Postgres reads with the type's own input function (`'12.50'`, `'2026-01-02 10:00:00+00'`, `'\x0102'`).
 */

type InsertParams = Omit<TableInsertBody, 'impersonation'>
type UpdateParams = Omit<TableUpdateBody, 'impersonation'>
type DeleteParams = TableDeleteBody

const JSON_FORMATS = new Set(['json', 'jsonb'])
const JSON_ARRAY_FORMATS = new Set(['_json', '_jsonb'])

/** A JSON array's items (at any depth) as JSON text, for json[]/jsonb[] columns: '{"{\"a\": 1}"}'. */
function jsonItems(value: readonly CellInput[]): SqlValue[] {
  return value.map((item) => (item === null ? null : Array.isArray(item) ? jsonItems(item) : toJson(item)))
}

/**
 * One cell as the constant written for its column: null, JSON text for json/jsonb, array items (JSON text
 * for json[]/jsonb[]) or the typed text for arrays, and text for everything else. Unknown columns get the
 * text form too; Postgres then reports that the column does not exist.
 */
function cellConstant(value: CellInput, column: RelationColumn | undefined): SqlValue {
  if (value === null) return null
  if (column && JSON_FORMATS.has(column.format)) return toJson(value)
  if (column?.is_array && Array.isArray(value)) {
    return JSON_ARRAY_FORMATS.has(column.format) ? jsonItems(value) : value
  }
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  // An object or array for a column of another type (a composite, say): its JSON text, which Postgres
  // refuses with its own message unless the type reads it.
  return toJson(value)
}

/**
 * Columns Postgres computes itself (GENERATED ALWAYS AS IDENTITY, generated columns). Writes leave them out:
 * the edit forms show them but they cannot take a value, and Postgres would refuse even an explicit null.
 */
async function computedColumns(client: pg.ClientBase, relation: Relation): Promise<Result<Set<string>>> {
  const rows = await runSql<{ name: string }>(
    client,
    `select attname as name from pg_attribute
      where attrelid = $1 and attnum > 0 and not attisdropped and (attidentity = 'a' or attgenerated in ('s', 'v'))`,
    [relation.id],
  )
  return rows.ok ? ok(new Set(rows.data.map((r) => r.name))) : rows
}

/** The values of one row as constants, without the computed columns. */
function constantsOf(relation: Relation, values: CellValues, computed: Set<string>): Record<string, SqlValue> {
  const byName = new Map(relation.columns.map((c) => [c.name, c]))
  const out: Record<string, SqlValue> = {}
  for (const [name, value] of Object.entries(values)) {
    if (!computed.has(name)) out[name] = cellConstant(value, byName.get(name))
  }
  return out
}

/** A row's primary key as constants; a failure unless exactly the primary key columns are given. */
function keyOf(relation: Relation, match: CellValues): Result<Record<string, SqlValue>> {
  const key = relation.primary_key
  const given = Object.keys(match)
  if (given.length !== key.length || !key.every((k) => given.includes(k))) {
    return fail('bad_request', `Give the primary key columns ${key.join(', ')} to find the row`)
  }
  return ok(constantsOf(relation, match, new Set()))
}

const tableOf = (input: { schema: string; table: string }): TableRef => ({ schema: input.schema, name: input.table })

function invalid(error: { issues: { message: string }[] }) {
  return fail('validation_failed', error.issues.map((i) => i.message).join('; '))
}

/** Runs a statement that returns no rows; its result is how many rows it touched. */
async function runCounted(client: pg.ClientBase, sql: string): Promise<Result<number>> {
  try {
    const { rowCount } = await client.query(sql)
    return ok(rowCount ?? 0)
  } catch (err) {
    if (isPgError(err)) return { ok: false, error: toApiError(err, sql) }
    throw err
  }
}

/**
 * Inserts rows in one statement and returns them as the rows read call shows them. Columns a row leaves out
 * take their default (identity, `now()` …); values given for computed columns are left out.
 *
 * @example
 *   await insertRows(client, { schema: 'public', table: 'todos', rows: [{ title: 'Buy milk' }] })
 */
export async function insertRows(client: pg.ClientBase, input: InsertParams): Promise<Result<TableWriteResult>> {
  const parsed = tableInsertBodySchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const params = parsed.data
  const refused = refuseProtectedSchema(params.schema)
  if (refused) return refused
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  const computed = await computedColumns(client, relation.data)
  if (!computed.ok) return computed
  const rows = params.rows.map((row) => constantsOf(relation.data, row, computed.data))
  const sql = buildFromInput(() => buildInsert({ table: tableOf(params), rows, form: 'constants', returning: true }))
  if (!sql.ok) return sql
  return runReturningRows(client, relation.data, sql.data)
}

/**
 * Updates the row with this primary key and returns it as the rows read call shows it. `not_found` when no
 * row changed: it was deleted meanwhile, or RLS hides it from the role. Values for computed columns are left
 * out.
 *
 * @example
 *   await updateRow(client, { schema: 'public', table: 'todos', match: { id: 1 }, values: { done: true } })
 */
export async function updateRow(client: pg.ClientBase, input: UpdateParams): Promise<Result<TableWriteResult>> {
  const parsed = tableUpdateBodySchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const params = parsed.data
  const refused = refuseProtectedSchema(params.schema)
  if (refused) return refused
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  if (relation.data.primary_key.length === 0) return fail('bad_request', NO_PRIMARY_KEY_MESSAGE)
  const match = keyOf(relation.data, params.match)
  if (!match.ok) return match
  const computed = await computedColumns(client, relation.data)
  if (!computed.ok) return computed
  const values = constantsOf(relation.data, params.values, computed.data)
  const sql = buildFromInput(() =>
    buildUpdate({ table: tableOf(params), values, match: match.data, form: 'constants', returning: true }),
  )
  if (!sql.ok) return sql
  const result = await runReturningRows(client, relation.data, sql.data)
  if (result.ok && result.data.rows.length === 0) return fail('not_found', NO_ROW_UPDATED_MESSAGE)
  return result
}

/**
 * Deletes rows: the given ones by primary key, or `all` rows matching the filters. `all` without filters
 * truncates the table (`deleted: null`, with `cascade` the tables referencing it too), which RLS cannot
 * limit, so it is refused when `impersonating`. Rows RLS hides from the role are not deleted and not counted.
 *
 * @example
 *   await deleteRows(client, { schema: 'public', table: 'todos', rows: [{ id: 1 }] }, { impersonating: false })
 */
export async function deleteRows(
  client: pg.ClientBase,
  input: DeleteParams,
  { impersonating }: { impersonating: boolean },
): Promise<Result<TableDeleteResult>> {
  const parsed = tableDeleteBodySchema.safeParse(input)
  if (!parsed.success) return invalid(parsed.error)
  const params = parsed.data
  const refused = refuseProtectedSchema(params.schema)
  if (refused) return refused
  const table = tableOf(params)
  if ('all' in params && params.all.filters.length === 0 && impersonating) {
    return fail('bad_request', TRUNCATE_IMPERSONATING_MESSAGE)
  }
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation

  if ('all' in params) {
    if (params.all.filters.length === 0) {
      const sql = buildFromInput(() => buildTruncate({ table, cascade: params.cascade }))
      if (!sql.ok) return sql
      const done = await runCounted(client, sql.data)
      return done.ok ? ok({ deleted: null }) : done
    }
    const sql = buildFromInput(() =>
      buildDelete({ table, filters: params.all.filters, columnTypes: columnTypesOf(relation.data) }),
    )
    if (!sql.ok) return sql
    const deleted = await runCounted(client, sql.data)
    return deleted.ok ? ok({ deleted: deleted.data }) : deleted
  }

  if (relation.data.primary_key.length === 0) return fail('bad_request', NO_PRIMARY_KEY_MESSAGE)
  const keys: Record<string, SqlValue>[] = []
  for (const row of params.rows) {
    const key = keyOf(relation.data, row)
    if (!key.ok) return key
    keys.push(key.data)
  }
  const sql = buildFromInput(() => buildDelete({ table, matchAny: keys }))
  if (!sql.ok) return sql
  const deleted = await runCounted(client, sql.data)
  return deleted.ok ? ok({ deleted: deleted.data }) : deleted
}
