import './iterator-helpers'
import { DataGrid as ReactDataGrid, type DataGridProps } from 'react-data-grid'
import type { Key } from 'react'
import 'react-data-grid/lib/styles.css'
import './data-grid.css'
import { cn } from '../../lib/cn'

export { SelectColumn } from 'react-data-grid'
export type { Column, DataGridHandle, RenderCellProps, RenderEditCellProps } from 'react-data-grid'

/**
 * react-data-grid (an ARIA grid: virtualised rows, resizable and draggable columns, frozen columns, cell
 * editors) in Basalt's theme, light and dark. Every grid of the app goes through this one, so that the
 * iterator polyfill it needs is loaded with it and its look stays the same everywhere.
 *
 * @example
 *   <DataGrid aria-label="Rows of public.todos" columns={columns} rows={rows} rowKeyGetter={(r) => r.idx} />
 */
export function DataGrid<R, SR = unknown, K extends Key = Key>({
  className,
  onCellKeyDown,
  ...props
}: DataGridProps<R, SR, K>) {
  return (
    <ReactDataGrid<R, SR, K>
      className={cn('basalt-grid', className)}
      onCellKeyDown={(args, event) => {
        // Every grid is one tab stop (docs/accessibility.md): Tab leaves it for what follows instead of walking
        // its cells — a 100,000-row result would otherwise hold the keyboard — and comes back to the same
        // active cell. An open editor keeps its own Tab.
        if (event.key === 'Tab' && args.mode === 'ACTIVE') {
          event.preventGridDefault()
          return
        }
        onCellKeyDown?.(args, event)
      }}
      {...props}
    />
  )
}
