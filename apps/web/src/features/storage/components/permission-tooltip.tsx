import type { ReactNode } from 'react'
import { Tooltip } from '../../../ui/tooltip'

/**
 * A control the member may not use (spec 3 §6): shown disabled, with the spec's sentence as its tooltip. The
 * tooltip hangs on a focusable wrapper, since a disabled button takes neither hover nor focus.
 */
export function PermissionGate({
  allowed,
  reason,
  children,
  side = 'bottom',
}: {
  allowed: boolean
  reason: string
  children: ReactNode
  side?: 'top' | 'right' | 'bottom' | 'left'
}) {
  if (allowed) return <>{children}</>
  return (
    <Tooltip content={reason} side={side}>
      <span
        tabIndex={0}
        aria-label={reason}
        className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-ring"
      >
        {children}
      </span>
    </Tooltip>
  )
}
