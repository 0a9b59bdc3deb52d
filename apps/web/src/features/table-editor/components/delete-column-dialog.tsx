import { useState } from 'react'
import { toast } from 'sonner'
import { buildDropColumn } from '@basalt/sql'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { useDeleteColumn } from '../../../project/pg-meta/delete-column'
import { useTableDetails } from '../../../project/pg-meta/get-table-details'
import { CheckboxField } from './checkbox-field'
import { columnDeletedText, deleteColumnTitle, SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'
import { SqlError } from './sql-review'

/** Confirms deleting a column, showing the SQL that runs; with cascade, what depends on it goes too. */
export function DeleteColumnDialog({
  projectRef,
  tableId,
  columnName,
  onClose,
}: {
  projectRef: string
  tableId: number
  columnName: string
  onClose: () => void
}) {
  const table = useTableDetails(projectRef, tableId)
  const [cascade, setCascade] = useState(false)
  const remove = useDeleteColumn(projectRef)
  const column = table.data?.columns?.find((c) => c.name === columnName)
  const title = deleteColumnTitle(columnName, table.data?.name ?? '')

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">{SCHEMA_EDITOR_MESSAGES.deleteColumnDescription}</p>
        <CheckboxField label={SCHEMA_EDITOR_MESSAGES.cascadeColumn} checked={cascade} onChange={setCascade} />
        {table.data && (
          <pre
            aria-label={SCHEMA_EDITOR_MESSAGES.sqlLabel}
            className="overflow-auto rounded-md border border-border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap"
          >
            {buildDropColumn({ table: table.data, column: columnName, cascade })}
          </pre>
        )}
        {(remove.error ?? table.error) && <SqlError error={remove.error ?? table.error} />}
      </div>
      <DialogFooter>
        <Button onClick={onClose}>{SCHEMA_EDITOR_MESSAGES.cancel}</Button>
        <Button
          variant="danger"
          disabled={!column}
          loading={remove.isPending}
          onClick={() =>
            column &&
            remove.mutate(
              { id: column.id, cascade },
              {
                onSuccess: (deleted) => {
                  toast.success(columnDeletedText(deleted.name))
                  onClose()
                },
              },
            )
          }
        >
          {SCHEMA_EDITOR_MESSAGES.deleteColumn}
        </Button>
      </DialogFooter>
    </Dialog>
  )
}
