import Papa from 'papaparse'
import type { RowField, TableRow } from '@basalt/contracts'
import { buildInsert, type SqlValue, type TableRef } from '@basalt/sql'
import { cellText } from './cell-text'

/**
 * Copying a grid's rows as CSV, JSON or SQL (issue 4: the table editor's selection header; the SQL editor's
 * results next), over the rows as the grid read them: int8, numeric and dates as Postgres' text, json as
 * values, arrays as arrays. The columns are the result's fields, in order.
 */

/**
 * The rows as CSV with a header line. An empty string is written `""` and null as nothing, so the two stay
 * apart (as Postgres' CSV does).
 *
 * @example
 * rowsToCsv([{ name: 'id', … }, { name: 'title', … }], [{ idx: 0, data: { id: 1, title: 'a, b' }, truncated: [] }])
 * // 'id,title\r\n1,"a, b"'
 */
export function rowsToCsv(fields: readonly RowField[], rows: readonly TableRow[]): string {
  const names = fields.map((f) => f.name)
  return valuesToCsv(
    names,
    rows.map((row) => names.map((name) => row.data[name])),
  )
}

/**
 * Rows given as arrays of values (a SQL result's, whose column names may repeat) as CSV with a header line,
 * each value as its cell reads; written as {@link rowsToCsv} writes them.
 *
 * @example
 * valuesToCsv(['n', 'n'], [[1, 'a, b'], [2, null]]) // 'n,n\r\n1,"a, b"\r\n2,'
 */
export function valuesToCsv(names: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const data = rows.map((row) => row.map(cellText))
  return Papa.unparse({ fields: [...names], data }, { quotes: (value: unknown) => value === '' })
}

/**
 * The rows as a JSON array of objects (column name → value).
 *
 * @example
 * rowsToJson([{ idx: 0, data: { id: 1 }, truncated: [] }]) // '[\n  {\n    "id": 1\n  }\n]'
 */
export function rowsToJson(rows: readonly TableRow[]): string {
  return JSON.stringify(
    rows.map((row) => row.data),
    null,
    2,
  )
}

/**
 * The rows as one insert statement of the statement builder (values converted to each column's type by
 * `jsonb_populate_recordset`, so they paste back unchanged).
 *
 * @example
 * rowsToSql({ schema: 'public', name: 'todos' }, fields, rows)
 * // 'insert into "public"."todos" ("id", "title") select "id", "title" from jsonb_populate_recordset(…)'
 */
export function rowsToSql(table: TableRef, fields: readonly RowField[], rows: readonly TableRow[]): string {
  const names = fields.map((f) => f.name)
  return `${buildInsert({
    table,
    rows: rows.map((row) => Object.fromEntries(names.map((name) => [name, (row.data[name] ?? null) as SqlValue]))),
  })};`
}
