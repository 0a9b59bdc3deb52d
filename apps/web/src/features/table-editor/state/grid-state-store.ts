import { z } from 'zod'
import { FILTER_OPERATORS, type Filter, type Sort } from '@basalt/sql'
import type { GridColumnState } from './grid-columns'

/**
 * The saved grid state (spec 1 §3): per project, one localStorage entry under a grid prefix plus the project
 * ref, holding a map by table id of the columns (key, name, width, frozen, in order), sorts and filters.
 */
export const GRID_STATE_PREFIX = 'basalt-grid-state-'
export const gridStateKey = (ref: string) => `${GRID_STATE_PREFIX}${ref}`

export interface SavedGridState {
  gridColumns: GridColumnState[]
  sorts: Sort[]
  filters: Filter[]
}

const operators = FILTER_OPERATORS.map((op) => op.operator) as [Filter['operator'], ...Filter['operator'][]]
const savedTableSchema = z.object({
  gridColumns: z
    .array(z.object({ key: z.string(), name: z.string(), width: z.number(), frozen: z.boolean() }))
    .catch([]),
  sorts: z
    .array(z.object({ column: z.string(), ascending: z.boolean(), nullsFirst: z.boolean().optional() }))
    .catch([]),
  filters: z.array(z.object({ column: z.string(), operator: z.enum(operators), value: z.string() })).catch([]),
})
const savedProjectSchema = z.record(z.string(), z.unknown())

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

function readProject(storage: Storage, ref: string): Record<string, unknown> {
  try {
    const raw = storage.getItem(gridStateKey(ref))
    if (!raw) return {}
    const parsed = savedProjectSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : {}
  } catch {
    // Corrupt JSON or storage unavailable: start from defaults rather than break the grid.
    return {}
  }
}

/** The saved state of one table, or null when nothing (valid) is saved. */
export function loadGridState(ref: string, tableId: number, storage: Storage = localStorage): SavedGridState | null {
  const entry = readProject(storage, ref)[String(tableId)]
  if (entry === undefined) return null
  const parsed = savedTableSchema.safeParse(entry)
  if (!parsed.success) return null
  const { gridColumns, sorts, filters } = parsed.data
  return {
    gridColumns,
    sorts: sorts.map((s) => (s.nullsFirst === undefined ? { column: s.column, ascending: s.ascending } : { ...s })),
    filters,
  }
}

/** Merges a change into a table's saved state, leaving other tables of the project untouched. */
export function saveGridState(
  ref: string,
  tableId: number,
  patch: Partial<SavedGridState>,
  storage: Storage = localStorage,
): void {
  const project = readProject(storage, ref)
  const current = loadGridState(ref, tableId, storage) ?? { gridColumns: [], sorts: [], filters: [] }
  project[String(tableId)] = { ...current, ...patch }
  try {
    storage.setItem(gridStateKey(ref), JSON.stringify(project))
  } catch {
    // Quota exceeded or private mode: the grid keeps working, it just will not remember.
  }
}

/**
 * Saves after a quiet period: each call replaces the pending change, so dragging a column edge writes once,
 * 500 ms after the last move (spec 1 §4 "Resize: saved after a 500 ms debounce").
 */
export function createDebouncedSave(delayMs: number, save: (patch: Partial<SavedGridState>) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: Partial<SavedGridState> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (pending) save(pending)
    pending = undefined
  }
  return {
    schedule(patch: Partial<SavedGridState>) {
      pending = { ...pending, ...patch }
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(flush, delayMs)
    },
    flush,
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      pending = undefined
    },
  }
}
