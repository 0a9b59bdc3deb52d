import type { PgColumn } from '@basalt/contracts'
import { HEADER_CHARACTER_WIDTH, MIN_COLUMN_WIDTH } from './grid-constants'

/**
 * The grid's data columns as the user arranged them (spec 1 §3 "Saved grid state": key, name, width,
 * frozen), in display order. Pure functions: the grid page keeps the list, the grid-state store saves it.
 */
export interface GridColumnState {
  key: string
  name: string
  width: number
  frozen: boolean
}

const NUMBER_FORMATS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money'])
const DATE_TIME_FORMATS = new Set(['date', 'time', 'timetz', 'timestamp', 'timestamptz'])

/** Spec 1 §9: numbers 120; date, time, datetime 150; boolean 120; enum 150; all others 250. */
export function typeDefaultWidth(column: Pick<PgColumn, 'format' | 'data_type' | 'enums'>): number {
  if (NUMBER_FORMATS.has(column.format)) return 120
  if (DATE_TIME_FORMATS.has(column.format)) return 150
  if (column.format === 'bool') return 120
  // An array of enums is shown as a list, so it is "other", not enum.
  if (column.enums.length > 0 && column.data_type !== 'ARRAY') return 150
  return 250
}

/**
 * The width a column starts with: its type's default, widened so the header (name and type, 9 px per
 * character) fits, and never under the minimum of 100.
 *
 * @example
 *   defaultColumnWidth({ name: 'id', format: 'int8', data_type: 'bigint', enums: [] }) // 120
 */
export function defaultColumnWidth(column: Pick<PgColumn, 'name' | 'format' | 'data_type' | 'enums'>): number {
  const byHeader = (column.name.length + column.format.length) * HEADER_CHARACTER_WIDTH
  return Math.max(MIN_COLUMN_WIDTH, typeDefaultWidth(column), byHeader)
}

/**
 * The column list when a table opens: saved columns that still exist keep their order, width and frozen
 * state (a renamed or dropped column is forgotten); columns added since come after, by position. Frozen
 * columns come first, as the grid shows them.
 */
export function initialGridColumns(
  columns: readonly PgColumn[],
  saved: readonly GridColumnState[] | undefined,
): GridColumnState[] {
  const byName = new Map(columns.map((c) => [c.name, c]))
  const result: GridColumnState[] = []
  const seen = new Set<string>()
  for (const s of saved ?? []) {
    const column = byName.get(s.key)
    if (!column || seen.has(s.key)) continue
    seen.add(s.key)
    result.push({ key: column.name, name: column.name, width: Math.max(MIN_COLUMN_WIDTH, s.width), frozen: s.frozen })
  }
  const added = columns.filter((c) => !seen.has(c.name)).sort((a, b) => a.ordinal_position - b.ordinal_position)
  for (const column of added) {
    result.push({ key: column.name, name: column.name, width: defaultColumnWidth(column), frozen: false })
  }
  return frozenFirst(result)
}

function frozenFirst(columns: GridColumnState[]): GridColumnState[] {
  return [...columns.filter((c) => c.frozen), ...columns.filter((c) => !c.frozen)]
}

/** Freezes a column (it joins the end of the frozen block) or unfreezes it (it starts the unfrozen part). */
export function setColumnFrozen(columns: readonly GridColumnState[], key: string, frozen: boolean): GridColumnState[] {
  const column = columns.find((c) => c.key === key)
  if (!column || column.frozen === frozen) return [...columns]
  const rest = columns.filter((c) => c.key !== key)
  const frozenPart = rest.filter((c) => c.frozen)
  const unfrozenPart = rest.filter((c) => !c.frozen)
  return frozen
    ? [...frozenPart, { ...column, frozen: true }, ...unfrozenPart]
    : [...frozenPart, { ...column, frozen: false }, ...unfrozenPart]
}

/**
 * Moves the dragged column to the target's place. Frozen columns cannot be dragged, and an unfrozen column
 * cannot be dropped into the frozen block (spec 1 §4); such moves leave the list unchanged.
 */
export function reorderColumns(
  columns: readonly GridColumnState[],
  sourceKey: string,
  targetKey: string,
): GridColumnState[] {
  const from = columns.findIndex((c) => c.key === sourceKey)
  const to = columns.findIndex((c) => c.key === targetKey)
  if (from < 0 || to < 0 || from === to) return [...columns]
  if (columns[from]!.frozen || columns[to]!.frozen) return [...columns]
  const next = [...columns]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

export function resizeColumn(columns: readonly GridColumnState[], key: string, width: number): GridColumnState[] {
  return columns.map((c) => (c.key === key ? { ...c, width: Math.max(MIN_COLUMN_WIDTH, Math.round(width)) } : c))
}
