import { useState } from 'react'
import { ChevronDown, Download, Trash2, X } from 'lucide-react'
import { toast } from 'sonner'
import type { RowField, RowFilter, RowSort, TableRow } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { DropdownMenu, DropdownMenuItem } from '../../../ui/dropdown-menu'
import { useDeleteTableRows } from '../api/delete-table-rows'
import { exportTableRows } from '../api/export-table-rows'
import { primaryKeyMatch } from '../api/update-table-row'
import {
  deleteAllMatchingDescription,
  deleteRowsDescription,
  deleteRowsText,
  deleteRowsTitle,
  rowsDeletedText,
  rowsSelectedText,
  selectAllRowsText,
  TABLE_EDITOR_MESSAGES as M,
} from '../messages'
import { rowsToCsv, rowsToJson, rowsToSql } from '../../../ui/data-grid/copy-rows'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import type { RowSelection } from '../state/row-selection'
import type { WriteQueue } from '../state/write-queue'
import { copyToClipboard } from '../../../ui/data-grid/clipboard'

/**
 * The row-selection header (spec 1 §2): how many rows are selected, 'Select all N rows' across pages, copy
 * (CSV, JSON, SQL — the loaded rows only), Export to CSV (streamed by the server, all matching rows or the
 * selected ones; reading, so open to every member) and 'Delete N rows' (members who may write). Deleting every row of an unfiltered table is a truncate, which is
 * refused while impersonating a role (spec 1 §6).
 */
export function SelectionHeader({
  projectRef,
  schema,
  table,
  primaryKeys,
  selection,
  selectedRows,
  fields,
  offerSelectAll,
  total,
  filters,
  sorts,
  impersonation,
  writable,
  queue,
  onClear,
  onSelectAll,
}: {
  projectRef: string
  schema: string
  table: string
  primaryKeys: readonly string[]
  selection: Exclude<RowSelection, { kind: 'none' }>
  /** The selected rows among those loaded (every loaded row when all are selected). */
  selectedRows: readonly TableRow[]
  fields: readonly RowField[]
  offerSelectAll: boolean
  total: number | undefined
  filters: RowFilter[]
  sorts: RowSort[]
  impersonation: ImpersonationParam | undefined
  writable: boolean
  queue: Pick<WriteQueue, 'run'>
  onClear: () => void
  onSelectAll: () => void
}) {
  const count = selection.kind === 'all' ? selection.total : selection.keys.size
  const all = selection.kind === 'all'
  const [confirming, setConfirming] = useState(false)
  const [exporting, setExporting] = useState(false)
  const remove = useDeleteTableRows(projectRef, queue)
  const truncate = all && filters.length === 0
  const refusedTruncate = truncate && impersonation !== undefined
  const withRole = impersonation ? { impersonation } : {}

  const copy = async (format: 'csv' | 'json' | 'sql') => {
    const text =
      format === 'csv'
        ? rowsToCsv(fields, selectedRows)
        : format === 'json'
          ? rowsToJson(selectedRows)
          : rowsToSql({ schema, name: table }, fields, selectedRows)
    if (await copyToClipboard(text)) toast.success(M.copied)
  }

  const exportCsv = async () => {
    if (!all && primaryKeys.length === 0) {
      toast.error(M.noPrimaryKey)
      return
    }
    setExporting(true)
    try {
      await exportTableRows(projectRef, {
        schema,
        table,
        filters,
        sorts,
        ...withRole,
        ...(all ? {} : { rows: selectedRows.map((r) => primaryKeyMatch(r.data, primaryKeys)) }),
      })
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  const confirmDelete = () => {
    if (!all && primaryKeys.length === 0) {
      toast.error(M.noPrimaryKey)
      return
    }
    remove.mutate(
      all
        ? { schema, table, ...withRole, all: { filters } }
        : { schema, table, ...withRole, rows: selectedRows.map((r) => primaryKeyMatch(r.data, primaryKeys)) },
      {
        onSuccess: ({ deleted }) => {
          toast.success(rowsDeletedText(deleted))
          setConfirming(false)
          onClear()
        },
      },
    )
  }

  return (
    <div role="toolbar" aria-label="Row selection" className="flex flex-wrap items-center gap-2 text-sm">
      <Button size="icon" variant="ghost" className="size-7" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden className="size-3.5" />
      </Button>
      <span className="font-medium">{rowsSelectedText(count)}</span>
      {offerSelectAll && total !== undefined && (
        <Button size="sm" onClick={onSelectAll}>
          {selectAllRowsText(total)}
        </Button>
      )}
      <DropdownMenu
        align="start"
        label={M.copyRows}
        trigger={
          <Button size="sm" disabled={all} title={all ? M.copyAllUnavailable : undefined}>
            {M.copyRows}
            <ChevronDown aria-hidden className="size-3.5" />
          </Button>
        }
      >
        <DropdownMenuItem onSelect={() => void copy('csv')}>{M.copyAsCsv}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy('json')}>{M.copyAsJson}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy('sql')}>{M.copyAsSql}</DropdownMenuItem>
      </DropdownMenu>
      <Button size="sm" loading={exporting} onClick={() => void exportCsv()}>
        <Download aria-hidden className="size-3.5" />
        {M.exportCsv}
      </Button>
      {writable && (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-3.5" />
          {deleteRowsText(count)}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open)
          if (!open) remove.reset()
        }}
        title={deleteRowsTitle(count)}
        description={
          all ? (truncate ? deleteRowsDescription(true) : deleteAllMatchingDescription) : deleteRowsDescription(false)
        }
        size="sm"
        cancelLabel={M.cancel}
        confirmLabel={deleteRowsText(count)}
        disabled={refusedTruncate}
        loading={remove.isPending}
        error={remove.error && `${M.deleteFailed}: ${errorMessage(remove.error)}`}
        onConfirm={confirmDelete}
      >
        {refusedTruncate && (
          <p role="alert" className="text-sm text-destructive">
            {M.truncateImpersonating}
          </p>
        )}
      </ConfirmDialog>
    </div>
  )
}
