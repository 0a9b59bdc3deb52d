import { useState } from 'react'
import { cn } from '../lib/cn'
import { userAvatarUrl, userDisplayName, NO_DISPLAY_NAME } from './user-display'

/**
 * A user's avatar (spec 1 §3): the image from their metadata's avatar aliases, else the first letter of their
 * display name or email on a muted circle. Decorative: the name beside it says who it is.
 */
export function UserAvatar({
  user,
  className,
}: {
  user: { email?: string | null | undefined; user_metadata?: Record<string, unknown> | null | undefined }
  className?: string
}) {
  const url = userAvatarUrl(user.user_metadata)
  const [broken, setBroken] = useState(false)
  const name = userDisplayName(user.user_metadata)
  const initial = (name !== NO_DISPLAY_NAME ? name : (user.email ?? '?')).slice(0, 1).toUpperCase()
  const base = cn('inline-flex size-6 shrink-0 items-center justify-center overflow-hidden rounded-full', className)
  if (url && !broken) {
    return <img src={url} alt="" aria-hidden className={base} onError={() => setBroken(true)} />
  }
  return (
    <span aria-hidden className={cn(base, 'bg-muted text-xs font-medium text-muted-foreground')}>
      {initial}
    </span>
  )
}
