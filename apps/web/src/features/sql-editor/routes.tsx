import { Navigate, Outlet, useLocation, useParams } from 'react-router'
import { useProject } from '../../project/use-project'
import { SqlEditorLayout } from './components/sql-editor-layout'
import { SqlEditorPage } from './components/sql-editor-page'
import { SnippetNotFound } from './components/snippets/snippet-not-found'
import { TemplatesPage } from './components/snippets/templates-page'
import { documentKeyOf, useSnippetDocument } from './state/snippet-document'
import { readLastSnippet } from './state/snippet-drafts'

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

/** /sql: the editor's own landing, /sql/new. */
export function SqlIndexRoute() {
  return <Navigate replace to="new" />
}

/**
 * /sql/{id}: a snippet, or 'new'. 'new' opened from outside (the nav link, an old address) goes to the
 * snippet last used in this project (spec 2 §2); 'New query' carries FRESH_QUERY_STATE.
 */
export function SqlSnippetRoute() {
  const { project } = useProject()
  const { id = 'new' } = useParams()
  const location = useLocation()
  const fresh = (location.state as { fresh?: unknown } | null)?.fresh === true
  const last = id === 'new' && !fresh ? readLastSnippet(project.ref) : null
  if (last) return <Navigate replace to={`/project/${encodeURIComponent(project.ref)}/sql/${last}`} />
  return <SnippetDocumentPage key={documentKeyOf(location, id)} projectRef={project.ref} id={id} />
}

function SnippetDocumentPage({ projectRef, id }: { projectRef: string; id: string }) {
  const document = useSnippetDocument(projectRef, id)
  if (document.status === 'not-found') return <SnippetNotFound projectRef={projectRef} />
  return <SqlEditorPage projectRef={projectRef} document={document} />
}

/** /sql/templates */
export function SqlTemplatesRoute() {
  const { project } = useProject()
  return <TemplatesPage projectRef={project.ref} kind="templates" />
}

/** /sql/quickstarts */
export function SqlQuickstartsRoute() {
  const { project } = useProject()
  return <TemplatesPage projectRef={project.ref} kind="quickstarts" />
}
