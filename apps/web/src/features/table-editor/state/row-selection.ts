/**
 * Row selection (spec 1 §4): none, some rows (by row idx), or all rows of the table across pages — the
 * last only offered when the total exceeds the loaded rows.
 */
export type RowSelection =
  { kind: 'none' } | { kind: 'some'; keys: ReadonlySet<number> } | { kind: 'all'; total: number }

export const NO_SELECTION: RowSelection = { kind: 'none' }

/** From the grid's selected keys (a checkbox click): leaves "all rows" for an explicit set. */
export function selectionFromKeys(keys: ReadonlySet<number>): RowSelection {
  return keys.size === 0 ? NO_SELECTION : { kind: 'some', keys: new Set(keys) }
}

/** The keys the grid shows as checked. */
export function selectedKeys(selection: RowSelection, loadedKeys: readonly number[]): ReadonlySet<number> {
  if (selection.kind === 'none') return new Set()
  if (selection.kind === 'all') return new Set(loadedKeys)
  return selection.keys
}

export function selectedCount(selection: RowSelection): number {
  if (selection.kind === 'none') return 0
  if (selection.kind === 'all') return selection.total
  return selection.keys.size
}

/** Whether to offer "Select all N rows": every loaded row is selected and the table has more. */
export function canSelectAll(selection: RowSelection, loadedKeys: readonly number[], total: number | undefined) {
  if (selection.kind !== 'some' || total === undefined || total <= loadedKeys.length) return false
  return loadedKeys.length > 0 && loadedKeys.every((k) => selection.keys.has(k))
}
