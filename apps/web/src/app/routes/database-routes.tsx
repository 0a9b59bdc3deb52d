import { DeleteTableDialog } from '../../features/table-editor/components/delete-table-dialog'
import { TableFormPanel } from '../../features/table-editor/components/table-form-panel'
import { FunctionsPage } from '../../features/database/components/functions-page'
import { TablesPage, type TableForms } from '../../features/database/components/tables-page'
import { TriggersPage } from '../../features/database/components/triggers-page'
import { PublicationsPage } from '../../features/database/components/publications-page'
import { ExtensionsPage } from '../../features/database/components/extensions-page'
import { RolesPage } from '../../features/database/components/roles-page'
import { IndexesPage } from '../../features/database/components/indexes-page'
import { TypesPage } from '../../features/database/components/types-page'
import { MigrationsPage } from '../../features/database/components/migrations-page'
import { SchemasPage } from '../../features/database/components/schemas-page'
import { WrappersPage } from '../../features/database/components/wrappers-page'
import { HooksPage } from '../../features/database/components/hooks-page'
import { useProject } from '../../project/use-project'

/**
 * The Database area's built pages (issue 26). The Tables page opens the table editor's own forms: the two
 * features meet here, in the app, never in each other.
 */
function tableForms(projectRef: string): TableForms {
  return {
    create: ({ schema, onClose }) => <TableFormPanel projectRef={projectRef} schema={schema} onClose={onClose} />,
    edit: ({ tableId, onClose }) => <TableFormPanel projectRef={projectRef} tableId={tableId} onClose={onClose} />,
    remove: ({ tableId, onClose }) => <DeleteTableDialog projectRef={projectRef} tableId={tableId} onClose={onClose} />,
  }
}

export function DatabaseTablesRoute() {
  const { project } = useProject()
  return <TablesPage projectRef={project.ref} forms={tableForms(project.ref)} />
}

export function DatabaseFunctionsRoute() {
  const { project } = useProject()
  return <FunctionsPage projectRef={project.ref} />
}

export function DatabaseTriggersRoute() {
  const { project } = useProject()
  return <TriggersPage projectRef={project.ref} />
}

export function DatabaseReplicationRoute() {
  const { project } = useProject()
  return <PublicationsPage projectRef={project.ref} />
}

export function DatabaseExtensionsRoute() {
  const { project } = useProject()
  return <ExtensionsPage projectRef={project.ref} />
}

export function DatabaseRolesRoute() {
  const { project } = useProject()
  return <RolesPage projectRef={project.ref} />
}

export function DatabaseIndexesRoute() {
  const { project } = useProject()
  return <IndexesPage projectRef={project.ref} />
}

export function DatabaseTypesRoute() {
  const { project } = useProject()
  return <TypesPage projectRef={project.ref} />
}

export function DatabaseMigrationsRoute() {
  const { project } = useProject()
  return <MigrationsPage projectRef={project.ref} />
}

export function DatabaseSchemasRoute() {
  const { project } = useProject()
  return <SchemasPage projectRef={project.ref} />
}

export function DatabaseWrappersRoute() {
  const { project } = useProject()
  return <WrappersPage projectRef={project.ref} />
}

export function DatabaseHooksRoute() {
  const { project } = useProject()
  return <HooksPage projectRef={project.ref} pgNet={project.features.pgNet} />
}
