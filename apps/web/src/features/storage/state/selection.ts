/**
 * The explorer's checkbox selection (spec 3 §4): items of one column, by path; a click toggles one, a
 * shift-click selects the range from the last clicked item, select-all toggles every file of the column.
 * Folders are selected by path as files are; the column is the folder they are in.
 */
export interface SelectionState {
  /** The folder (prefix) whose items are selected; the selection never spans two columns. */
  prefix: string | null
  paths: readonly string[]
  /** The last item clicked without shift, the range's start. */
  anchor: string | null
}

export const EMPTY_SELECTION: SelectionState = { prefix: null, paths: [], anchor: null }

/** A click on an item's checkbox; `order` is the column's items in the order shown. */
export function toggleItem(
  state: SelectionState,
  prefix: string,
  path: string,
  order: readonly string[],
  shift: boolean,
): SelectionState {
  const base = state.prefix === prefix ? state : { ...EMPTY_SELECTION, prefix }
  if (shift && base.anchor !== null) {
    const from = order.indexOf(base.anchor)
    const to = order.indexOf(path)
    if (from >= 0 && to >= 0) {
      const range = order.slice(Math.min(from, to), Math.max(from, to) + 1)
      const paths = [...base.paths, ...range.filter((p) => !base.paths.includes(p))]
      return { prefix, paths, anchor: base.anchor }
    }
  }
  const selected = base.paths.includes(path)
  const paths = selected ? base.paths.filter((p) => p !== path) : [...base.paths, path]
  return paths.length === 0 ? EMPTY_SELECTION : { prefix, paths, anchor: path }
}

/** 'Select all N files': every file of the column, or none when all already are. */
export function toggleAll(state: SelectionState, prefix: string, files: readonly string[]): SelectionState {
  const current = state.prefix === prefix ? state.paths : []
  const all = files.length > 0 && files.every((p) => current.includes(p))
  if (all || files.length === 0) return EMPTY_SELECTION
  return { prefix, paths: [...files], anchor: null }
}

/** Drops the selected paths that are no longer shown (deleted, moved, a reload). */
export function keepShown(state: SelectionState, shown: ReadonlySet<string>): SelectionState {
  const paths = state.paths.filter((p) => shown.has(p))
  if (paths.length === state.paths.length) return state
  return paths.length === 0 ? EMPTY_SELECTION : { ...state, paths }
}
