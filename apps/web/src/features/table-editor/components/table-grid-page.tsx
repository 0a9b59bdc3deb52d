import { useEffect } from 'react'
import { isApiError } from '../../../lib/api-client'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { SkeletonList } from '../../../ui/skeleton'
import { useGridTable } from '../api/get-grid-table'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { usePermission } from '../../../project/use-permission'
import { TableGrid } from './table-grid'
import { useTableEditorContext } from './table-editor-context'

/**
 * /project/{ref}/editor/{tableId}: loads the entity, then shows its grid (remounted per table), editable when
 * the member may write (spec 1 §6).
 */
export function TableGridPage({ projectRef, tableId }: { projectRef: string; tableId: number }) {
  const table = useGridTable(projectRef, tableId)
  const schemas = useSchemas(projectRef)
  const editor = useTableEditorContext()
  const canWrite = usePermission('tenant_sql:write')
  const tableSchema = table.data?.schema
  const setSchema = editor?.setSchema

  // Opening a table from a link (e.g. a foreign key) shows its schema in the entity list.
  useEffect(() => {
    if (tableSchema && setSchema) setSchema(tableSchema)
  }, [tableSchema, setSchema])

  if (table.isPending) {
    return (
      <div className="p-4">
        <SkeletonList rows={8} />
      </div>
    )
  }
  if (table.error) {
    return (
      <div className="p-6">
        {isApiError(table.error) && table.error.status === 404 ? (
          <EmptyState title={TABLE_EDITOR_MESSAGES.tableNotFound} description={table.error.message} />
        ) : (
          <ErrorState title={TABLE_EDITOR_MESSAGES.tableLoadError} error={table.error} />
        )}
      </div>
    )
  }
  const isProtected = schemas.data?.find((s) => s.name === table.data.schema)?.protected ?? false
  return (
    <>
      <span hidden data-page-title={`${TABLE_EDITOR_MESSAGES.pageTitle} · ${table.data.schema}.${table.data.name}`} />
      <TableGrid
        key={table.data.id}
        projectRef={projectRef}
        table={table.data}
        isProtected={isProtected}
        canWrite={canWrite}
      />
    </>
  )
}
