import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { cellText } from '../../../ui/data-grid/cell-text'
import { filterValueOf } from '../state/cell-value'
import { foreignKeyHref } from '../state/url-state'
import type { ForeignKeyTarget } from '../state/foreign-key-map'
import { GRID_KEYS } from './grid-shortcuts'

/** A read-only cell: its text (NULL for null), a mark when truncated, and the foreign-key link button. */
export function GridCell({
  projectRef,
  value,
  truncated,
  foreignKey,
  tabIndex,
}: {
  projectRef: string
  value: unknown
  truncated: boolean
  foreignKey: ForeignKeyTarget | undefined
  /** The grid's roving tab index: the link is a tab stop only in the active cell. */
  tabIndex?: number
}) {
  const text = cellText(value)
  return (
    <div className="flex h-full items-center gap-1">
      {text === null ? (
        <span className="text-muted-foreground">NULL</span>
      ) : (
        <span className="min-w-0 truncate">
          {text}
          {truncated && (
            <span className="text-muted-foreground" title="Truncated: open the row to load the full value">
              …
            </span>
          )}
        </span>
      )}
      {foreignKey && text !== null && (
        <Link
          to={foreignKeyHref(projectRef, foreignKey.targetTableId, foreignKey.targetColumn, filterValueOf(value))}
          tabIndex={tabIndex}
          aria-label={`View the referenced row in ${foreignKey.targetSchema}.${foreignKey.targetTable}`}
          title={`View the referenced row in ${foreignKey.targetSchema}.${foreignKey.targetTable} (${GRID_KEYS.followForeignKey})`}
          className="ml-auto shrink-0 rounded border border-border p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <ArrowRight aria-hidden className="size-3" />
        </Link>
      )}
    </div>
  )
}
