import { filterConditions, sortItem, type ColumnTypes, type Filter, type Sort } from './filters.ts'
import { ident, isSqlExpression, jsonLiteral, literal, qualified, SqlInputError } from './quote.ts'
import type { SqlExpression, SqlValue } from './quote.ts'

/**
 * Messages of the statement builder, verbatim from spec 1 §5 (plus the update counterpart of 'no value to
 * insert').
 *
 * @example
 * expect(() => buildDelete({ table, filters: [] })).toThrow(STATEMENT_MESSAGES.noDeleteFilters)
 */
export const STATEMENT_MESSAGES = {
  noUpdateFilters: 'no filters for this update query',
  noDeleteFilters: 'no filters for this delete query',
  noInsertValue: 'no value to insert',
  noUpdateValue: 'no value to update',
} as const

/**
 * A table (or view) by schema and name.
 *
 * @example
 * const table: TableRef = { schema: 'public', name: 'todos' }
 */
export interface TableRef {
  schema: string
  name: string
}

/**
 * Which rows a statement touches: the grid's filters (empty values ignored, integer columns converted as in
 * {@link filterCondition}) and exact column matches (`"id" = 5`, null as `is null`), all combined with `and`.
 *
 * @example
 * const where: Where = { filters: [{ column: 'done', operator: 'is', value: 'false' }], match: { id: 5 } }
 */
export interface Where {
  filters?: readonly Filter[]
  /** Exact values by column, e.g. a row's primary key; never ignored, even when the value is ''. */
  match?: Readonly<Record<string, SqlValue>>
  /**
   * Several exact matches of which any may hold, e.g. the primary keys of the selected rows:
   * `(("id" = 1) or ("id" = 2))`. An empty list matches no row (`false`); a match without columns throws.
   */
  matchAny?: readonly Readonly<Record<string, SqlValue>>[]
  /** Column types by name, so filter values of integer columns become numbers. */
  columnTypes?: ColumnTypes
}

/**
 * `returning *` with `true`, `returning "a", "b"` with a list of columns.
 *
 * @example
 * const returning: Returning = ['id', 'created_at']
 */
export type Returning = true | readonly string[]

function matchConditions(match: Readonly<Record<string, SqlValue>>): string[] {
  return Object.entries(match).map(([column, value]) =>
    value === null || value === undefined ? `${ident(column)} is null` : `${ident(column)} = ${literal(value)}`,
  )
}

function whereConditions(where: Where): string[] {
  const conditions = filterConditions(where.filters ?? [], where.columnTypes)
  conditions.push(...matchConditions(where.match ?? {}))
  if (where.matchAny) {
    const alternatives = where.matchAny.map((match) => {
      const parts = matchConditions(match)
      // An empty match would hold for every row: never let it widen a delete to the whole table.
      if (parts.length === 0) throw new SqlInputError('each match of matchAny needs at least one column')
      return `(${parts.join(' and ')})`
    })
    conditions.push(alternatives.length === 0 ? 'false' : `(${alternatives.join(' or ')})`)
  }
  return conditions
}

