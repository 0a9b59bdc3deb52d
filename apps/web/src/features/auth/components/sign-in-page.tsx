import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { needsMfa, useAuthState, useSession } from '../../../lib/auth'
import { peekDestination, takeDestination } from '../../../lib/return-to'
import { PageSpinner } from '../../../ui/spinner'
import { ErrorState } from '../../../ui/empty-state'
import { AUTH_MESSAGES } from '../messages'
import { SignInShell } from './sign-in-shell'
import { SignInForm } from './sign-in-form'

export function SignInPage() {
  const authState = useAuthState()
  const session = useSession()
  const [search] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  if (authState.isPending || session.isPending) return <PageSpinner />
  if (authState.error) return <ErrorState title="Unable to reach Basalt" error={authState.error} />
  // First visit: the owner account does not exist yet (DESIGN.md "Embedded default").
  if (authState.data.needsSetup) return <Navigate to={`/sign-up${location.search}`} replace />
  if (session.data) {
    if (needsMfa(session.data)) return <Navigate to={`/sign-in-mfa${location.search}`} replace />
    return <Navigate to={peekDestination(search)} replace />
  }

  return (
    <SignInShell title={AUTH_MESSAGES.signInTitle} subtitle={AUTH_MESSAGES.signInSubtitle}>
      <SignInForm
        onSignedIn={(result) => {
          if (result.mfaRequired) {
            queryClient.removeQueries({ queryKey: ['auth'] })
            navigate(`/sign-in-mfa${location.search}`, { replace: true })
            return
          }
          // A new user: nothing cached for the previous one may leak into the pages.
          queryClient.clear()
          navigate(takeDestination(search), { replace: true })
        }}
      />
      {authState.data.mode === 'hosted' && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Have an invite link? Open it to create your account.{' '}
          <Link to="/sign-up" className="text-foreground underline underline-offset-2">
            {AUTH_MESSAGES.signUp}
          </Link>
        </p>
      )}
    </SignInShell>
  )
}
