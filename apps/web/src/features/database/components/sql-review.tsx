import { isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { DATABASE_MESSAGES as MESSAGES } from '../messages'

/**
 * The SQL a change will run (built by `@basalt/sql` exactly as the server builds it) and, after a failed run,
 * Postgres' own error with its position: nothing was applied, the change runs in one transaction.
 */
export function SqlReview({ sql, error }: { sql: string; error?: unknown }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{MESSAGES.reviewDescription}</p>
      <pre
        aria-label={MESSAGES.sqlLabel}
        className="max-h-[25rem] overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
      >
        {sql}
      </pre>
      {error != null && <ChangeError error={error} />}
    </div>
  )
}

/** A refused change: the server's message, and the psql-style formatted error when Postgres gave one. */
export function ChangeError({ error }: { error: unknown }) {
  const formatted = isApiError(error) ? error.formattedError : undefined
  return (
    <div role="alert" className="space-y-1.5 rounded-md border border-destructive/40 px-3 py-2 text-sm">
      <p className="font-medium text-destructive">{MESSAGES.failed}</p>
      {formatted ? (
        <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap">{formatted}</pre>
      ) : (
        <p className="text-foreground">{errorMessage(error)}</p>
      )}
    </div>
  )
}
