import { useId, useState } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { Dependent } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { DATABASE_MESSAGES as MESSAGES } from '../messages'

/**
 * Dropping a database object: what depends on it (pg_depend, read before anything runs), CASCADE offered
 * when something does, the DROP statement as it will run, and the object's name typed to confirm.
 */
export function DropDialog({
  title,
  name,
  dependents,
  sql,
  onDrop,
  pending,
  error,
  onClose,
  confirmLabel = 'Delete',
  cascadable = true,
}: {
  title: string
  /** Typed to confirm. */
  name: string
  dependents: Pick<UseQueryResult<Dependent[]>, 'data' | 'error' | 'isPending'>
  sql: (cascade: boolean) => string
  onDrop: (cascade: boolean) => void
  pending: boolean
  error: unknown
  onClose: () => void
  confirmLabel?: string
  /** Whether the DROP takes CASCADE (DROP ROLE does not: what a role owns must be reassigned first). */
  cascadable?: boolean
}) {
  const [cascade, setCascade] = useState(false)
  const cascadeId = useId()
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      confirmLabel={confirmLabel}
      loading={pending}
      error={error ? errorMessage(error) : null}
      typeToConfirm={name}
      onConfirm={() => onDrop(cascade)}
    >
      <div className="mb-4 space-y-3 text-sm">
        {dependents.isPending ? (
          <Skeleton className="h-6 w-full" />
        ) : dependents.error ? (
          <ErrorState title={MESSAGES.dependentsError} error={dependents.error} />
        ) : (dependents.data ?? []).length === 0 ? (
          <p>{MESSAGES.noDependents}</p>
        ) : (
          <div>
            <p>{MESSAGES.dependentsTitle}</p>
            <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5">
              {dependents.data!.map((d) => (
                <li key={d.description}>{d.description}</li>
              ))}
            </ul>
            {cascadable && (
              <label htmlFor={cascadeId} className="mt-2 flex items-center gap-2">
                <input
                  id={cascadeId}
                  type="checkbox"
                  checked={cascade}
                  onChange={(e) => setCascade(e.target.checked)}
                />
                {MESSAGES.cascade}
              </label>
            )}
          </div>
        )}
        <pre
          aria-label={MESSAGES.sqlLabel}
          className="overflow-auto rounded-md border border-border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap"
        >
          {sql(cascade)}
        </pre>
      </div>
    </ConfirmDialog>
  )
}
