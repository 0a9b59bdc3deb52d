import { Outlet, useParams } from 'react-router'
import { useProject } from '../../project/use-project'
import { NotFoundPage } from '../../ui/not-found-page'
import { SelectTableState } from './components/select-table-state'
import { TableEditorLayout } from './components/table-editor-layout'
import { TableGridPage } from './components/table-grid-page'

/**
 * The table editor's routes (the areas table loads this module for /project/{ref}/editor, behind the
 * area's permission: tenant SQL read, spec 2 §6).
 */
export function TableEditorRoute() {
  const context = useProject()
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
