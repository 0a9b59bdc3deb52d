import { Link } from 'react-router'
import { AlertTriangle } from 'lucide-react'
import { isApiError } from '../lib/api-client'
import { Button } from '../ui/button'
import { ERROR_PAGE_MESSAGES } from './messages'

export interface ErrorDetails {
  code: string
  message: string
}

/** The code and message of anything thrown: an API error, an HTTP route error, or a bug. */
export function describeError(error: unknown): ErrorDetails {
  if (isApiError(error)) return { code: error.code, message: error.message }
  if (error && typeof error === 'object' && 'status' in error && 'statusText' in error) {
    const e = error as { status: number; statusText: string; data?: unknown }
    return { code: String(e.status), message: typeof e.data === 'string' && e.data ? e.data : e.statusText }
  }
  if (error instanceof Error) return { code: error.name || 'Error', message: error.message }
  return { code: 'unknown', message: String(error) }
}

/**
 * Spec 2 §2: the generic page error. Plain anchors (not router links) so it also works outside the
 * router, from the top-level error boundary.
 */
export function ErrorView({ error, inRouter = true }: { error: unknown; inRouter?: boolean }) {
  const { code, message } = describeError(error)
  const link = (to: string, label: string, variant: 'primary' | 'default') => (
    <Button asChild variant={variant}>
      {inRouter ? <Link to={to}>{label}</Link> : <a href={to}>{label}</a>}
    </Button>
  )
  return (
    <main className="flex min-h-full items-center justify-center px-6 py-16">
      <div className="w-full max-w-lg space-y-5">
        <AlertTriangle aria-hidden className="size-8 text-destructive" />
        <h1 className="text-2xl font-semibold tracking-tight">{ERROR_PAGE_MESSAGES.title}</h1>
        <p className="text-sm text-muted-foreground">{ERROR_PAGE_MESSAGES.body}</p>
        <div className="space-y-1 rounded-md border border-border bg-surface px-4 py-3 font-mono text-xs">
          <p>
            Error code: <span data-testid="error-code">{code}</span>
          </p>
          <p className="break-words">Message: {message}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {link('/projects', ERROR_PAGE_MESSAGES.headBack, 'primary')}
          {link('/support/new', ERROR_PAGE_MESSAGES.support, 'default')}
        </div>
      </div>
    </main>
  )
}
