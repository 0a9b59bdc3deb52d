import { Outlet, useParams } from 'react-router'
import { NO_ACCESS_DETAILS } from '../../features/project-shell/project-menu'
import { useProject } from '../../project/use-project'
import { SelectTableState } from '../../features/table-editor/components/select-table-state'
import { TableEditorLayout } from '../../features/table-editor/components/table-editor-layout'
import { TableGridPage } from '../../features/table-editor/components/table-grid-page'
import { NoAccessPage } from '../../ui/no-access-page'
import { NotFoundPage } from '../not-found-page'

/** /project/{ref}/editor: the table editor needs tenant SQL read (spec 2 §6), else the no-access page. */
export function TableEditorRoute() {
  const context = useProject()
  if (!context.project.permissions.includes('tenant_sql:read')) {
    return <NoAccessPage title="Table editor" detail={NO_ACCESS_DETAILS.editor} />
  }
  return (
    <TableEditorLayout projectRef={context.project.ref}>
      <Outlet context={context} />
    </TableEditorLayout>
  )
}

export function TableEditorIndexRoute() {
  return <SelectTableState />
}

export function TableGridRoute() {
  const { project } = useProject()
  const { tableId = '' } = useParams()
  if (!/^[1-9]\d*$/.test(tableId)) return <NotFoundPage />
  return <TableGridPage projectRef={project.ref} tableId={Number(tableId)} />
}
