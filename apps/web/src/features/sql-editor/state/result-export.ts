import { parse as parsePostgresArray } from 'postgres-array'
import type { SqlColumn, SqlResult } from '@basalt/contracts'
import { toPostgresCsv } from '@basalt/sql/csv'
import { cellText } from '../../../ui/data-grid/cell-text'

/**
 * A SQL result exported or copied as CSV, JSON or Markdown (spec 2 §2, §9), from the rows as the run answered
 * them: each value as Postgres' text (json as written, arrays as `{a,b}`), booleans and 16/32-bit integers as
 * JSON values. CSV writes the text as `psql \copy` does; JSON gives each value its JSON type.
 */

export const EXPORT_FORMATS = ['csv', 'json', 'markdown'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', json: 'JSON', markdown: 'Markdown' }
const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json', markdown: 'md' }
const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  markdown: 'text/markdown',
}

type Result = Pick<SqlResult, 'columns' | 'rows'>

/** Nothing to export: no rows (a SELECT that found none, or a statement that returns no rows at all). */
export const isEmptyResult = (result: Result) => result.rows.length === 0

/**
 * The result as Postgres' CSV with a header line (`COPY … TO STDOUT WITH (FORMAT csv, HEADER)`, as `psql \copy`
 * writes it): t/f, `{a,b}` arrays, LF line ends, NULL as nothing, an empty text as `""`.
 *
 * @example resultToCsv({ columns: [{ name: 'a', … }], rows: [['x, y'], [true]] }) // 'a\n"x, y"\nt\n'
 */
export function resultToCsv(result: Result): string {
  return toPostgresCsv(
    result.columns.map((c) => c.name),
    result.rows,
  )
}

/** float4/float8 text that JSON can hold as a number (NaN and ±Infinity stay text). */
const finiteNumber = (text: string) => {
  const n = Number(text)
  return Number.isFinite(n) ? n : text
}
/** How an element of Postgres' text becomes a JSON value, by its type name (`_int4` for an int4[] column). */
const ELEMENT_JSON: Record<string, (text: string) => unknown> = {
  bool: (text) => text === 't',
  int2: Number,
  int4: Number,
  oid: Number,
  float4: finiteNumber,
  float8: finiteNumber,
  json: (text) => JSON.parse(text) as unknown,
  jsonb: (text) => JSON.parse(text) as unknown,
}

/**
 * A cell as a JSON value: json and jsonb as their values, arrays as arrays, finite floats as numbers; what
 * JSON cannot hold exactly (int8, numeric, dates) stays Postgres' text.
 */
function jsonValue(value: unknown, column: Pick<SqlColumn, 'type'>): unknown {
  if (typeof value !== 'string') return value ?? null
  const element = ELEMENT_JSON[column.type.replace(/^_/, '')]
  if (column.type.startsWith('_') && value.startsWith('{')) {
    return parsePostgresArray(value, (text) => (element ? element(text) : text))
  }
  return element ? element(value) : value
}

/**
 * The result as a JSON array of objects, values with their JSON types. A repeated column name gets a
 * suffix (`n`, `n_2`), since an object holds each key once.
 *
 * @example resultToJson({ columns: [{ name: 'n', … }, { name: 'n', … }], rows: [[1, 2]] }) // [{ "n": 1, "n_2": 2 }]
 */
export function resultToJson(result: Result): string {
  const keys = uniqueKeys(result.columns.map((c) => c.name))
  return JSON.stringify(
    result.rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, jsonValue(row[i], result.columns[i]!)]))),
    null,
    2,
  )
}

/**
 * The result as a Markdown (GitHub) table: `|` escaped, line breaks as `<br>`, null as NULL.
 *
 * @example resultToMarkdown({ columns: [{ name: 'a', … }], rows: [['x|y']] }) // '| a |\n| --- |\n| x\\|y |'
 */
export function resultToMarkdown(result: Result): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [
    line(result.columns.map((c) => markdownCell(c.name))),
    line(result.columns.map(() => '---')),
    ...result.rows.map((row) => line(result.columns.map((_, i) => markdownCell(cellText(row[i]) ?? 'NULL')))),
  ].join('\n')
}

const markdownCell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')

function uniqueKeys(names: readonly string[]): string[] {
  const used = new Set<string>()
  return names.map((name) => {
    let key = name
    for (let n = 2; used.has(key); n++) key = `${name}_${n}`
    used.add(key)
    return key
  })
}

const WRITERS: Record<ExportFormat, (result: Result) => string> = {
  csv: resultToCsv,
  json: resultToJson,
  markdown: resultToMarkdown,
}

/** The text of a result in a format. */
export const exportText = (result: Result, format: ExportFormat) => WRITERS[format](result)

/**
 * The file a result downloads as, named from the project ref and the snippet name (spec 2 §9); when the run
 * has several result sets, the result's number tells them apart.
 *
 * @example exportFile(result, 'csv', { projectRef: 'abcd', snippetName: 'Top users' }) // File 'abcd-Top-users.csv'
 */
export function exportFile(
  result: Result,
  format: ExportFormat,
  name: { projectRef: string; snippetName: string; resultNumber?: number },
): File {
  return new File([exportText(result, format)], exportFileName(format, name), { type: MIME_TYPES[format] })
}

export function exportFileName(
  format: ExportFormat,
  { projectRef, snippetName, resultNumber }: { projectRef: string; snippetName: string; resultNumber?: number },
): string {
  // Characters that file systems refuse or shells trip over become '-'.
  const snippet = snippetName
    .trim()
    .replace(/[\s/\\:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  const parts = [projectRef, snippet || 'query', resultNumber === undefined ? '' : `result-${resultNumber}`]
  return `${parts.filter(Boolean).join('-')}.${EXTENSIONS[format]}`
}
