import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation, useParams } from 'react-router'
import { NotAvailablePage } from '../ui/not-available-page'
import { NoAccessPage } from '../ui/no-access-page'
import { NotFoundPage } from '../ui/not-found-page'
import { useProject } from '../project/use-project'
import { resolveProjectPage } from './project-areas'

/**
 * A project destination as the areas table sees it: the resolver decides between the page, the no-access
 * page, a redirect (e.g. to the building page) and not found. A built page is passed as `children` (so it is
 * gated and redirected like its menu entry); without one, the page is the "not available yet" notice under
 * its real title.
 */
export function ProjectPage({ children }: { children?: ReactNode }) {
  const { project, mode } = useProject()
  const params = useParams()
  const location = useLocation()
  // The catch-all route names the rest of the path; a built page's route is read from the location.
  const path = params['*'] ?? location.pathname.slice(`/project/${project.ref}/`.length)
  const page = resolveProjectPage(path, new URLSearchParams(location.search), {
    ref: project.ref,
    mode,
    features: project.features,
    permissions: project.permissions,
    status: project.status,
  })
  switch (page.kind) {
    case 'redirect':
      return <Navigate to={page.to} replace />
    case 'no_access':
      return <NoAccessPage title={page.title} detail={page.detail} />
    case 'not_found':
      return <NotFoundPage />
    case 'page':
      return children ?? <NotAvailablePage title={page.title} />
  }
}

/** Around an area's built routes: its pages show only as the resolver allows, with the project passed on. */
export function AreaGate() {
  const context = useProject()
  return (
    <ProjectPage>
      <Outlet context={context} />
    </ProjectPage>
  )
}
