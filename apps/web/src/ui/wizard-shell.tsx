import type { ReactNode } from 'react'
import { Check } from 'lucide-react'
import { cn } from '../lib/cn'
import { Card } from './card'

/** The shell of the create-organisation and create-project wizards: numbered steps and a body. */
export function WizardShell({
  title,
  description,
  steps,
  current,
  children,
}: {
  title: string
  description?: ReactNode
  steps: readonly string[]
  /** Zero-based index of the current step. */
  current: number
  children: ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-6 py-10">
      <Card>
        <div className="space-y-1 border-b border-border px-6 py-5">
          <h1 className="text-lg font-semibold">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        <ol aria-label="Steps" className="flex flex-wrap gap-4 border-b border-border px-6 py-3 text-sm">
          {steps.map((step, i) => (
            <li
              key={step}
              aria-current={i === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                i === current ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                className={cn(
                  'flex size-5 items-center justify-center rounded-full border text-xs',
                  i < current
                    ? 'border-brand bg-brand text-brand-foreground'
                    : i === current
                      ? 'border-brand'
                      : 'border-border',
                )}
              >
                {i < current ? <Check className="size-3" aria-hidden /> : i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <div className="px-6 py-5">{children}</div>
      </Card>
    </div>
  )
}
