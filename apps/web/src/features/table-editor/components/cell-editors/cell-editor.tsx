import type { CellInput, PgColumn, TableRow } from '@basalt/contracts'
import { editorKindOf, type Editability } from '../../state/cell-editing'
import type { ImpersonationParam } from '../../../../project/role-impersonation/role-impersonation-store'
import { CellNotice } from './cell-notice'
import { ChoiceCellEditor, InputCellEditor } from './inline-cell-editors'
import { TextCellEditor } from './text-cell-editor'

/** What the grid's editors need from the table: where to load whole values, and how to save one. */
export interface GridEditing {
  projectRef: string
  schema: string
  table: string
  primaryKeys: readonly string[]
  impersonation: ImpersonationParam | undefined
  editability: (column: PgColumn) => Editability
  /** Shows the value at once and queues its write. */
  saveCell: (row: TableRow, column: PgColumn, value: CellInput) => void
}

/**
 * The editor of one cell (react-data-grid's edit cell), chosen by the column's type (spec 1 §2, §5): text,
 * JSON and arrays in a popup with an expand button; booleans and enums as a choice; numbers, dates, times and
 * uuids in the cell. Cells that cannot be edited inline say why instead.
 */
export function CellEditor({
  column,
  row,
  editing,
  onClose,
}: {
  column: PgColumn
  row: TableRow
  editing: GridEditing
  onClose: () => void
}) {
  const editability = editing.editability(column)
  if (!editability.inline) {
    return <CellNotice column={column} row={row} reason={editability.reason} onClose={onClose} />
  }
  const onSave = (value: CellInput) => editing.saveCell(row, column, value)
  const kind = editorKindOf(column)
  if (kind === 'text' || kind === 'json' || kind === 'array') {
    return <TextCellEditor column={column} row={row} editing={editing} onSave={onSave} onClose={onClose} />
  }
  if (kind === 'boolean' || kind === 'enum') {
    return <ChoiceCellEditor column={column} value={row.data[column.name]} onSave={onSave} onClose={onClose} />
  }
  return <InputCellEditor column={column} value={row.data[column.name]} onSave={onSave} onClose={onClose} />
}
