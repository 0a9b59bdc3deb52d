import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { needsMfa, useSession, useSignOut } from '../../../lib/auth'
import { peekDestination, takeDestination } from '../../../lib/return-to'
import { PageSpinner } from '../../../ui/spinner'
import { Button } from '../../../ui/button'
import { AUTH_MESSAGES } from '../messages'
import { SignInShell } from './sign-in-shell'
import { MfaForm } from './mfa-form'

export function MfaPage() {
  const session = useSession()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signOut = useSignOut()

  if (session.isPending) return <PageSpinner />
  if (!session.data) return <Navigate to={`/sign-in?${search}`} replace />
  if (!needsMfa(session.data)) return <Navigate to={peekDestination(search)} replace />

  return (
    <SignInShell title={AUTH_MESSAGES.mfaTitle} subtitle={AUTH_MESSAGES.mfaSubtitle}>
      <MfaForm
        onVerified={() => {
          queryClient.clear()
          navigate(takeDestination(search), { replace: true })
        }}
      />
      <div className="mt-6 text-center">
        <Button
          variant="link"
          size="sm"
          onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in', { replace: true }) })}
        >
          Sign in with a different account
        </Button>
      </div>
    </SignInShell>
  )
}
