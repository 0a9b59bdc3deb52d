import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export function Banner({
  tone = 'warning',
  children,
  action,
}: {
  tone?: 'warning' | 'danger'
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-b px-6 py-2.5 text-sm',
        tone === 'warning'
          ? 'border-warning/40 bg-warning-surface text-foreground'
          : 'border-destructive/40 bg-destructive/10',
      )}
    >
      <div>{children}</div>
      {action}
    </div>
  )
}
