import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useAuthState, useSession } from '../../../lib/auth'
import { peekDestination, takeDestination } from '../../../lib/return-to'
import { PageSpinner } from '../../../ui/spinner'
import { ErrorState } from '../../../ui/empty-state'
import { Button } from '../../../ui/button'
import { AUTH_MESSAGES } from '../messages'
import { SignInShell } from './sign-in-shell'
import { SignUpForm } from './sign-up-form'

export function SignUpPage() {
  const authState = useAuthState()
  const session = useSession()
  const [search] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  if (authState.isPending || session.isPending) return <PageSpinner />
  if (authState.error) return <ErrorState title="Unable to reach Basalt" error={authState.error} />
  if (session.data) return <Navigate to={peekDestination(search)} replace />

  if (!authState.data.needsSetup) {
    return (
      <SignInShell title={AUTH_MESSAGES.signUpClosedTitle} subtitle={AUTH_MESSAGES.signUpClosedBody}>
        <Button asChild variant="primary" className="w-full justify-center">
          <Link to={`/sign-in${location.search}`}>{AUTH_MESSAGES.signIn}</Link>
        </Button>
      </SignInShell>
    )
  }

  return (
    <SignInShell title={AUTH_MESSAGES.signUpOwnerTitle} subtitle={AUTH_MESSAGES.signUpOwnerSubtitle}>
      <SignUpForm
        submitLabel="Create account"
        setupCodeRequired={authState.data.setupCodeRequired}
        onSignedUp={() => {
          queryClient.clear()
          navigate(takeDestination(search), { replace: true })
        }}
      />
    </SignInShell>
  )
}
