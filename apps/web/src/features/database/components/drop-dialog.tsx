import { useId, useState } from 'react'
import { toast } from 'sonner'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import type { Dependent } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { DATABASE_MESSAGES as MESSAGES } from '../messages'

/**
 * Dropping a database object, as every Database page drops one: what depends on it (pg_depend, read before
 * anything runs) with CASCADE offered when something does, the DROP statement as it will run, the object's
 * name typed to confirm; then the change runs, the page says it is done and the dialog closes — or Postgres'
 * refusal stays in the dialog. A page passes its own mutation and what to send for a choice of CASCADE.
 *
 * @example
 *   <DropDialog title={`Delete type ${t.name}`} name={t.name} dependents={useTypeDependents(ref, t.id)}
 *     mutation={useDeleteDatabaseType(ref)} variables={(cascade) => ({ id: t.id, cascade })}
 *     sql={(cascade) => buildDropType(t, cascade)} done={`Type ${t.name} deleted`} onClose={close} />
 */
export function DropDialog<V>({
  title,
  name,
  dependents,
  sql,
  mutation,
  variables,
  done,
  onClose,
  onDropped,
  confirmLabel = 'Delete',
  cascadable = true,
  confirmByName = true,
}: {
  title: string
  /** Typed to confirm. */
  name: string
  /** What depends on the object; none for an object nothing can depend on (an index, a trigger …). */
  dependents?: Pick<UseQueryResult<Dependent[]>, 'data' | 'error' | 'isPending'>
  sql: (cascade: boolean) => string
  mutation: Pick<UseMutationResult<unknown, Error, V>, 'mutate' | 'isPending' | 'error'>
  /** What the mutation takes for the DROP, with or without CASCADE. */
  variables: (cascade: boolean) => V
  /** Said once it is dropped ('Index x deleted'). */
  done: string
  onClose: () => void
  /** Called once it is dropped, before the dialog closes. */
  onDropped?: () => void
  confirmLabel?: string
  /** Whether the DROP takes CASCADE (DROP ROLE does not: what a role owns must be reassigned first). */
  cascadable?: boolean
  /** Whether the name must be typed to confirm. */
  confirmByName?: boolean
}) {
  const [cascade, setCascade] = useState(false)
  const cascadeId = useId()
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      confirmLabel={confirmLabel}
      loading={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error) : null}
      typeToConfirm={confirmByName ? name : undefined}
      onConfirm={() =>
        mutation.mutate(variables(cascade), {
          onSuccess: () => {
            toast.success(done)
            onDropped?.()
            onClose()
          },
        })
      }
    >
      <div className="mb-4 space-y-3 text-sm">
        {!dependents ? null : dependents.isPending ? (
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
