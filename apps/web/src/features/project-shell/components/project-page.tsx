import type { ReactNode } from 'react'
import { Navigate, useLocation, useParams } from 'react-router'
import { NotAvailablePage } from '../../../ui/not-available-page'
import { NoAccessPage } from '../../../ui/no-access-page'
import { resolveProjectPage } from '../project-menu'
import { useProject } from '../../../project/use-project'

/**
 * A project destination as the menu sees it: the resolver decides between the page, the no-access page, a
 * redirect (e.g. to the building page) and not found. A built page is passed as `children` with its `path`
 * (so it is redirected while the project comes up, like its menu entry); without one, the page is the
 * "not available yet" notice under its real title.
 */
export function ProjectPage({
  notFound,
  path,
  children,
}: {
  notFound: ReactNode
  path?: string
  children?: ReactNode
}) {
  const { project, mode } = useProject()
  const params = useParams()
  const location = useLocation()
  const page = resolveProjectPage(path ?? params['*'] ?? '', new URLSearchParams(location.search), {
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
      return notFound
    case 'page':
      return children ?? <NotAvailablePage title={page.title} />
  }
}
