import { useMemo, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Pencil, Table2, Trash2 } from 'lucide-react'
import type { PgTable } from '@basalt/contracts'
import { useTables } from '../../../project/pg-meta/get-tables'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { DATABASE_MESSAGES } from '../messages'
import { ListPage } from './list-page'
import { matches, useListParams, useSchemaLocked } from './page-toolbar'
import { ActionsHeader, RowActions } from './row-actions'

const MESSAGES = DATABASE_MESSAGES.tables

/**
 * The table editor's own forms, handed in by the app (a feature never imports another): creating a table in a
 * schema, editing one, deleting one. Each calls onClose when it is done or dismissed.
 */
export interface TableForms {
  create: (props: { schema: string; onClose: () => void }) => ReactNode
  edit: (props: { tableId: number; onClose: () => void }) => ReactNode
  remove: (props: { tableId: number; onClose: () => void }) => ReactNode
}

type Open = { kind: 'create' } | { kind: 'edit'; id: number } | { kind: 'remove'; id: number } | null

/** Database › Tables: a schema's tables with their row estimate, size, column count and RLS state. */
export function TablesPage({ projectRef, forms }: { projectRef: string; forms: TableForms }) {
  const { schema, search, setSchema, setSearch } = useListParams()
  const tables = useTables(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const writable = canWrite && !locked
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)

  const shown = useMemo(
    () => (tables.data ?? []).filter((t) => matches(search, t.name, t.comment)),
    [tables.data, search],
  )

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={tables}
        shown={{ rows: shown, total: tables.data?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        schema={{ projectRef, value: schema, onChange: setSchema, locked }}
        onCreate={writable ? () => setOpen({ kind: 'create' }) : undefined}
        readOnly={!canWrite}
        icon={<Table2 aria-hidden className="size-6" />}
      >
        {(rows) => (
          <Table label={`Tables of ${schema}`}>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Description</Th>
                <Th className="text-right">Rows (estimated)</Th>
                <Th className="text-right">Size</Th>
                <Th className="text-right">Columns</Th>
                <Th>Row-level security</Th>
                {writable && <ActionsHeader />}
              </Tr>
            </THead>
            <TBody>
              {rows.map((table) => (
                <TableRow
                  key={table.id}
                  projectRef={projectRef}
                  table={table}
                  writable={writable}
                  onEdit={() => setOpen({ kind: 'edit', id: table.id })}
                  onDelete={() => setOpen({ kind: 'remove', id: table.id })}
                />
              ))}
            </TBody>
          </Table>
        )}
      </ListPage>
      {open?.kind === 'create' && forms.create({ schema, onClose: close })}
      {open?.kind === 'edit' && forms.edit({ tableId: open.id, onClose: close })}
      {open?.kind === 'remove' && forms.remove({ tableId: open.id, onClose: close })}
    </>
  )
}

function TableRow({
  projectRef,
  table,
  writable,
  onEdit,
  onDelete,
}: {
  projectRef: string
  table: PgTable
  writable: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Tr>
      <Td className="font-medium">
        <Link
          to={`/project/${encodeURIComponent(projectRef)}/editor/${table.id}`}
          aria-label={MESSAGES.open(table.name)}
          className="text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {table.name}
        </Link>
        {table.is_partitioned && (
          <Badge className="ml-2" tone="neutral">
            partitioned
          </Badge>
        )}
      </Td>
      <Td className="max-w-xs truncate text-muted-foreground">{table.comment ?? ''}</Td>
      <Td className="text-right tabular-nums">{table.live_rows_estimate.toLocaleString('en')}</Td>
      <Td className="text-right tabular-nums">{table.size}</Td>
      <Td className="text-right tabular-nums">{table.columns?.length ?? 0}</Td>
      <Td>
        {table.rls_enabled ? (
          <Badge tone="success">{table.rls_forced ? MESSAGES.rlsForced : MESSAGES.rlsOn}</Badge>
        ) : (
          <Badge tone="warning">{MESSAGES.rlsOff}</Badge>
        )}
      </Td>
      {writable && (
        <RowActions
          actions={[
            { label: MESSAGES.edit(table.name), icon: Pencil, onClick: onEdit },
            { label: MESSAGES.remove(table.name), icon: Trash2, onClick: onDelete },
          ]}
        />
      )}
    </Tr>
  )
}
