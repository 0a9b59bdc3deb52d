import { CopyButton } from '../../../ui/copy-button'
import { ErrorState } from '../../../ui/empty-state'
import { SkeletonList } from '../../../ui/skeleton'
import { useTableDefinition } from '../../../project/pg-meta/get-table-definition'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { ScrollRegion } from '../../../ui/scroll-region'

/** `view=definition`: the entity's DDL, read-only, with a copy button. */
export function DefinitionView({ projectRef, tableId }: { projectRef: string; tableId: number }) {
  const definition = useTableDefinition(projectRef, tableId)
  if (definition.isPending) return <SkeletonList rows={6} className="p-4" />
  if (definition.error) {
    return (
      <div className="p-4">
        <ErrorState title={TABLE_EDITOR_MESSAGES.definitionError} error={definition.error} />
      </div>
    )
  }
  return (
    <ScrollRegion label={TABLE_EDITOR_MESSAGES.definitionLabel} className="relative h-full overflow-auto">
      <div className="absolute top-3 right-3">
        <CopyButton value={definition.data.definition} />
      </div>
      <pre
        aria-label={TABLE_EDITOR_MESSAGES.definitionLabel}
        className="p-4 pr-28 font-mono text-xs leading-relaxed whitespace-pre"
      >
        {definition.data.definition}
      </pre>
    </ScrollRegion>
  )
}
