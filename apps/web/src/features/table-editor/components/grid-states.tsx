import type { Ref } from 'react'
import { Button } from '../../../ui/button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { TABLE_EDITOR_MESSAGES } from '../messages'

/**
 * Spec 1 §2 empty states: an empty table (with 'Import data via CSV' for members who may write), or filters
 * that match nothing.
 */
export function GridEmptyState({
  filtered,
  onRemoveFilters,
  onImportCsv,
}: {
  filtered: boolean
  onRemoveFilters: () => void
  /** Absent when the user may not write. */
  onImportCsv?: () => void
}) {
  if (filtered) {
    return (
      <EmptyState
        className="bg-background"
        title={TABLE_EDITOR_MESSAGES.noResultsTitle}
        action={
          <Button size="sm" onClick={onRemoveFilters}>
            {TABLE_EDITOR_MESSAGES.removeAllFilters}
          </Button>
        }
      />
    )
  }
  return (
    <EmptyState
      className="bg-background"
      title={TABLE_EDITOR_MESSAGES.emptyTitle}
      description={TABLE_EDITOR_MESSAGES.emptyDescription}
      action={
        onImportCsv && (
          <Button size="sm" onClick={onImportCsv}>
            {TABLE_EDITOR_MESSAGES.importCsvEmptyState}
          </Button>
        )
      }
    />
  )
}

/**
 * Spec 1 §2 error panel, with the server's message (Postgres's own for a filter value the column's type
 * refuses), and 'Remove all filters' when filters are applied, since they are the likeliest cause. Focusable
 * (not in the tab order) so that the grid it replaces can hand it the focus.
 */
export function RowsErrorPanel({
  error,
  onRemoveFilters,
  ref,
}: {
  error: unknown
  /** Absent when no filter is applied. */
  onRemoveFilters?: () => void
  ref?: Ref<HTMLDivElement>
}) {
  return (
    <div ref={ref} tabIndex={-1} className="p-4 outline-none">
      <ErrorState
        title={TABLE_EDITOR_MESSAGES.rowsError}
        error={error}
        action={
          onRemoveFilters && (
            <div className="pt-2">
              <Button size="sm" onClick={onRemoveFilters}>
                {TABLE_EDITOR_MESSAGES.removeAllFilters}
              </Button>
            </div>
          )
        }
      />
    </div>
  )
}
