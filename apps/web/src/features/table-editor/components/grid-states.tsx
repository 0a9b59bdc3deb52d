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

/** Spec 1 §2 error panel, with the server's message. */
export function RowsErrorPanel({ error }: { error: unknown }) {
  return (
    <div className="p-4">
      <ErrorState title={TABLE_EDITOR_MESSAGES.rowsError} error={error} />
    </div>
  )
}
