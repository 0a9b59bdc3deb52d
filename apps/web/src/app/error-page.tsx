import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorView } from './error-view'
import { NotFoundPage } from '../ui/not-found-page'

/** The router's errorElement: 404 route errors get the not-found page, anything else the error page. */
export function ErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <ErrorView error={error} />
}
