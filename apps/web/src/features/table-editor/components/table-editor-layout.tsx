import { useMemo, useState, type ReactNode } from 'react'
import { CollapsibleSidebar } from '../../../ui/collapsible-sidebar'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { EntitySidebar } from './entity-sidebar'
import { SchemaEditorProvider } from './schema-editor'
import { TableEditorContext } from './table-editor-context'

export const DEFAULT_SCHEMA = 'public'

/** The table editor: the entity list on the left, the selected table (or the "select a table" state) beside it. */
export function TableEditorLayout({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const [schema, setSchema] = useState(DEFAULT_SCHEMA)
  const context = useMemo(() => ({ projectRef, schema, setSchema }), [projectRef, schema])
  return (
    <TableEditorContext.Provider value={context}>
      <SchemaEditorProvider projectRef={projectRef}>
        <div className="flex h-full min-h-0">
          {/* The design has no visible heading here; the page still has one (ui/orientation.ts). */}
          <h1 className="sr-only">{TABLE_EDITOR_MESSAGES.pageTitle}</h1>
          <CollapsibleSidebar label={TABLE_EDITOR_MESSAGES.tableList}>
            <EntitySidebar projectRef={projectRef} schema={schema} onSchemaChange={setSchema} />
          </CollapsibleSidebar>
          <div className="flex min-w-0 flex-1 flex-col">{children}</div>
        </div>
      </SchemaEditorProvider>
    </TableEditorContext.Provider>
  )
}
