import type { RowField, TableRow } from '@basalt/contracts'
import { buildInsert, type SqlValue, type TableRef } from '@basalt/sql'
import { toPostgresCsv } from '@basalt/sql/csv'

/**
 * Copying a grid's rows as CSV, JSON or SQL (issue 4: the table editor's selection header; the SQL editor's
 * results next), over the rows as the grid read them: int8, numeric and dates as Postgres' text, json as
 * values, arrays as arrays. The columns are the result's fields, in order.
 */

/**
 * The rows as CSV with a header line, in Postgres' CSV dialect (as the table's Export to CSV, which `COPY`
 * writes): booleans as t/f, LF line ends, an empty string written `""` and null as nothing, so the two stay
 * apart. Values the grid read as JSON (json, arrays) are written as JSON text.
 *
 * @example
 * rowsToCsv([{ name: 'id', … }, { name: 'title', … }], [{ idx: 0, data: { id: 1, title: 'a, b' }, truncated: [] }])
 * // 'id,title\n1,"a, b"\n'
 */
export function rowsToCsv(fields: readonly RowField[], rows: readonly TableRow[]): string {
  const names = fields.map((f) => f.name)
  return toPostgresCsv(
    names,
    rows.map((row) => names.map((name) => row.data[name])),
  )
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
