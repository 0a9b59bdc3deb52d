import type { AuthUser } from '@basalt/contracts'
import { Badge } from '../../../ui/badge'

/** Whether the user is banned now (a ban whose end has passed is over). */
export const isBanned = (user: AuthUser, now = Date.now()) =>
  user.banned_until !== null && Date.parse(user.banned_until) > now

/** The badges of a user's state: banned, anonymous, or waiting for confirmation. */
export function UserStatus({ user }: { user: AuthUser }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {isBanned(user) && <Badge tone="danger">Banned</Badge>}
      {user.is_anonymous && <Badge>Anonymous</Badge>}
      {!user.is_anonymous && !user.email_confirmed_at && !user.phone_confirmed_at && (
        <Badge tone="warning">Waiting for verification</Badge>
      )}
    </span>
  )
}
