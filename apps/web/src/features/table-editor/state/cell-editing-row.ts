import type { CellInput, CellValues, PgColumn } from '@basalt/contracts'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import {
  editorKindOf,
  editorText,
  isUpdatable,
  parseBooleanChoice,
  parseCellText,
  parseEnumChoice,
  type ParseResult,
} from './cell-editing'

/**
 * The Insert row and Edit row form (spec 1 §2): one field per column, each a text and a NULL switch, turned
 * into the values the insert or update call carries. Insert leaves out what the database fills in (defaults,
 * identities, generated columns); update sends only the fields the user changed.
 */

export interface RowField {
  text: string
  isNull: boolean
}

export type RowFormMode = 'insert' | 'update'

export const EMPTY_FIELD: RowField = { text: '', isNull: false }

/** How the form presents a column: filled in by the database, or needed from the user. */
export type FieldRole = 'generated' | 'identity' | 'default' | 'required' | 'optional'

export function fieldRole(
  column: Pick<
    PgColumn,
    | 'is_generated'
    | 'is_identity'
    | 'identity_generation'
    | 'default_value'
    | 'is_nullable'
    | 'format'
    | 'data_type'
    | 'enums'
  >,
): FieldRole {
  if (column.is_generated) return 'generated'
  if (column.is_identity) return 'identity'
  if (column.default_value !== null) return 'default'
  // A NOT NULL text column may hold the empty string, so it is never "missing".
  if (!column.is_nullable && editorKindOf(column) !== 'text') return 'required'
  return 'optional'
}

/** Whether the form lets the user type in the field (never for generated or `ALWAYS` identity columns). */
export const isFieldEditable = (column: PgColumn) => isUpdatable(column)

/** A field holding a stored value: booleans as 'true'/'false', JSON indented, arrays as JSON. */
export function fieldFromValue(column: Pick<PgColumn, 'format' | 'data_type' | 'enums'>, value: unknown): RowField {
  if (value === null || value === undefined) return { text: '', isNull: true }
  return { text: editorText(editorKindOf(column), value), isNull: false }
}

function parseField(column: PgColumn, text: string): ParseResult {
  switch (editorKindOf(column)) {
    case 'boolean':
      return parseBooleanChoice(column, text === '' ? null : text)
    case 'enum':
      return parseEnumChoice(column, text === '' ? null : text)
    default:
      return parseCellText(column, text)
  }
}

const isBlank = (column: PgColumn, text: string) => (editorKindOf(column) === 'text' ? text === '' : text.trim() === '')

export type RowFormResult = { ok: true; values: CellValues } | { ok: false; errors: Record<string, string> }

/**
 * The values of an insert (every field the user filled) or an update (the fields that differ from
 * `initial`), or the message of each field that cannot be saved.
 *
 * @example
 *   rowFormValues(columns, { title: { text: 'Buy milk', isNull: false } }, 'insert') // { ok: true, values: { title: 'Buy milk' } }
 */
export function rowFormValues(
  columns: readonly PgColumn[],
  fields: Readonly<Record<string, RowField>>,
  mode: RowFormMode,
  initial: Readonly<Record<string, RowField>> = {},
): RowFormResult {
  const values: Record<string, CellInput> = {}
  const errors: Record<string, string> = {}
  for (const column of columns) {
    if (!isFieldEditable(column)) continue
    const field = fields[column.name] ?? EMPTY_FIELD
    if (mode === 'update') {
      const before = initial[column.name] ?? EMPTY_FIELD
      if (before.isNull === field.isNull && (field.isNull || before.text === field.text)) continue
    }
    if (field.isNull) {
      if (column.is_nullable) values[column.name] = null
      else errors[column.name] = M.notNullable
      continue
    }
    if (mode === 'insert' && isBlank(column, field.text)) {
      const role = fieldRole(column)
      if (role === 'required') errors[column.name] = M.required
      // A NOT NULL text column without a default gets the empty string; anything else its default (or NULL).
      else if (role === 'optional' && !column.is_nullable) values[column.name] = ''
      continue
    }
    const parsed = parseField(column, field.text)
    if (!parsed.ok) errors[column.name] = parsed.message
    else if (parsed.value === null && !column.is_nullable) errors[column.name] = M.notNullable
    else values[column.name] = parsed.value
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values }
}
