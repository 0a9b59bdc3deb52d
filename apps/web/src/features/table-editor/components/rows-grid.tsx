import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { DataGrid, SelectColumn, type Column } from '../../../ui/data-grid/data-grid'
import { Maximize2, Plus } from 'lucide-react'
import type { PgColumn, TableRow } from '@basalt/contracts'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { editorKindOf, opensOnClick } from '../state/cell-editing'
import { filterValueOf } from '../state/cell-value'
import { foreignKeyHref } from '../state/url-state'
import type { GridColumnState } from '../state/grid-columns'
import { MIN_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from '../state/grid-constants'
import { CellEditor, type GridEditing } from './cell-editors/cell-editor'
import type { ForeignKeyTarget } from '../state/foreign-key-map'
import { ColumnHeader, ColumnMenuContext } from './column-header'
import { GridCell } from './grid-cell'
import { GRID_KEYS, GridShortcutsDialog } from './grid-shortcuts'
import { RowContextMenu, type ContextCell, type RowMenuActions } from './row-context-menu'

/** The add-column cell's key: a NUL character keeps it apart from every real column name. */
const ADD_COLUMN_KEY = '\u0000add-column'
/** Spec 1 §9: the add-column cell is 100 px wide. */
const ADD_COLUMN_WIDTH = 100

/**
 * The grid itself (react-data-grid): the select column first (with the Expand row button), then the data
 * columns in the user's order, frozen ones first, then the add-column cell when the user may write; resizable,
 * and draggable unless frozen (spec 1 §2, §4). With `editing`, cells open their editors (text and JSON on a
 * click, the others on a double click or Enter) and the row menu offers writes.
 */
export function RowsGrid({
  projectRef,
  label,
  rows,
  gridColumns,
  columns,
  primaryKeys,
  foreignKeys,
  selectedRows,
  onSelectedRowsChange,
  onExpandRow,
  onColumnResize,
  onColumnsReorder,
  onFrozenChange,
  editing,
  onAddColumn,
  onEditColumn,
  onDeleteColumn,
  rowMenu,
}: {
  projectRef: string
  label: string
  rows: readonly TableRow[]
  gridColumns: readonly GridColumnState[]
  columns: readonly PgColumn[]
  primaryKeys: readonly string[]
  foreignKeys: ReadonlyMap<string, ForeignKeyTarget>
  selectedRows: ReadonlySet<number>
  onSelectedRowsChange: (keys: Set<number>) => void
  onExpandRow: (idx: number) => void
  onColumnResize: (key: string, width: number) => void
  onColumnsReorder: (sourceKey: string, targetKey: string) => void
  onFrozenChange: (key: string, frozen: boolean) => void
  /** Absent: the grid is read-only (no write permission, a view, a protected schema). */
  editing?: GridEditing
  /** The add-column header cell; absent when columns cannot be added. */
  onAddColumn?: () => void
  /** The column menu's Edit column and Delete column; absent when the table cannot be changed. */
  onEditColumn?: (name: string) => void
  onDeleteColumn?: (name: string) => void
  rowMenu: RowMenuActions
}) {
  const byName = useMemo(() => new Map(columns.map((c) => [c.name, c])), [columns])
  const navigate = useNavigate()
  // The column whose menu is open: its button opens it, and so do keys on its header (onCellKeyDown).
  const [menuColumn, setMenuColumn] = useState<string | null>(null)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)

  const gridDefs = useMemo((): Column<TableRow>[] => {
    const select: Column<TableRow> = {
      ...SelectColumn,
      width: SELECT_COLUMN_WIDTH,
      minWidth: SELECT_COLUMN_WIDTH,
      maxWidth: SELECT_COLUMN_WIDTH,
      renderCell: (props) => (
        <div className="flex h-full items-center justify-between gap-1">
          {SelectColumn.renderCell?.(props)}
          <button
            type="button"
            aria-label="Expand row"
            title={`Expand row (${GRID_KEYS.expandRow})`}
            tabIndex={props.tabIndex}
            className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            onClick={() => onExpandRow(props.row.idx)}
          >
            <Maximize2 aria-hidden className="size-3.5" />
          </button>
        </div>
      ),
    }
    const data = gridColumns.map((gc): Column<TableRow> => {
      const column = byName.get(gc.key)
      const foreignKey = foreignKeys.get(gc.key)
      const kind = column ? editorKindOf(column) : 'text'
      const inline = column && editing ? editing.editability(column).inline : false
      return {
        key: gc.key,
        name: gc.name,
        width: gc.width,
        minWidth: MIN_COLUMN_WIDTH,
        resizable: true,
        frozen: gc.frozen,
        // Spec 1 §4: frozen columns cannot be dragged.
        draggable: !gc.frozen,
        renderHeaderCell: ({ tabIndex }) => (
          <ColumnHeader
            tabIndex={tabIndex}
            name={gc.name}
            format={column?.format ?? ''}
            isPrimaryKey={primaryKeys.includes(gc.key)}
            foreignKey={foreignKey}
            frozen={gc.frozen}
            onFrozenChange={(frozen) => onFrozenChange(gc.key, frozen)}
            onEditColumn={onEditColumn && (() => onEditColumn(gc.key))}
            onDeleteColumn={onDeleteColumn && (() => onDeleteColumn(gc.key))}
          />
        ),
        renderCell: ({ row, tabIndex }) => (
          <GridCell
            tabIndex={tabIndex}
            projectRef={projectRef}
            value={row.data[gc.key]}
            truncated={row.truncated.includes(gc.key)}
            foreignKey={foreignKey}
          />
        ),
        ...(editing && column
          ? {
              renderEditCell: ({ row, onClose }) => (
                <CellEditor column={column} row={row} editing={editing} onClose={() => onClose(false, true)} />
              ),
              editorOptions: {
                // Editors save or cancel themselves: a click outside is "leave", handled by each editor.
                commitOnOutsideClick: false,
                // Popups (text, JSON, arrays, notices) float over the cell, which keeps showing its value.
                displayCellContent: opensOnClick(kind) || !inline,
              },
            }
          : {}),
      }
    })
    const addColumn: Column<TableRow>[] = onAddColumn
      ? [
          {
            key: ADD_COLUMN_KEY,
            name: '',
            width: ADD_COLUMN_WIDTH,
            minWidth: ADD_COLUMN_WIDTH,
            maxWidth: ADD_COLUMN_WIDTH,
            resizable: false,
            draggable: false,
            renderHeaderCell: ({ tabIndex }) => (
              <button
                type="button"
                tabIndex={tabIndex}
                aria-label={TABLE_EDITOR_MESSAGES.addColumn}
                title={TABLE_EDITOR_MESSAGES.addColumn}
                className="flex size-full items-center justify-center text-muted-foreground hover:bg-muted hover:text-foreground"
                onClick={onAddColumn}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            ),
            renderCell: () => null,
          },
        ]
      : []
    return [select, ...data, ...addColumn]
  }, [
    byName,
    gridColumns,
    foreignKeys,
    primaryKeys,
    projectRef,
    onExpandRow,
    onFrozenChange,
    editing,
    onAddColumn,
    onEditColumn,
    onDeleteColumn,
  ])

  // The cell a right click landed on, read by the row menu as it opens (react-data-grid reports the cell
  // before the event reaches the menu's trigger).
  const contextCell = useRef<ContextCell | null>(null)
  const columnMenu = useMemo(() => ({ openColumn: menuColumn, setOpenColumn: setMenuColumn }), [menuColumn])

  return (
    <ColumnMenuContext.Provider value={columnMenu}>
      <RowContextMenu
        takeCell={() => {
          const cell = contextCell.current
          contextCell.current = null
          return cell
        }}
        actions={rowMenu}
      >
        <DataGrid
          aria-label={label}
          aria-description={TABLE_EDITOR_MESSAGES.gridKeysHint}
          columns={gridDefs}
          rows={rows}
          rowKeyGetter={(row) => row.idx}
          selectedRows={selectedRows}
          onSelectedRowsChange={onSelectedRowsChange}
          onColumnResize={(column, width) => onColumnResize(column.key, width)}
          onColumnsReorder={onColumnsReorder}
          onCellClick={({ column, setActivePosition }) => {
            const pgColumn = byName.get(column.key)
            // Spec 1 §2: text and JSON cells open on click.
            if (editing && pgColumn && opensOnClick(editorKindOf(pgColumn))) setActivePosition(true)
          }}
          onCellKeyDown={(args, event) => {
            // The grid's own keys (docs/accessibility.md, the '?' sheet); an editor's keys are its own.
            // (Tab leaves the grid: ui/data-grid makes every grid one tab stop.)
            if (args.mode !== 'ACTIVE' || !args.column) return
            const key = args.column.key
            const handled = () => {
              event.preventGridDefault()
              event.preventDefault()
            }
            if (event.key === '?') {
              handled()
              setShortcutsOpen(true)
            } else if (args.rowIdx < 0) {
              // A column header: Enter, the context-menu key or Shift+F10 open its menu; Enter on '+' adds a column.
              const opensMenu =
                event.key === 'Enter' || event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)
              if (!opensMenu) return
              if (key === ADD_COLUMN_KEY) {
                handled()
                if (event.key === 'Enter') onAddColumn?.()
              } else if (byName.has(key)) {
                handled()
                setMenuColumn(key)
              }
            } else if (args.row && event.key === 'Enter' && event.shiftKey) {
              handled()
              onExpandRow(args.row.idx)
            } else if (args.row && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              const foreignKey = foreignKeys.get(key)
              const value = args.row.data[key]
              if (!foreignKey || value === null || value === undefined) return
              handled()
              navigate(
                foreignKeyHref(projectRef, foreignKey.targetTableId, foreignKey.targetColumn, filterValueOf(value)),
              )
            }
          }}
          onCellContextMenu={({ row, column }) => {
            const pgColumn = byName.get(column.key)
            contextCell.current = pgColumn ? { row, column: pgColumn } : null
          }}
          rowHeight={34}
          headerRowHeight={38}
        />
        <GridShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      </RowContextMenu>
    </ColumnMenuContext.Provider>
  )
}
