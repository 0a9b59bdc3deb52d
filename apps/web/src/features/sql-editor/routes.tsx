import { Outlet, useParams } from 'react-router'
import { useProject } from '../../project/use-project'
import { SqlEditorLayout } from './components/sql-editor-layout'
import { SqlEditorPage } from './components/sql-editor-page'
import { useSnippetDocument } from './state/snippet-document'

/**
 * The SQL editor's routes (the areas table loads this module for /project/{ref}/sql, behind the area's
 * permission: tenant SQL read, spec 2 §6).
 */
export function SqlEditorRoute() {
  const context = useProject()
  return (
    <SqlEditorLayout projectRef={context.project.ref}>
      <Outlet context={context} />
    </SqlEditorLayout>
  )
}

/** /sql/{id}: a snippet, or 'new'. */
export function SqlSnippetRoute() {
  const { project } = useProject()
  const { id = 'new' } = useParams()
  const document = useSnippetDocument(project.ref, id)
  return <SqlEditorPage key={id} projectRef={project.ref} document={document} />
}
