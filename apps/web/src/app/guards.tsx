import { Navigate, Outlet, useLocation } from 'react-router'
import { needsMfa, useSession } from '../lib/auth'
import { rememberDestination } from '../lib/return-to'
import { PageSpinner } from '../ui/spinner'
import { ErrorView } from './error-view'

/** The project every self-hosted installation has (DESIGN.md "Modes"). */
export const SELF_HOSTED_HOME = '/project/default'

/**
 * Spec 2 §2 sign-in flow: no session → /sign-in (remembering where the user was going); a session
 * whose assurance levels differ → /sign-in-mfa.
 */
export function RequireSession() {
  const session = useSession()
  const location = useLocation()
  if (session.isPending) return <PageSpinner />
  if (session.error) return <ErrorView error={session.error} />
  const here = `${location.pathname}${location.search}${location.hash}`
  if (!session.data) {
    rememberDestination(here)
    return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(here)}`} replace />
  }
  if (needsMfa(session.data)) {
    rememberDestination(here)
    return <Navigate to={`/sign-in-mfa?returnTo=${encodeURIComponent(here)}`} replace />
  }
  return <Outlet />
}

/** Spec 2 §2: outside hosted mode the account, organisation and settings layouts go to /project/default. */
export function HostedOnly() {
  const session = useSession()
  if (session.data?.mode === 'self-hosted') return <Navigate to={SELF_HOSTED_HOME} replace />
  return <Outlet />
}

/** `/`: the home of the mode. */
export function HomeRedirect() {
  const session = useSession()
  return <Navigate to={session.data?.mode === 'self-hosted' ? SELF_HOSTED_HOME : '/projects'} replace />
}
