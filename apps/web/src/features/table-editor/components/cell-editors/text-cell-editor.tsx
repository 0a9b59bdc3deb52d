import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { Dialog, Popover } from 'radix-ui'
import { DialogContent } from '../../../../ui/dialog'
import { Maximize2, X } from 'lucide-react'
import type { CellInput, PgColumn, TableRow } from '@basalt/contracts'
import { Button } from '../../../../ui/button'
import { errorMessage } from '../../../../lib/format'
import { useTableCell } from '../../api/get-table-cell'
import { TABLE_EDITOR_MESSAGES as M } from '../../messages'
import { editorKindOf, editorText } from '../../state/cell-editing'
import { primaryKeyValue } from '../../state/cell-value'
import type { GridEditing } from './cell-editor'
import { useEditorSession } from './use-editor-session'

const TEXTAREA =
  'w-full resize-none rounded-md border border-input bg-background px-2.5 py-2 font-mono text-xs text-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-[invalid=true]:border-destructive'

/**
 * Text, JSON and array cells (spec 1 §2): a popup over the cell, opened on click. Enter saves, Shift+Enter
 * starts a new line, Escape cancels, and the expand button moves the same draft to a larger editor. A value
 * the grid holds truncated is loaded whole first, so a save never writes back the preview.
 */
export function TextCellEditor({
  column,
  row,
  editing,
  onSave,
  onClose,
}: {
  column: PgColumn
  row: TableRow
  editing: GridEditing
  onSave: (value: CellInput) => void
  onClose: () => void
}) {
  const truncated = row.truncated.includes(column.name)
  const full = useTableCell(
    editing.projectRef,
    {
      schema: editing.schema,
      table: editing.table,
      column: column.name,
      primaryKey: Object.fromEntries(editing.primaryKeys.map((k) => [k, primaryKeyValue(row.data[k])])),
      impersonation: editing.impersonation,
    },
    { enabled: truncated },
  )
  const kind = editorKindOf(column)
  if (truncated && !full.data) {
    return (
      <PopupFrame column={column} onDismiss={onClose}>
        <p role={full.error ? 'alert' : 'status'} className="text-xs text-muted-foreground">
          {full.error ? `${M.fullValueError}: ${errorMessage(full.error)}` : M.loadingFullValue}
        </p>
      </PopupFrame>
    )
  }
  const value = truncated && full.data ? full.data.value : row.data[column.name]
  return <TextEditorSession column={column} initialText={editorText(kind, value)} onSave={onSave} onClose={onClose} />
}

function TextEditorSession({
  column,
  initialText,
  onSave,
  onClose,
}: {
  column: PgColumn
  initialText: string
  onSave: (value: CellInput) => void
  onClose: () => void
}) {
  const session = useEditorSession({ column, initialText, onSave, onClose })
  const [expanded, setExpanded] = useState(false)

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // The grid must not act on keys typed into the editor (arrows, Enter, Tab, letters).
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      session.cancel()
    } else if (event.key === 'Enter' && (expanded ? event.metaKey || event.ctrlKey : !event.shiftKey)) {
      // The larger editor is for long text: there Enter adds a line and Ctrl/Cmd+Enter saves.
      event.preventDefault()
      session.save()
    }
  }

  const body = (rows: number) => (
    <>
      <textarea
        aria-label={column.name}
        aria-invalid={session.error ? true : undefined}
        autoFocus
        rows={rows}
        spellCheck={false}
        className={TEXTAREA}
        value={session.text}
        onChange={(e) => session.setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {session.error && (
        <p role="alert" className="text-xs text-destructive">
          {session.error}
        </p>
      )}
    </>
  )

  const actions = (
    <div className="flex items-center justify-end gap-2">
      {column.is_nullable && (
        <Button size="sm" variant="ghost" className="mr-auto" onClick={() => session.save({ value: null })}>
          {M.setNull}
        </Button>
      )}
      <Button size="sm" onClick={session.cancel}>
        {M.cancel}
      </Button>
      <Button size="sm" variant="primary" onClick={() => session.save()}>
        {M.save}
      </Button>
    </div>
  )

  if (expanded) {
    return (
      <Dialog.Root open onOpenChange={(open) => !open && session.cancel()}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
          <DialogContent
            aria-describedby={undefined}
            onKeyDown={(e) => e.stopPropagation()}
            className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg border border-border bg-surface-raised p-5 shadow-xl focus:outline-none"
          >
            <div className="flex items-center justify-between gap-4">
              <Dialog.Title className="text-base font-semibold">
                {column.name} <span className="text-sm font-normal text-muted-foreground">{column.format}</span>
              </Dialog.Title>
              <Dialog.Close aria-label="Close" className="rounded-md p-1 text-muted-foreground hover:bg-muted">
                <X aria-hidden className="size-4" />
              </Dialog.Close>
            </div>
            {body(20)}
            <p className="text-xs text-muted-foreground">{M.expandedEditorHint}</p>
            {actions}
          </DialogContent>
        </Dialog.Portal>
      </Dialog.Root>
    )
  }

  return (
    <PopupFrame column={column} onDismiss={session.leave} onEscape={session.cancel}>
      {body(6)}
      <p className="text-xs text-muted-foreground">{M.popupEditorHint}</p>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-label={M.expandEditor}
          title={M.expandEditor}
          onClick={() => setExpanded(true)}
        >
          <Maximize2 aria-hidden className="size-3.5" />
        </Button>
        <div className="flex-1">{actions}</div>
      </div>
    </PopupFrame>
  )
}

/** The popup over the cell; a click outside it leaves the editor. */
function PopupFrame({
  column,
  children,
  onDismiss,
  onEscape,
}: {
  column: PgColumn
  children: ReactNode
  onDismiss: () => void
  onEscape?: () => void
}) {
  return (
    <Popover.Root open>
      <Popover.Anchor data-cell-popup className="absolute inset-0" />
      <Popover.Portal>
        <Popover.Content
          role="dialog"
          aria-label={`Edit ${column.name}`}
          align="start"
          side="bottom"
          sideOffset={-34}
          avoidCollisions
          className="z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-md border border-border bg-surface-raised p-2 shadow-lg focus:outline-none"
          onEscapeKeyDown={(e) => {
            e.preventDefault()
            ;(onEscape ?? onDismiss)()
          }}
          onInteractOutside={onDismiss}
          // Keys pressed in the popup (Enter on a button included) are not the grid's.
          onKeyDown={(e) => e.stopPropagation()}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
