import Papa from 'papaparse'
import type { PgColumn } from '@basalt/contracts'

/**
 * The CSV import dialog's preview, read in the browser before anything is uploaded: the first rows of the
 * file (papaparse finds the delimiter), the type each column seems to hold, and the starting header-to-column
 * mapping. The server never sees this; it streams the whole file through COPY.
 */

/** Rows the preview shows (besides the header). */
export const PREVIEW_ROWS = 20

/** Delimiters COPY accepts that papaparse may detect; anything else falls back to a comma. */
const DELIMITERS = [',', ';', '\t', '|']

export interface CsvPreview {
  /** The header's names, or `column_1`, `column_2`… when the file has no header line. */
  headers: string[]
  /** The first rows, one string per column (missing fields as ''). */
  rows: string[][]
  /** One ASCII character, as the import call takes it. */
  delimiter: string
}

/**
 * Parses the start of a CSV text: the header (when `header`), then up to PREVIEW_ROWS rows.
 *
 * @example
 * parseCsvPreview('a;b\n1;2\n', { header: true }) // { headers: ['a', 'b'], rows: [['1', '2']], delimiter: ';' }
 */
export function parseCsvPreview(text: string, { header }: { header: boolean }): CsvPreview {
  const parsed = Papa.parse<string[]>(text, { preview: PREVIEW_ROWS + (header ? 1 : 0), skipEmptyLines: 'greedy' })
  return previewOf(parsed.data, parsed.meta.delimiter, header)
}

function previewOf(data: string[][], detected: string, header: boolean): CsvPreview {
  const width = Math.max(0, ...data.map((row) => row.length))
  const names = header ? (data[0] ?? []) : []
  const headers = Array.from({ length: width }, (_, i) => names[i]?.trim() || `column_${i + 1}`)
  const rows = (header ? data.slice(1) : data).map((row) => headers.map((_, i) => row[i] ?? ''))
  return { headers, rows, delimiter: DELIMITERS.includes(detected) ? detected : ',' }
}

/**
 * Reads the preview of a file: papaparse reads it in chunks and stops after the preview rows, so a large file
 * is not loaded whole.
 */
export function readCsvPreview(file: File, { header }: { header: boolean }): Promise<CsvPreview> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS + (header ? 1 : 0),
      skipEmptyLines: 'greedy',
      // Read 1 MiB at a time (papaparse's default is 10 MiB): the preview rows are nearly always in the first.
      chunkSize: 1024 * 1024,
      complete: (result) => resolve(previewOf(result.data, result.meta.delimiter, header)),
      error: (error) => reject(error),
    })
  })
}

/** Types a new table's column can be given in the import dialog, in menu order. */
export const IMPORT_COLUMN_TYPES = ['text', 'int8', 'numeric', 'bool', 'date', 'timestamptz', 'uuid', 'jsonb'] as const
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number]

const INTEGER = /^[+-]?\d+$/
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i
const BOOLEAN = new Set(['true', 'false', 't', 'f', 'yes', 'no'])
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(z|[+-]\d{2}(:?\d{2})?)?$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INT8_MAX = 9223372036854775807n

function isInt8(value: string): boolean {
  if (!INTEGER.test(value)) return false
  const n = BigInt(value)
  return n <= INT8_MAX && n >= -INT8_MAX - 1n
}

function isJsonContainer(value: string): boolean {
  if (!/^[[{]/.test(value)) return false
  try {
    JSON.parse(value)
    return true
  } catch {
    return false
  }
}

const CHECKS: [ImportColumnType, (value: string) => boolean][] = [
  ['int8', isInt8],
  ['numeric', (v) => NUMBER.test(v)],
  ['bool', (v) => BOOLEAN.has(v.toLowerCase())],
  ['date', (v) => DATE.test(v)],
  ['timestamptz', (v) => TIMESTAMP.test(v)],
  ['uuid', (v) => UUID.test(v)],
  ['jsonb', isJsonContainer],
]

/**
 * The narrowest type every non-empty value fits (empty cells import as null), `text` otherwise.
 *
 * @example
 * inferColumnType(['1', '', '42']) // 'int8'
 * inferColumnType(['1', '2.5']) // 'numeric'
 * inferColumnType(['2026-01-02 10:00:00+00']) // 'timestamptz'
 */
export function inferColumnType(values: readonly string[]): ImportColumnType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '')
  if (present.length === 0) return 'text'
  return CHECKS.find(([, fits]) => present.every(fits))?.[0] ?? 'text'
}

/** The inferred type of each column of a preview. */
export function inferColumnTypes(preview: CsvPreview): ImportColumnType[] {
  return preview.headers.map((_, i) => inferColumnType(preview.rows.map((row) => row[i] ?? '')))
}

/** Columns of an existing table a CSV column can go into: all but generated ones (COPY cannot write those). */
export function importableColumns(columns: readonly PgColumn[]): PgColumn[] {
  return columns.filter((c) => !c.is_generated)
}

/**
 * The starting mapping into an existing table: each CSV column goes to the table column of the same name
 * (ignoring case and surrounding spaces), each table column receiving at most one; the others are skipped.
 *
 * @example
 * defaultMapping(['ID', 'Title', 'extra'], columns) // ['id', 'title', null]
 */
export function defaultMapping(headers: readonly string[], columns: readonly PgColumn[]): (string | null)[] {
  const byName = new Map(importableColumns(columns).map((c) => [c.name.trim().toLowerCase(), c.name]))
  const used = new Set<string>()
  return headers.map((header) => {
    const target = byName.get(header.trim().toLowerCase())
    if (target === undefined || used.has(target)) return null
    used.add(target)
    return target
  })
}

/**
 * A new table's column name for a CSV header: trimmed, at most 63 bytes (Postgres' limit), `column_N` when
 * empty. Names stay as written (quoted in SQL), so `First name` is a valid column.
 *
 * @example
 * newColumnName('  First name ', 0) // 'First name'
 */
export function newColumnName(header: string, index: number): string {
  const name = fitIdentifier(header.trim())
  return name === '' ? `column_${index + 1}` : name
}

// Postgres keeps 63 bytes of a name; longer ones are cut here, where the user sees it.
function fitIdentifier(name: string): string {
  const chars = [...name]
  while (new TextEncoder().encode(chars.join('')).length > 63) chars.pop()
  return chars.join('')
}

/**
 * A table name from a file name: its base name, lower case, with runs of other characters than letters,
 * digits and `_` made `_`.
 *
 * @example
 * tableNameFromFile('Sales 2026.csv') // 'sales_2026'
 */
export function tableNameFromFile(fileName: string): string {
  const name = fileName
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '')
  return fitIdentifier(name) || 'imported_rows'
}
