import { createContext, useContext, useState } from 'react'
import { ChevronDown, KeyRound, Link2 } from 'lucide-react'
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../ui/dropdown-menu'
import type { ForeignKeyTarget } from '../state/foreign-key-map'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

/**
 * Which column's menu is open, for the grid to open one from a key on its header (rows-grid). A context, not
 * a column prop: new column definitions would make react-data-grid take the focus back to the header cell.
 */
export const ColumnMenuContext = createContext<{
  openColumn: string | null
  setOpenColumn: (column: string | null) => void
} | null>(null)

/**
 * A data column's header: name, type, key icons and the column menu (spec 1 §2): Edit column, Freeze /
 * Unfreeze column, Delete column. The two schema actions are there only when the grid passes them (the
 * user may write and the table can be changed).
 */
export function ColumnHeader({
  name,
  format,
  isPrimaryKey,
  foreignKey,
  frozen,
  onFrozenChange,
  onEditColumn,
  onDeleteColumn,
  tabIndex,
}: {
  name: string
  format: string
  isPrimaryKey: boolean
  foreignKey: ForeignKeyTarget | undefined
  frozen: boolean
  onFrozenChange: (frozen: boolean) => void
  /** Opens the column panel on this column; absent when the table cannot be changed. */
  onEditColumn?: () => void
  /** Asks to delete this column; absent when the table cannot be changed. */
  onDeleteColumn?: () => void
  /** The grid's roving tab index: the menu button is a tab stop only while its header is the active cell. */
  tabIndex?: number
}) {
  const menu = useContext(ColumnMenuContext)
  const [ownOpen, setOwnOpen] = useState(false)
  const open = menu ? menu.openColumn === name : ownOpen
  const setOpen = (next: boolean) => (menu ? menu.setOpenColumn(next ? name : null) : setOwnOpen(next))
  return (
    <div className="flex h-full items-center gap-1.5">
      {isPrimaryKey && <KeyRound role="img" aria-label="Primary key" className="size-3.5 shrink-0 text-warning" />}
      {foreignKey && (
        <Link2
          role="img"
          aria-label={`Foreign key to ${foreignKey.targetSchema}.${foreignKey.targetTable}.${foreignKey.targetColumn}`}
          className="size-3.5 shrink-0 text-brand"
        />
      )}
      <span className="min-w-0 truncate font-medium">{name}</span>
      <span className="min-w-0 shrink-[4] truncate text-xs font-normal text-muted-foreground">{format}</span>
      <span className="ml-auto" />
      <DropdownMenu
        label={`${name} column`}
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={`Column ${name} menu`}
            title={TABLE_EDITOR_MESSAGES.columnMenuHint}
            className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            onPointerDown={(e) => e.stopPropagation()}
            // The context-menu key and Shift+F10 (a contextmenu event, or only the key in some browsers) open
            // this column's menu rather than the grid's row menu.
            onContextMenu={(e) => {
              e.preventDefault()
              e.stopPropagation()
              setOpen(true)
            }}
            onKeyDown={(e) => {
              if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
                e.preventDefault()
                setOpen(true)
              } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                // In the grid the arrows move between cells (react-data-grid), not open the menu (Radix).
                e.preventDefault()
              }
            }}
          >
            <ChevronDown aria-hidden className="size-3.5" />
          </button>
        }
      >
        {onEditColumn && (
          <DropdownMenuItem onSelect={onEditColumn}>{SCHEMA_EDITOR_MESSAGES.editColumn}</DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onFrozenChange(!frozen)}>
          {frozen ? 'Unfreeze column' : 'Freeze column'}
        </DropdownMenuItem>
        {onDeleteColumn && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onDeleteColumn}>{SCHEMA_EDITOR_MESSAGES.deleteColumn}</DropdownMenuItem>
          </>
        )}
      </DropdownMenu>
    </div>
  )
}
