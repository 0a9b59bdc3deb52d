import { useQueryClient } from '@tanstack/react-query'
import type { TableRow } from '@basalt/contracts'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { errorMessage } from '../../../lib/format'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { useDeleteTableRows } from '../api/delete-table-rows'
import type { GridTable } from '../api/get-grid-table'
import { invalidateTableData, primaryKeyMatch } from '../api/update-table-row'
import { deleteRowsDescription, deleteRowsText, deleteRowsTitle, TABLE_EDITOR_MESSAGES } from '../messages'
import type { GridDialog } from '../state/grid-dialogs'
import type { WriteQueue } from '../state/write-queue'
import { CsvImportDialog } from './csv-import-dialog'
import { ExpandRowPanel } from './expand-row-panel'
import { RowEditorPanel } from './row-editor-panel'

/**
 * The grid's dialogs and panels, as its dialog state says (state/grid-dialogs): the row editor, a row's
 * deletion, the CSV import (those three only when the table is writable), a row read-only, and the
 * confirmation of a page change that clears the selection.
 */
export function GridDialogs({
  dialog,
  onClose,
  projectRef,
  table,
  writable,
  impersonation,
  queue,
  viewedRow,
  onRowDeleted,
  onChangePage,
}: {
  dialog: GridDialog
  onClose: () => void
  projectRef: string
  table: GridTable
  writable: boolean
  impersonation: ImpersonationParam | undefined
  queue: Pick<WriteQueue, 'run'>
  /** The row the read-only panel shows (while loaded). */
  viewedRow: TableRow | undefined
  onRowDeleted: () => void
  onChangePage: (page: number) => void
}) {
  const queryClient = useQueryClient()
  const deleteRow = useDeleteTableRows(projectRef, queue)
  const deleting = dialog.kind === 'delete-row' ? dialog.row : null
  return (
    <>
      {writable && (
        <>
          <RowEditorPanel
            projectRef={projectRef}
            schema={table.schema}
            table={table.name}
            columns={table.columns}
            primaryKeys={table.primaryKeys}
            impersonation={impersonation}
            queue={queue}
            target={
              dialog.kind === 'insert-row'
                ? { mode: 'insert' }
                : dialog.kind === 'edit-row'
                  ? { mode: 'update', row: dialog.row }
                  : null
            }
            onClose={onClose}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (open) return
              onClose()
              deleteRow.reset()
            }}
            title={deleteRowsTitle(1)}
            description={deleteRowsDescription(false)}
            size="sm"
            cancelLabel={TABLE_EDITOR_MESSAGES.cancel}
            confirmLabel={deleteRowsText(1)}
            loading={deleteRow.isPending}
            error={deleteRow.error && `${TABLE_EDITOR_MESSAGES.deleteFailed}: ${errorMessage(deleteRow.error)}`}
            onConfirm={() => {
              if (!deleting) return
              deleteRow.mutate(
                {
                  schema: table.schema,
                  table: table.name,
                  rows: [primaryKeyMatch(deleting.data, table.primaryKeys)],
                  ...(impersonation ? { impersonation } : {}),
                },
                {
                  onSuccess: () => {
                    onClose()
                    onRowDeleted()
                  },
                },
              )
            }}
          />
          <CsvImportDialog
            open={dialog.kind === 'import-csv'}
            onOpenChange={(open) => !open && onClose()}
            projectRef={projectRef}
            schema={table.schema}
            table={{ id: table.id, schema: table.schema, name: table.name }}
            onImported={() =>
              void invalidateTableData(queryClient, projectRef, { schema: table.schema, table: table.name })
            }
          />
        </>
      )}

      <ExpandRowPanel
        projectRef={projectRef}
        schema={table.schema}
        table={table.name}
        columns={table.columns}
        primaryKeys={table.primaryKeys}
        row={viewedRow}
        impersonation={impersonation}
        onClose={onClose}
      />

      <ConfirmDialog
        open={dialog.kind === 'change-page'}
        onOpenChange={(open) => !open && onClose()}
        title={TABLE_EDITOR_MESSAGES.changePageTitle}
        description={TABLE_EDITOR_MESSAGES.changePageDescription}
        variant="primary"
        size="sm"
        confirmLabel={TABLE_EDITOR_MESSAGES.changePageConfirm}
        onConfirm={() => {
          if (dialog.kind === 'change-page') onChangePage(dialog.page)
          onClose()
        }}
      />
    </>
  )
}
