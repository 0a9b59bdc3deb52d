import { Plus, Table2 } from 'lucide-react'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { usePermission } from '../../../project/use-permission'
import { useSchemaEditor } from './schema-editor'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'
import { useTableEditorContext } from './table-editor-context'

/** /project/{ref}/editor with no table chosen: pick one, or create one when the user may write. */
export function SelectTableState() {
  const context = useTableEditorContext()
  const schemas = useSchemas(context?.projectRef ?? '')
  const canWrite = usePermission('tenant_sql:write')
  const schemaEditor = useSchemaEditor()
  const schema = context?.schema
  const isProtected = schemas.data?.find((s) => s.name === schema)?.protected ?? false
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <EmptyState
        icon={<Table2 aria-hidden className="size-6" />}
        title={TABLE_EDITOR_MESSAGES.selectTableTitle}
        description={TABLE_EDITOR_MESSAGES.selectTableDescription}
        action={
          canWrite && schema !== undefined && !isProtected ? (
            <Button variant="primary" onClick={() => schemaEditor.openCreateTable(schema)}>
              <Plus aria-hidden className="size-4" />
              {SCHEMA_EDITOR_MESSAGES.createNewTable}
            </Button>
          ) : undefined
        }
        className="w-full max-w-md"
      />
    </div>
  )
}
