import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from '../lib/cn'

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border border-border bg-surface-raised', className)} {...props} />
}

/** A titled settings section: heading, optional description, body, optional footer actions. */
export function Section({
  title,
  description,
  children,
  footer,
  tone,
}: {
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  tone?: 'danger'
}) {
  return (
    <Card className={cn(tone === 'danger' && 'border-destructive/40')}>
      <section aria-label={title}>
        <div className="space-y-1 border-b border-border px-5 py-4">
          <h2 className="text-sm font-semibold">{title}</h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children && <div className="space-y-4 px-5 py-4">{children}</div>}
        {footer && <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>}
      </section>
    </Card>
  )
}
