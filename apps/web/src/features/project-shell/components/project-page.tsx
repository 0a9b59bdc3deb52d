import type { ReactNode } from 'react'
import { Navigate, useLocation, useParams } from 'react-router'
import { NotAvailablePage } from '../../../ui/not-available-page'
import { NoAccessPage } from '../../../ui/no-access-page'
import { resolveProjectPage } from '../project-menu'
import { useProjectOutlet } from '../project-outlet'

/**
 * Every project destination whose feature is not built yet: the resolver decides between the page
 * (with its real title), the no-access page, a redirect (e.g. to the building page) and not found.
 */
export function ProjectPage({ notFound }: { notFound: ReactNode }) {
  const { project, mode } = useProjectOutlet()
  const params = useParams()
  const location = useLocation()
  const page = resolveProjectPage(params['*'] ?? '', new URLSearchParams(location.search), {
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
      return <NotAvailablePage title={page.title} />
  }
}
