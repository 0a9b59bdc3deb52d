import { ArrowUpDown, X } from 'lucide-react'
import type { Sort } from '@basalt/sql'
import type { PgColumn } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { NativeSelect } from '../../../ui/input'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { RuleDraftPopover } from './rule-draft-popover'

/**
 * The Sort popover: each column may be used once (spec 1 §5); applying writes the `sort` URL parameters and
 * keeps the page.
 */
export function SortPopover({
  columns,
  sorts,
  onApply,
}: {
  columns: readonly PgColumn[]
  sorts: readonly Sort[]
  onApply: (sorts: Sort[]) => void
}) {
  return (
    <RuleDraftPopover
      label="Sorts"
      rules={sorts}
      onApply={onApply}
      className="w-80"
      icon={<ArrowUpDown aria-hidden className="size-3.5" />}
      idleText="Sort"
      activeVerb="Sorted"
      applyLabel="Apply sorting"
    >
      {(draft, setDraft) => {
        const remaining = columns.filter((c) => !draft.some((s) => s.column === c.name))
        return (
          <>
            {draft.length === 0 && <p className="text-sm text-muted-foreground">No sorts applied to this view.</p>}
            <ul className="space-y-1.5">
              {draft.map((sort, i) => (
                <li key={sort.column} className="flex items-center gap-1.5">
                  <span className="min-w-0 flex-1 truncate text-sm">{sort.column}</span>
                  <span className="w-32 shrink-0">
                    <NativeSelect
                      aria-label={`Direction of ${sort.column}`}
                      className="h-8 text-xs"
                      value={sort.ascending ? 'asc' : 'desc'}
                      onChange={(e) =>
                        setDraft((d) => d.map((s, j) => (j === i ? { ...s, ascending: e.target.value === 'asc' } : s)))
                      }
                    >
                      <option value="asc">Ascending</option>
                      <option value="desc">Descending</option>
                    </NativeSelect>
                  </span>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Remove sort by ${sort.column}`}
                    onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-3.5" />
                  </Button>
                </li>
              ))}
            </ul>
            {remaining.length === 0 ? (
              <p className="text-sm text-muted-foreground">{TABLE_EDITOR_MESSAGES.allColumnsAdded}</p>
            ) : (
              <NativeSelect
                aria-label="Pick a column to sort by"
                className="h-8 text-xs"
                value=""
                onChange={(e) => {
                  const column = e.target.value
                  if (column) setDraft((d) => [...d, { column, ascending: true }])
                }}
              >
                <option value="">Pick a column to sort by</option>
                {remaining.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </>
        )
      }}
    </RuleDraftPopover>
  )
}
