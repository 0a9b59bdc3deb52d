import type { SqlResult } from '@basalt/contracts'
import { cellText } from '../../../ui/data-grid/cell-text'
import { valuesToCsv } from '../../../ui/data-grid/copy-rows'

/**
 * A SQL result exported or copied as CSV, JSON or Markdown (spec 2 §2, §9), from the rows as the run answered
 * them: int8, numeric and dates as Postgres' text, json as values.
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
 * The result as CSV with a header line: null as nothing, an empty text as `""`, json as JSON text.
 *
 * @example resultToCsv({ columns: [{ name: 'a', … }], rows: [['x, y']] }) // 'a\r\n"x, y"'
 */
export function resultToCsv(result: Result): string {
  return valuesToCsv(
    result.columns.map((c) => c.name),
    result.rows,
  )
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
    result.rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i] ?? null]))),
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