function whereClause(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`
}

function returningClause(returning: Returning | undefined): string {
  if (returning === undefined) return ''
  if (returning === true) return ' returning *'
  if (returning.length === 0) throw new SqlInputError('returning needs at least one column')
  return ` returning ${returning.map(ident).join(', ')}`
}

function tableName(table: TableRef): string {
  return qualified(table.schema, table.name)
}

function count(value: number, what: string): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new SqlInputError(`${what} must be a non-negative integer, got ${String(value)}`)
  }
  return String(value)
}

/**
 * Options of {@link buildSelect}.
 *
 * @example
 * const options: SelectOptions = { table, limit: 100, offset: 0 }
 */
export interface SelectOptions extends Where {
  table: TableRef
  /** Column names, or expressions such as a truncated preview of a large column; all columns if omitted. */
  columns?: readonly (string | SqlExpression)[]
  sorts?: readonly Sort[]
  limit?: number
  offset?: number
}

/**
 * A select of a page of rows: columns, filters, sorts (each with ascending and optional nullsFirst), limit
 * and offset.
 *
 * @example
 * buildSelect({
 *   table: { schema: 'public', name: 'todos' },
 *   filters: [{ column: 'id', operator: '>', value: '10' }],
 *   columnTypes: { id: 'int8' },
 *   sorts: [{ column: 'id', ascending: true, nullsFirst: false }],
 *   limit: 100,
 *   offset: 200,
 * })
 * // 'select * from "public"."todos" where "id" > 10 order by "id" asc nulls last limit 100 offset 200'
 */
export function buildSelect(options: SelectOptions): string {
  const columns =
    options.columns === undefined || options.columns.length === 0
      ? '*'
      : options.columns.map((column) => (isSqlExpression(column) ? column.sql : ident(column))).join(', ')
  let sql = `select ${columns} from ${tableName(options.table)}${whereClause(whereConditions(options))}`
  if (options.sorts && options.sorts.length > 0) sql += ` order by ${options.sorts.map(sortItem).join(', ')}`
  if (options.limit !== undefined) sql += ` limit ${count(options.limit, 'limit')}`
  if (options.offset !== undefined) sql += ` offset ${count(options.offset, 'offset')}`
  return sql
}

/**
 * Options of {@link buildCount}.
 *
 * @example
 * const options: CountOptions = { table, filters }
 */
export interface CountOptions extends Where {
  table: TableRef
}

/**
 * An exact count of the rows the filters select, as a column named `count` (a bigint).
 *
 * @example
 * buildCount({ table: { schema: 'public', name: 'todos' }, filters: [{ column: 'done', operator: 'is', value: 'true' }] })
 * // 'select count(*) as "count" from "public"."todos" where "done" is true'
 */
export function buildCount(options: CountOptions): string {
  return `select count(*) as "count" from ${tableName(options.table)}${whereClause(whereConditions(options))}`
}

/**
 * Options of {@link buildInsert}.
 *
 * @example
 * const options: InsertOptions = { table, rows: [{ title: 'Buy milk' }], returning: true }
 */
export interface InsertOptions {
  table: TableRef
  rows: readonly Readonly<Record<string, SqlValue>>[]
  returning?: Returning
  /** How values reach their columns: see {@link ValueForm}; `'json'` when omitted. */
  form?: ValueForm
}

/**
 * How an insert or update carries its values.
 *
 * - `'json'`: all values travel as one JSON constant through `jsonb_populate_record(set)`, which converts
 *   JSON arrays and objects to array, json and composite columns. An insert row missing a key inserts null.
 * - `'constants'`: each value is its own untyped constant ({@link literal}), which Postgres converts with the
 *   column type's input function, exactly as if typed into `insert … values`. An insert row missing a key
 *   takes the column's default. Use it for values in their Postgres text form (`'{1,2}'`, `'\x0102'`), for
 *   rows that leave out different columns, and for tables with NOT NULL domain columns (which
 *   `jsonb_populate_record` refuses to leave null).
 *
 * @example
 * const form: ValueForm = 'constants'
 */
export type ValueForm = 'json' | 'constants'

/**
 * An insert populated from a recordset: the rows travel as one JSON constant and
 * `jsonb_populate_recordset` converts every value to its column's type (arrays, json, enums, dates…). The
 * column list is every key used by any row, in first-seen order; a row missing a key inserts null there (not
 * the column default). Rows with no keys at all insert default values. Throws 'no value to insert' for no rows.
 * With `form: 'constants'` the rows are a VALUES list instead, and a missing key is `default`.
 *
 * @example
 * buildInsert({ table: { schema: 'public', name: 'todos' }, rows: [{ title: 'Buy milk', tags: ['home'] }] })
 * // 'insert into "public"."todos" ("title", "tags") select "title", "tags" from
 * //  jsonb_populate_recordset(null::"public"."todos", \'[{"title":"Buy milk","tags":["home"]}]\'::jsonb)'
 * // (one line)
 * buildInsert({ table: { schema: 'public', name: 'todos' }, rows: [{ title: 'a' }, { due: '2026-01-02' }], form: 'constants' })
 * // 'insert into "public"."todos" ("title", "due") values (\'a\', default), (default, \'2026-01-02\')'
 */
export function buildInsert(options: InsertOptions): string {
  const { rows } = options
  if (rows.length === 0) throw new SqlInputError(STATEMENT_MESSAGES.noInsertValue)
  const table = tableName(options.table)
  const columnSet = new Set<string>()
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) if (value !== undefined) columnSet.add(column)
  }
  const columns = [...columnSet].map(ident)
  const returning = returningClause(options.returning)
  if (columns.length === 0) {
    if (rows.length === 1) return `insert into ${table} default values${returning}`
    // A select with no columns over n rows makes n rows of defaults.
    return `insert into ${table} select from generate_series(1, ${rows.length})${returning}`
  }
  const list = columns.join(', ')
  if (options.form === 'constants') {
    const names = [...columnSet]
    const tuples = rows.map((row) => {
      const values = names.map((name) => {
        const value = Object.hasOwn(row, name) ? row[name] : undefined
        return value === undefined ? 'default' : literal(value)
      })
      return `(${values.join(', ')})`
    })
    return `insert into ${table} (${list}) values ${tuples.join(', ')}${returning}`
  }
  return (
    `insert into ${table} (${list}) select ${list} from ` +
    `jsonb_populate_recordset(null::${table}, ${jsonLiteral(rows)}::jsonb)${returning}`
  )
}

/**
 * Options of {@link buildUpdate}.
 *
 * @example
 * const options: UpdateOptions = { table, values: { done: true }, match: { id: 5 }, returning: true }
 */
export interface UpdateOptions extends Where {
  table: TableRef
  /** New values by column; undefined values are left out. */
  values: Readonly<Record<string, SqlValue>>
  returning?: Returning
  /** How values reach their columns: see {@link ValueForm}; `'json'` when omitted. */
  form?: ValueForm
}

/**
 * An update of the rows matched by filters and/or `match`. As with inserts, the values travel as one JSON
 * constant through `jsonb_populate_record`, so each is converted to its column's type. Throws
 * 'no filters for this update query' when no condition remains (so it can never update every row) and
 * 'no value to update' when there is nothing to set. With `form: 'constants'` each column is set to its own
 * constant (`set "done" = 'true'`).
 *
 * @example
 * buildUpdate({ table: { schema: 'public', name: 'todos' }, values: { done: true }, match: { id: 5 } })
 * // 'update "public"."todos" set ("done") = (select "done" from
 * //  jsonb_populate_record(null::"public"."todos", \'{"done":true}\'::jsonb)) where "id" = 5'
 * // (one line)
 */
export function buildUpdate(options: UpdateOptions): string {
  const conditions = whereConditions(options)
  if (conditions.length === 0) throw new SqlInputError(STATEMENT_MESSAGES.noUpdateFilters)
  const entries = Object.entries(options.values).filter(([, value]) => value !== undefined)
  if (entries.length === 0) throw new SqlInputError(STATEMENT_MESSAGES.noUpdateValue)
  const table = tableName(options.table)
  if (options.form === 'constants') {
    const set = entries.map(([column, value]) => `${ident(column)} = ${literal(value)}`).join(', ')
    return `update ${table} set ${set}${whereClause(conditions)}${returningClause(options.returning)}`
  }
  const list = entries.map(([column]) => ident(column)).join(', ')
  return (
    `update ${table} set (${list}) = (select ${list} from ` +
    `jsonb_populate_record(null::${table}, ${jsonLiteral(Object.fromEntries(entries))}::jsonb))` +
    `${whereClause(conditions)}${returningClause(options.returning)}`
  )
}

/**
 * Options of {@link buildDelete}.
 *
 * @example
 * const options: DeleteOptions = { table, match: { id: 5 } }
 */
export interface DeleteOptions extends Where {
  table: TableRef
  returning?: Returning
}

/**
 * A delete of the rows matched by filters and/or `match`. Throws 'no filters for this delete query' when
 * no condition remains (so it can never delete every row; use {@link buildTruncate} for that).
 *
 * @example
 * buildDelete({ table: { schema: 'public', name: 'todos' }, match: { id: 5 }, returning: ['id'] })
 * // 'delete from "public"."todos" where "id" = 5 returning "id"'
 */
export function buildDelete(options: DeleteOptions): string {
  const conditions = whereConditions(options)
  if (conditions.length === 0) throw new SqlInputError(STATEMENT_MESSAGES.noDeleteFilters)
  return `delete from ${tableName(options.table)}${whereClause(conditions)}${returningClause(options.returning)}`
}

/**
 * Options of {@link buildTruncate}.
 *
 * @example
 * const options: TruncateOptions = { table, cascade: true }
 */
export interface TruncateOptions {
  table: TableRef
  /** Also truncate tables with foreign keys to this one. */
  cascade?: boolean
  /** Reset sequences owned by the table's columns. */
  restartIdentity?: boolean
}

/**
 * A truncate ("delete all rows"), optionally restarting identities and cascading.
 *
 * @example
 * buildTruncate({ table: { schema: 'public', name: 'todos' }, restartIdentity: true, cascade: true })
 * // 'truncate table "public"."todos" restart identity cascade'
 */
export function buildTruncate(options: TruncateOptions): string {
  return (
    `truncate table ${tableName(options.table)}` +
    `${options.restartIdentity ? ' restart identity' : ''}${options.cascade ? ' cascade' : ''}`
  )
}
