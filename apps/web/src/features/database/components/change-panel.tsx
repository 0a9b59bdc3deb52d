import { useState, type ReactNode } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api-client'
import { Button } from '../../../ui/button'
import { SidePanel } from '../../../ui/side-panel'
import { DATABASE_MESSAGES } from '../messages'
import { SqlReview } from './sql-review'

/**
 * Where a refused change's error belongs: a form says which of its fields a SQLSTATE concerns (42P01, an
 * unknown table, beside the table; 42703, an unknown column, beside the columns …). None: the error stays
 * under the SQL.
 */
export type FieldOfError<F extends string> = Partial<Record<string, F>>

/** The field a refused change concerns, by its SQLSTATE. */
export function fieldOfError<F extends string>(error: unknown, fields: FieldOfError<F> | undefined): F | undefined {
  return isApiError(error) && error.sqlState ? fields?.[error.sqlState] : undefined
}

/** Postgres' message as a field shows it: the message and, when there is one, its formatted text's hint lines. */
export function fieldErrorText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error)
  return `${DATABASE_MESSAGES.refusedBeside} ${error.message}`
}

/**
 * A Database form in a side panel, with the flow every change has: fill in the form, review the SQL it runs
 * (built by `@basalt/sql` as the server builds it), run it in one transaction. A refusal from Postgres is
 * shown beside the field it concerns (`fields`), back on the form, or else under the SQL; nothing changed.
 *
 * `prepare` checks the form and answers what to send and the SQL to show, or null (its errors shown).
 */
export function ChangePanel<B, R>({
  title,
  onClose,
  mutation,
  prepare,
  fields,
  onDone,
  children,
}: {
  title: string
  onClose: () => void
  mutation: Pick<UseMutationResult<R, Error, B>, 'mutate' | 'isPending' | 'error' | 'reset'>
  prepare: () => { body: B; sql: string } | null
  fields?: FieldOfError<string>
  onDone: (result: R) => void
  /** The form; `refused(field)` is Postgres' refusal when it concerns that field. */
  children: (refused: (field: string) => string | undefined) => ReactNode
}) {
  const [review, setReview] = useState<{ body: B; sql: string } | null>(null)
  const [refusal, setRefusal] = useState<{ field: string; text: string } | null>(null)

  const toReview = () => {
    const prepared = prepare()
    if (!prepared) return
    mutation.reset()
    setRefusal(null)
    setReview(prepared)
  }
  const run = () => {
    if (!review) return
    mutation.mutate(review.body, {
      onSuccess: onDone,
      onError: (error) => {
        const field = fieldOfError(error, fields)
        if (field) {
          setRefusal({ field, text: fieldErrorText(error) })
          setReview(null)
        }
      },
    })
  }

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        review ? (
          <>
            <Button onClick={() => setReview(null)}>{DATABASE_MESSAGES.backToEdit}</Button>
            <Button variant="primary" loading={mutation.isPending} onClick={run}>
              {DATABASE_MESSAGES.run}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{DATABASE_MESSAGES.cancel}</Button>
            <Button variant="primary" onClick={toReview}>
              {DATABASE_MESSAGES.review}
            </Button>
          </>
        )
      }
    >
      {review ? (
        <>
          <h3 className="text-sm font-semibold">{DATABASE_MESSAGES.reviewTitle}</h3>
          <SqlReview sql={review.sql} error={mutation.error} />
        </>
      ) : (
        children((field) => (refusal?.field === field ? refusal.text : undefined))
      )}
    </SidePanel>
  )
}
