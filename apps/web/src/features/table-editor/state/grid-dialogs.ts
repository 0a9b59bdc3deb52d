import type { TableRow } from '@basalt/contracts'

/**
 * The one dialog or panel the grid has open, if any: the row editor (inserting, or editing a row), the
 * confirmation of a row's deletion, the CSV import, a row shown read-only, or the confirmation of a page
 * change that clears the selection (spec 1 §2, §4).
 */
export type GridDialog =
  | { kind: 'none' }
  | { kind: 'insert-row' }
  | { kind: 'edit-row'; row: TableRow }
  | { kind: 'delete-row'; row: TableRow }
  | { kind: 'import-csv' }
  | { kind: 'view-row'; idx: number }
  | { kind: 'change-page'; page: number }

export const NO_DIALOG: GridDialog = { kind: 'none' }

/**
 * What Expand row opens (spec 1 §2): the row editor when the row can be edited (the table is writable and
 * has a primary key, and the row is loaded), the read-only panel otherwise.
 */
export function expandRow(
  idx: number,
  rows: readonly TableRow[],
  editable: { writable: boolean; hasPrimaryKey: boolean },
): GridDialog {
  const row = editable.writable && editable.hasPrimaryKey ? rows.find((r) => r.idx === idx) : undefined
  return row ? { kind: 'edit-row', row } : { kind: 'view-row', idx }
}

/** The row the read-only panel shows, while it is still loaded. */
export function viewedRow(dialog: GridDialog, rows: readonly TableRow[]): TableRow | undefined {
  return dialog.kind === 'view-row' ? rows.find((r) => r.idx === dialog.idx) : undefined
}
