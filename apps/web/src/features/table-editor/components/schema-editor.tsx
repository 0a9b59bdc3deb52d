import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { ColumnFormPanel } from './column-form-panel'
import { DeleteColumnDialog } from './delete-column-dialog'
import { DeleteTableDialog } from './delete-table-dialog'
import { TableFormPanel } from './table-form-panel'

/**
 * What a schema change screen is open on: one at a time, so the grid, the sidebar and the empty states open
 * the same panels through {@link useSchemaEditor} without holding any of their state.
 */
export type SchemaEditorTarget =
  | { kind: 'create-table'; schema: string }
  | { kind: 'edit-table'; tableId: number }
  | { kind: 'delete-table'; tableId: number }
  | { kind: 'add-column'; tableId: number }
  | { kind: 'edit-column'; tableId: number; columnName: string }
  | { kind: 'delete-column'; tableId: number; columnName: string }

export interface SchemaEditorActions {
  openCreateTable(schema: string): void
  openEditTable(tableId: number): void
  openDeleteTable(tableId: number): void
  openAddColumn(tableId: number): void
  openEditColumn(tableId: number, columnName: string): void
  openDeleteColumn(tableId: number, columnName: string): void
}

const SchemaEditorContext = createContext<SchemaEditorActions | null>(null)

/**
 * Opens the table and column panels and the delete confirmations (spec 2 §3, §5); mounted once by the table
 * editor layout. Each change is reviewed as SQL before it runs, then the editor's queries are refetched.
 */
export function SchemaEditorProvider({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const [target, setTarget] = useState<SchemaEditorTarget | null>(null)
  const actions = useMemo<SchemaEditorActions>(
    () => ({
      openCreateTable: (schema) => setTarget({ kind: 'create-table', schema }),
      openEditTable: (tableId) => setTarget({ kind: 'edit-table', tableId }),
      openDeleteTable: (tableId) => setTarget({ kind: 'delete-table', tableId }),
      openAddColumn: (tableId) => setTarget({ kind: 'add-column', tableId }),
      openEditColumn: (tableId, columnName) => setTarget({ kind: 'edit-column', tableId, columnName }),
      openDeleteColumn: (tableId, columnName) => setTarget({ kind: 'delete-column', tableId, columnName }),
    }),
    [],
  )
  const close = () => setTarget(null)
  return (
    <SchemaEditorContext.Provider value={actions}>
      {children}
      {target && (
        <SchemaEditorScreen key={JSON.stringify(target)} projectRef={projectRef} target={target} onClose={close} />
      )}
    </SchemaEditorContext.Provider>
  )
}

function SchemaEditorScreen({
  projectRef,
  target,
  onClose,
}: {
  projectRef: string
  target: SchemaEditorTarget
  onClose: () => void
}) {
  switch (target.kind) {
    case 'create-table':
      return <TableFormPanel projectRef={projectRef} schema={target.schema} onClose={onClose} />
    case 'edit-table':
      return <TableFormPanel projectRef={projectRef} tableId={target.tableId} onClose={onClose} />
    case 'delete-table':
      return <DeleteTableDialog projectRef={projectRef} tableId={target.tableId} onClose={onClose} />
    case 'add-column':
      return <ColumnFormPanel projectRef={projectRef} tableId={target.tableId} onClose={onClose} />
    case 'edit-column':
      return (
        <ColumnFormPanel
          projectRef={projectRef}
          tableId={target.tableId}
          columnName={target.columnName}
          onClose={onClose}
        />
      )
    case 'delete-column':
      return (
        <DeleteColumnDialog
          projectRef={projectRef}
          tableId={target.tableId}
          columnName={target.columnName}
          onClose={onClose}
        />
      )
  }
}

/** The actions opening the schema editor's panels; throws outside {@link SchemaEditorProvider}. */
export function useSchemaEditor(): SchemaEditorActions {
  const actions = useContext(SchemaEditorContext)
  if (!actions) throw new Error('useSchemaEditor needs a SchemaEditorProvider')
  return actions
}
