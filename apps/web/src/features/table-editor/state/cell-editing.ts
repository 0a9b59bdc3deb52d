import { parsePgUuid, type CellInput, type PgColumn } from '@basalt/contracts'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import { cellText } from '../../../ui/data-grid/cell-text'

/**
 * How a grid cell is edited (spec 1 §2, §5): which editor a column gets, whether it may be edited inline, and
 * the parsing of what the user typed into the value the write call carries (`CellInput`: the text form
 * Postgres accepts, a JSON value for json columns, a JSON array for array columns). Pure, so each editor's
 * rules are tested without rendering.
 */

export type EditorKind =
  'text' | 'json' | 'array' | 'boolean' | 'enum' | 'number' | 'date' | 'datetime' | 'time' | 'uuid'

export type EditableColumn = Pick<PgColumn, 'name' | 'format' | 'data_type' | 'enums' | 'is_nullable'>

const INTEGER_FORMATS = new Set(['int2', 'int4', 'int8', 'oid'])
const DECIMAL_FORMATS = new Set(['float4', 'float8', 'numeric'])

export const isArrayColumn = (column: Pick<PgColumn, 'format' | 'data_type'>) =>
  column.data_type === 'ARRAY' || column.format.startsWith('_')

/** The editor of a column, by its catalog type (never by its value). */
export function editorKindOf(column: Pick<PgColumn, 'format' | 'data_type' | 'enums'>): EditorKind {
  if (isArrayColumn(column)) return 'array'
  const format = column.format
  if (format === 'json' || format === 'jsonb') return 'json'
  if (format === 'bool') return 'boolean'
  if (column.enums.length > 0) return 'enum'
  if (INTEGER_FORMATS.has(format) || DECIMAL_FORMATS.has(format)) return 'number'
  if (format === 'date') return 'date'
  if (format === 'timestamp' || format === 'timestamptz') return 'datetime'
  if (format === 'time' || format === 'timetz') return 'time'
  if (format === 'uuid') return 'uuid'
  return 'text'
}

/** Text and JSON (and arrays, edited as JSON) open on click in a popup with an expand button (spec 1 §2). */
export const opensOnClick = (kind: EditorKind) => kind === 'text' || kind === 'json' || kind === 'array'

/** The format hint shown in date and time editors (spec 1 §5 for timestamps). */
export function formatHint(column: Pick<PgColumn, 'format'>): string | undefined {
  switch (column.format) {
    case 'date':
      return 'yyyy-mm-dd'
    case 'timestamp':
      return M.timestampHint
    case 'timestamptz':
      return M.timestamptzHint
    case 'time':
      return 'hh:mm:ss'
    case 'timetz':
      return 'hh:mm:ss+zz'
    default:
      return undefined
  }
}

// ---------- inline editability ----------

export type Editability = { inline: true } | { inline: false; reason: string }

/**
 * Whether a cell is edited in the grid (spec 1 §5). A table without a primary key cannot match the row to
 * update; encrypted columns are never edited; primary-key and non-updatable columns are not edited inline
 * (a primary key changes through Edit row; generated and `ALWAYS` identity columns not at all).
 *
 * @example
 *   cellEditability(column, { primaryKeys: [], encrypted: false }) // { inline: false, reason: NO_PRIMARY_KEY }
 */
export function cellEditability(
  column: Pick<PgColumn, 'name' | 'is_updatable' | 'is_generated' | 'identity_generation'>,
  context: { primaryKeys: readonly string[]; encrypted: boolean },
): Editability {
  if (context.primaryKeys.length === 0) return { inline: false, reason: M.noPrimaryKey }
  if (context.encrypted) return { inline: false, reason: M.encryptedColumn }
  if (context.primaryKeys.includes(column.name)) return { inline: false, reason: M.primaryKeyNotInline }
  if (!isUpdatable(column)) return { inline: false, reason: M.notUpdatable }
  return { inline: true }
}

/** Whether any write may set the column: generated columns and `GENERATED ALWAYS` identities may not. */
export const isUpdatable = (column: Pick<PgColumn, 'is_updatable' | 'is_generated' | 'identity_generation'>) =>
  column.is_updatable && !column.is_generated && column.identity_generation !== 'ALWAYS'

// ---------- text shown in an editor ----------

/**
 * The text an editor starts with: JSON (indented) for json columns, a JSON array for arrays, the value's
 * text otherwise; '' for NULL.
 */
export function editorText(kind: EditorKind, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (kind === 'json') return JSON.stringify(value, null, 2)
  if (kind === 'array') return JSON.stringify(value)
  return cellText(value) ?? ''
}

// ---------- parsing ----------

export type ParseResult = { ok: true; value: CellInput } | { ok: false; message: string }

const okValue = (value: CellInput): ParseResult => ({ ok: true, value })
const invalid = (message: string): ParseResult => ({ ok: false, message })

const INTEGER = /^[+-]?\d+$/
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i
const SPECIAL_DECIMALS = new Set(['nan', 'infinity', '+infinity', '-infinity'])

function parseNumberText(format: string, text: string): ParseResult {
  if (INTEGER_FORMATS.has(format)) return INTEGER.test(text) ? okValue(text) : invalid(M.invalidInteger)
  if (DECIMAL.test(text) || SPECIAL_DECIMALS.has(text.toLowerCase())) return okValue(text)
  return invalid(M.invalidNumber)
}

