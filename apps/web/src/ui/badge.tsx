import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

const TONES = {
  neutral: 'bg-muted text-muted-foreground border-border',
  success: 'bg-transparent text-success border-success/40',
  warning: 'bg-warning-surface text-warning border-warning/40',
  danger: 'bg-transparent text-destructive border-destructive/40',
  brand: 'bg-transparent text-brand border-brand/40',
} as const

export type BadgeTone = keyof typeof TONES

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}
