import { useState } from 'react'
import { Dialog } from 'radix-ui'
import { DialogContent } from '../../../ui/dialog'
import { X } from 'lucide-react'
import type { PgColumn, TableRow } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { errorMessage } from '../../../lib/format'
import { useTableCell } from '../api/get-table-cell'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { cellText } from '../../../ui/data-grid/cell-text'
import { primaryKeyValue } from '../state/cell-value'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'

/** Expand row: every column of one row, read-only, in a side panel; truncated values load on demand. */
export function ExpandRowPanel({
  projectRef,
  schema,
  table,
  columns,
  primaryKeys,
  row,
  impersonation,
  onClose,
}: {
  projectRef: string
  schema: string
  table: string
  columns: readonly PgColumn[]
  primaryKeys: readonly string[]
  row: TableRow | undefined
  impersonation: ImpersonationParam | undefined
  onClose: () => void
}) {
  return (
    <Dialog.Root open={row !== undefined} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col border-l border-border bg-surface-raised shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-3">
            <Dialog.Title className="text-base font-semibold">
              Row {row ? row.idx + 1 : ''} of {schema}.{table}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          {row && (
            <dl className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
              {[...columns]
                .sort((a, b) => a.ordinal_position - b.ordinal_position)
                .map((column) => (
                  <div key={column.name} className="space-y-1">
                    <dt className="flex items-baseline gap-2 text-sm">
                      <span className="font-medium">{column.name}</span>
                      <span className="text-xs text-muted-foreground">{column.format}</span>
                    </dt>
                    <dd>
                      <RowValue
                        projectRef={projectRef}
                        schema={schema}
                        table={table}
                        column={column.name}
                        row={row}
                        primaryKeys={primaryKeys}
                        impersonation={impersonation}
                      />
                    </dd>
                  </div>
                ))}
            </dl>
          )}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function RowValue({
  projectRef,
  schema,
  table,
  column,
  row,
  primaryKeys,
  impersonation,
}: {
  projectRef: string
  schema: string
  table: string
  column: string
  row: TableRow
  primaryKeys: readonly string[]
  impersonation: ImpersonationParam | undefined
}) {
  const truncated = row.truncated.includes(column)
  const [requested, setRequested] = useState(false)
  const cell = useTableCell(
    projectRef,
    {
      schema,
      table,
      column,
      primaryKey: Object.fromEntries(primaryKeys.map((k) => [k, primaryKeyValue(row.data[k])])),
      impersonation,
    },
    { enabled: truncated && requested && primaryKeys.length > 0 },
  )
  const value = cell.data ? cell.data.value : row.data[column]
  const text = cellText(value)
  return (
    <div className="space-y-1.5">
      <pre className="max-h-72 overflow-auto rounded-md border border-border bg-muted/50 px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all">
        {text === null ? <span className="text-muted-foreground">NULL</span> : text}
        {truncated && !cell.data && <span className="text-muted-foreground">…</span>}
      </pre>
      {truncated && !cell.data && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {primaryKeys.length > 0 ? (
            <Button size="sm" loading={cell.isFetching} onClick={() => setRequested(true)}>
              {TABLE_EDITOR_MESSAGES.loadFullValue}
            </Button>
          ) : (
            <span className="text-muted-foreground">{TABLE_EDITOR_MESSAGES.noPrimaryKeyForCell}</span>
          )}
          {cell.error && (
            <span role="alert" className="text-destructive">
              {TABLE_EDITOR_MESSAGES.fullValueError}: {errorMessage(cell.error)}
            </span>
          )}
        </div>
      )}
    </div>
  )
}