/**
 * What the user typed in a text-like editor, as the write carries it.
 * - text: as typed, '' included (NULL is the editor's own button);
 * - json: empty sets NULL, else it must parse ('Please enter a valid JSON');
 * - array: empty sets NULL, else a JSON array whose items suit the element type;
 * - number, date, datetime, time, uuid: empty sets NULL; numbers and uuids are checked here, dates and times
 *   are left to Postgres, which accepts more spellings than any form could list.
 *
 * Numbers travel as text so int8 and numeric keep every digit.
 *
 * @example
 *   parseCellText({ format: 'jsonb', … }, '{"a":1}') // { ok: true, value: { a: 1 } }
 *   parseCellText({ format: 'int4', … }, '')         // { ok: true, value: null }
 */
export function parseCellText(column: EditableColumn, text: string): ParseResult {
  const kind = editorKindOf(column)
  if (kind === 'text') return okValue(text)
  const trimmed = text.trim()
  if (kind === 'boolean') return parseBooleanChoice(column, trimmed === '' ? null : trimmed)
  if (kind === 'enum') return parseEnumChoice(column, trimmed === '' ? null : text)
  if (trimmed === '') return okValue(null)
  switch (kind) {
    case 'json':
      try {
        return okValue(JSON.parse(trimmed) as CellInput)
      } catch {
        return invalid(M.invalidJson)
      }
    case 'array':
      return parseArrayText(column, trimmed)
    case 'number':
      return parseNumberText(column.format, trimmed)
    case 'uuid': {
      // Any text Postgres reads as a uuid (no RFC version check), sent as Postgres writes it.
      const id = parsePgUuid(trimmed)
      return id === null ? invalid(M.invalidUuid) : okValue(id)
    }
    default:
      return okValue(trimmed)
  }
}

function parseArrayText(column: EditableColumn, text: string): ParseResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return invalid(M.invalidArray)
  }
  if (!Array.isArray(parsed)) return invalid(M.invalidArray)
  const element = { ...column, format: column.format.replace(/^_/, ''), data_type: '' }
  const problem = checkItems(parsed, element)
  return problem ? invalid(problem) : okValue(parsed as CellInput)
}

/** The first item (multi-dimensional arrays included) that does not suit the element type, as a message. */
function checkItems(items: unknown[], element: EditableColumn, path = ''): string | null {
  const kind = editorKindOf(element)
  for (const [i, item] of items.entries()) {
    const at = `${path}${i + 1}`
    if (item === null) continue
    if (Array.isArray(item)) {
      const nested = checkItems(item, element, `${at}.`)
      if (nested) return nested
      continue
    }
    const problem = itemProblem(kind, element, item)
    if (problem) return `Item ${at}: ${problem}`
  }
  return null
}

function itemProblem(kind: EditorKind, element: EditableColumn, item: unknown): string | null {
  switch (kind) {
    case 'json':
      return null
    case 'boolean':
      return typeof item === 'boolean' ? null : M.invalidBoolean
    case 'number': {
      const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : null
      if (text === null) return M.invalidNumber
      const result = parseNumberText(element.format, text)
      return result.ok ? null : result.message
    }
    case 'enum':
      return typeof item === 'string' && element.enums.includes(item) ? null : M.invalidEnum
    case 'uuid':
      return typeof item === 'string' && parsePgUuid(item) !== null ? null : M.invalidUuid
    default:
      // Text-like elements: any scalar, sent as its text.
      return typeof item === 'object' ? M.invalidArray : null
  }
}

// ---------- choices (boolean and enum editors) ----------

export interface Choice {
  label: string
  value: CellInput
}

/** Spec 1 §5: TRUE, FALSE, and NULL only if the column is nullable. */
export function booleanChoices(column: Pick<PgColumn, 'is_nullable'>): Choice[] {
  return [
    { label: 'TRUE', value: true },
    { label: 'FALSE', value: false },
    ...(column.is_nullable ? [{ label: 'NULL', value: null }] : []),
  ]
}

/** Spec 1 §5: the enum's values, plus NULL if the column is nullable. */
export function enumChoices(column: Pick<PgColumn, 'enums' | 'is_nullable'>): Choice[] {
  return [
    ...column.enums.map((label) => ({ label, value: label })),
    ...(column.is_nullable ? [{ label: 'NULL', value: null }] : []),
  ]
}

/** A boolean choice by its text ('true', 'TRUE', 'false'…); null is NULL, refused on a NOT NULL column. */
export function parseBooleanChoice(column: Pick<PgColumn, 'is_nullable'>, choice: string | null): ParseResult {
  if (choice === null || choice.toUpperCase() === 'NULL') {
    return column.is_nullable ? okValue(null) : invalid(M.notNullable)
  }
  const upper = choice.toUpperCase()
  if (upper === 'TRUE') return okValue(true)
  if (upper === 'FALSE') return okValue(false)
  return invalid(M.invalidBoolean)
}

/** An enum label; null is NULL, refused on a NOT NULL column. */
export function parseEnumChoice(column: Pick<PgColumn, 'enums' | 'is_nullable'>, choice: string | null): ParseResult {
  if (choice === null) return column.is_nullable ? okValue(null) : invalid(M.notNullable)
  return column.enums.includes(choice) ? okValue(choice) : invalid(M.invalidEnum)
}
