import { useMemo } from 'react'
import '../iterator-helpers'
import { DataGrid, SelectColumn, type Column } from 'react-data-grid'
import 'react-data-grid/lib/styles.css'
import './rows-grid.css'
import { Maximize2 } from 'lucide-react'
import type { PgColumn, TableRow } from '@basalt/contracts'
import type { GridColumnState } from '../state/grid-columns'
import { MIN_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from '../state/grid-constants'
import { ColumnHeader, type ForeignKeyTarget } from './column-header'
import { GridCell } from './grid-cell'

/**
 * The grid itself (react-data-grid): the select column first (with the Expand row button), then the data
 * columns in the user's order, frozen ones first; resizable, and draggable unless frozen (spec 1 §2, §4).
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
}) {
  const gridDefs = useMemo((): Column<TableRow>[] => {
    const byName = new Map(columns.map((c) => [c.name, c]))
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
            title="Expand row"
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
      return {
        key: gc.key,
        name: gc.name,
        width: gc.width,
        minWidth: MIN_COLUMN_WIDTH,
        resizable: true,
        frozen: gc.frozen,
        // Spec 1 §4: frozen columns cannot be dragged.
        draggable: !gc.frozen,
        renderHeaderCell: () => (
          <ColumnHeader
            name={gc.name}
            format={column?.format ?? ''}
            isPrimaryKey={primaryKeys.includes(gc.key)}
            foreignKey={foreignKey}
            frozen={gc.frozen}
            onFrozenChange={(frozen) => onFrozenChange(gc.key, frozen)}
          />
        ),
        renderCell: ({ row }) => (
          <GridCell
            projectRef={projectRef}
            value={row.data[gc.key]}
            truncated={row.truncated.includes(gc.key)}
            foreignKey={foreignKey}
          />
        ),
      }
    })
    return [select, ...data]
  }, [columns, gridColumns, foreignKeys, primaryKeys, projectRef, onExpandRow, onFrozenChange])

  return (
    <DataGrid
      className="basalt-grid"
      aria-label={label}
      columns={gridDefs}
      rows={rows}
      rowKeyGetter={(row) => row.idx}
      selectedRows={selectedRows}
      onSelectedRowsChange={onSelectedRowsChange}
      onColumnResize={(column, width) => onColumnResize(column.key, width)}
      onColumnsReorder={onColumnsReorder}
      rowHeight={34}
      headerRowHeight={38}
    />
  )
}
