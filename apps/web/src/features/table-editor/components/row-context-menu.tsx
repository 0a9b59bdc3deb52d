import { useState, type ReactNode } from 'react'
import { ContextMenu } from 'radix-ui'
import { Copy, Pencil, Trash2 } from 'lucide-react'
import type { PgColumn, TableRow } from '@basalt/contracts'
import { MENU_ITEM } from '../../../ui/dropdown-menu'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'

export interface ContextCell {
  row: TableRow
  column: PgColumn
}

export interface RowMenuActions {
  onCopyCell: (cell: ContextCell) => void
  /** Absent without write permission: the menu then only copies. */
  onEditRow?: (row: TableRow) => void
  onDeleteRow?: (row: TableRow) => void
}

/**
 * The row right-click menu (spec 1 §2): Copy cell content, Edit row, Delete row. It opens on data cells only;
 * `takeCell` says which cell the click landed on.
 */
export function RowContextMenu({
  children,
  takeCell,
  actions,
}: {
  children: ReactNode
  takeCell: () => ContextCell | null
  actions: RowMenuActions
}) {
  const [cell, setCell] = useState<ContextCell | null>(null)
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger
        asChild
        onContextMenu={(event) => {
          const target = takeCell()
          // Headers, the select column and empty space keep no menu at all.
          if (!target) event.preventDefault()
          setCell(target)
        }}
      >
        <div className="size-full">{children}</div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content
          aria-label="Row menu"
          className="z-50 min-w-48 rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          {cell && (
            <>
              <ContextMenu.Item className={MENU_ITEM} onSelect={() => actions.onCopyCell(cell)}>
                <Copy aria-hidden className="size-3.5" />
                {M.copyCellContent}
              </ContextMenu.Item>
              {actions.onEditRow && (
                <ContextMenu.Item className={MENU_ITEM} onSelect={() => actions.onEditRow?.(cell.row)}>
                  <Pencil aria-hidden className="size-3.5" />
                  {M.editRow}
                </ContextMenu.Item>
              )}
              {actions.onDeleteRow && (
                <>
                  <ContextMenu.Separator className="my-1 h-px bg-border" />
                  <ContextMenu.Item
                    className={`${MENU_ITEM} text-destructive`}
                    onSelect={() => actions.onDeleteRow?.(cell.row)}
                  >
                    <Trash2 aria-hidden className="size-3.5" />
                    {M.deleteRow}
                  </ContextMenu.Item>
                </>
              )}
            </>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}
