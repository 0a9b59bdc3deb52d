import { Popover } from 'radix-ui'
import type { PgColumn, TableRow } from '@basalt/contracts'
import { TABLE_EDITOR_MESSAGES as M } from '../../messages'
import { cellText } from '../../../../ui/data-grid/cell-text'

/**
 * Opened instead of an editor on a cell that cannot be edited inline: why (no primary key, encrypted,
 * primary key, generated), and the value to read or copy — except an encrypted one.
 */
export function CellNotice({
  column,
  row,
  reason,
  onClose,
}: {
  column: PgColumn
  row: TableRow
  reason: string
  onClose: () => void
}) {
  const text = reason === M.encryptedColumn ? null : cellText(row.data[column.name])
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor data-cell-popup className="absolute inset-0" />
      <Popover.Portal>
        <Popover.Content
          role="dialog"
          aria-label={`${column.name} cannot be edited here`}
          align="start"
          sideOffset={4}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] space-y-2 rounded-md border border-border bg-surface-raised p-3 text-sm shadow-lg focus:outline-none"
        >
          <p role="alert" className="text-muted-foreground">
            {reason}
          </p>
          {text !== null && (
            <pre className="max-h-48 overflow-auto rounded border border-border bg-muted/50 px-2 py-1.5 font-mono text-xs whitespace-pre-wrap break-all">
              {text}
            </pre>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
