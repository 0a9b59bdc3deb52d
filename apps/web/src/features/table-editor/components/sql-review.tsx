import { isApiError } from '../../../lib/api-client'
import { Button } from '../../../ui/button'
import { errorMessage } from '../../../lib/format'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

/**
 * The review step of a schema change: the exact SQL that will run (built by `@basalt/sql` as the server
 * builds it), and, after a failed run, the Postgres error with its position (nothing was applied: the
 * change runs in one transaction).
 */
export function SqlReview({ sql, error }: { sql: string; error?: unknown }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{SCHEMA_EDITOR_MESSAGES.reviewDescription}</p>
      {sql === '' ? (
        <p className="text-sm">{SCHEMA_EDITOR_MESSAGES.noChanges}</p>
      ) : (
        <pre
          aria-label={SCHEMA_EDITOR_MESSAGES.sqlLabel}
          className="max-h-[25rem] overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
        >
          {sql}
        </pre>
      )}
      {error != null && <SqlError error={error} />}
    </div>
  )
}

/** A failed schema change: the server's message, and the psql-style formatted error when Postgres gave one. */
export function SqlError({ error }: { error: unknown }) {
  const formatted = isApiError(error) ? error.formattedError : undefined
  return (
    <div role="alert" className="space-y-1.5 rounded-md border border-destructive/40 px-3 py-2 text-sm">
      <p className="font-medium text-destructive">{SCHEMA_EDITOR_MESSAGES.failed}</p>
      {formatted ? (
        <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap">{formatted}</pre>
      ) : (
        <p className="text-muted-foreground">{errorMessage(error)}</p>
      )}
    </div>
  )
}

/** Where a schema panel is: filling its form, or reviewing the SQL that `run` will send. */
export type SchemaChangeStep = { kind: 'form' } | { kind: 'review'; sql: string; run: () => Promise<unknown> }

/**
 * The review step of the table and column panels: the SQL, Back to edit, and Save, which runs the change
 * and calls onDone when it succeeded; a failure stays on this step with its error (kept by the mutation).
 */
export function ReviewStep({
  step,
  error,
  pending,
  onBack,
  onDone,
}: {
  step: Extract<SchemaChangeStep, { kind: 'review' }>
  error: unknown
  pending: boolean
  onBack: () => void
  onDone: () => void
}) {
  const save = async () => {
    try {
      await step.run()
      onDone()
    } catch {
      // The mutation keeps the error; the review shows it.
    }
  }
  return (
    <>
      <h3 className="text-sm font-semibold">{SCHEMA_EDITOR_MESSAGES.reviewTitle}</h3>
      <SqlReview sql={step.sql} error={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onBack}>{SCHEMA_EDITOR_MESSAGES.backToEdit}</Button>
        <Button variant="primary" disabled={step.sql === ''} loading={pending} onClick={save}>
          {SCHEMA_EDITOR_MESSAGES.save}
        </Button>
      </div>
    </>
  )
}
