import { useId, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { toast } from 'sonner'
import { buildDropTable } from '@basalt/sql'
import { ErrorState } from '../../../ui/empty-state'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { errorMessage } from '../../../lib/format'
import { useDeleteTable } from '../../../project/pg-meta/delete-table'
import { useTableDetails } from '../../../project/pg-meta/get-table-details'
import { SCHEMA_EDITOR_MESSAGES, deleteTableTitle, tableDeletedText } from './schema-editor-messages'

/**
 * Deletes a table after the user types its name (spec 2 §5 type-to-confirm), showing the SQL that runs;
 * with cascade, what depends on it goes too. Leaves the table's page when it was open.
 */
export function DeleteTableDialog({
  projectRef,
  tableId,
  onClose,
}: {
  projectRef: string
  tableId: number
  onClose: () => void
}) {
  const table = useTableDetails(projectRef, tableId)
  const [cascade, setCascade] = useState(false)
  const cascadeId = useId()
  const remove = useDeleteTable(projectRef)
  const navigate = useNavigate()
  const { tableId: openTableId } = useParams()

  if (table.error) {
    return <ErrorState title={SCHEMA_EDITOR_MESSAGES.loadFailed} error={table.error} />
  }
  if (!table.data) return null
  const sql = buildDropTable({ table: table.data, cascade })
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={deleteTableTitle(table.data.name)}
      description={
        <>
          <span className="block">{SCHEMA_EDITOR_MESSAGES.deleteTableDescription}</span>
          <span className="mt-3 flex items-start gap-2 text-foreground">
            <input
              id={cascadeId}
              type="checkbox"
              checked={cascade}
              onChange={(e) => setCascade(e.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            <label htmlFor={cascadeId}>{SCHEMA_EDITOR_MESSAGES.cascadeTable}</label>
          </span>
          <code
            aria-label={SCHEMA_EDITOR_MESSAGES.sqlLabel}
            className="mt-3 block rounded-md border border-border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap text-foreground"
          >
            {sql}
          </code>
        </>
      }
      typeToConfirm={table.data.name}
      confirmLabel={SCHEMA_EDITOR_MESSAGES.deleteTable}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() =>
        remove.mutate(
          { id: tableId, cascade },
          {
            onSuccess: (deleted) => {
              toast.success(tableDeletedText(deleted.name))
              if (openTableId === String(tableId)) void navigate(`/project/${encodeURIComponent(projectRef)}/editor`)
              onClose()
            },
          },
        )
      }
    />
  )
}
