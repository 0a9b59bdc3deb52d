import { ChevronDown, KeyRound, Link2 } from 'lucide-react'
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../ui/dropdown-menu'
import type { ForeignKeyTarget } from '../state/foreign-key-map'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

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
}) {
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
        trigger={
          <button
            type="button"
            aria-label={`Column ${name} menu`}
            className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            onPointerDown={(e) => e.stopPropagation()}
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
