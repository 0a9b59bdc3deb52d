import { Link, useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ORG_ROLE_LABELS } from '@basalt/contracts'
import { needsMfa, useSession } from '../../../lib/auth'
import { PageSpinner } from '../../../ui/spinner'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { isApiError } from '../../../lib/api-client'
import { useInvitation } from '../api/get-invitation'
import { useAcceptInvitation } from '../api/accept-invitation'
import { AUTH_MESSAGES } from '../messages'
import { SignInShell } from './sign-in-shell'
import { SignUpForm } from './sign-up-form'

/** /join?token=… — the invite link: sign up with the invitation, or join as the signed-in user. */
export function JoinPage() {
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const invitation = useInvitation(token)
  const session = useSession()
  const accept = useAcceptInvitation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const here = `/join?token=${encodeURIComponent(token)}`

  if (!token || invitation.error) {
    const invalid = !token || (isApiError(invitation.error) && invitation.error.status < 500)
    return (
      <SignInShell title={invalid ? AUTH_MESSAGES.invitationInvalid : 'Unable to load the invitation'}>
        {!invalid && <FormError error={invitation.error} />}
        <Button asChild className="mt-4 w-full justify-center">
          <Link to="/sign-in">{AUTH_MESSAGES.signIn}</Link>
        </Button>
      </SignInShell>
    )
  }
  if (invitation.isPending || session.isPending) return <PageSpinner />

  const { organizationName, role, email } = invitation.data
  const subtitle = `You have been invited to join ${organizationName} as ${ORG_ROLE_LABELS[role]}.`

  if (session.data && !needsMfa(session.data)) {
    return (
      <SignInShell title={`Join ${organizationName}`} subtitle={subtitle}>
        <p className="mb-4 text-sm text-muted-foreground">Signed in as {session.data.user.email}.</p>
        <FormError error={accept.error} />
        <Button
          variant="primary"
          className="mt-2 w-full justify-center"
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: () => {
                toast.success(`You joined ${organizationName}`)
                navigate('/projects', { replace: true })
              },
            })
          }
        >
          Join {organizationName}
        </Button>
      </SignInShell>
    )
  }

  return (
    <SignInShell title={AUTH_MESSAGES.signUpInviteTitle} subtitle={subtitle}>
      <SignUpForm
        defaultEmail={email}
        inviteToken={token}
        submitLabel={`Sign up and join ${organizationName}`}
        onSignedUp={() => {
          queryClient.clear()
          navigate('/projects', { replace: true })
        }}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={`/sign-in?returnTo=${encodeURIComponent(here)}`}
          className="text-foreground underline underline-offset-2"
        >
          {AUTH_MESSAGES.signIn}
        </Link>
      </p>
    </SignInShell>
  )
}
