import type { Dispatch, SetStateAction } from 'react'
import { ListFilter, Plus, X } from 'lucide-react'
import { FILTER_OPERATORS, type Filter, type FilterOperator } from '@basalt/sql'
import type { PgColumn } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { Input, NativeSelect } from '../../../ui/input'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { RuleDraftPopover } from './rule-draft-popover'

/** Spec 1 §5: timestamp filters show the expected format, with the offset for timestamptz. */
export function filterValueHint(format: string | undefined): string | undefined {
  if (format === 'timestamptz') return TABLE_EDITOR_MESSAGES.timestamptzHint
  if (format === 'timestamp') return TABLE_EDITOR_MESSAGES.timestampHint
  return undefined
}

/**
 * The Filter popover: the user edits a draft of rules and applies it; applying writes the `filter` URL
 * parameters (the grid then starts again at page 1 with an unknown total).
 */
export function FilterPopover({
  columns,
  filters,
  onApply,
}: {
  columns: readonly PgColumn[]
  filters: readonly Filter[]
  onApply: (filters: Filter[]) => void
}) {
  const formatOf = (name: string) => columns.find((c) => c.name === name)?.format
  const update = (setDraft: Dispatch<SetStateAction<Filter[]>>, i: number, patch: Partial<Filter>) =>
    setDraft((d) => d.map((f, j) => (j === i ? { ...f, ...patch } : f)))

  return (
    <RuleDraftPopover
      label="Filters"
      rules={filters}
      onApply={onApply}
      icon={<ListFilter aria-hidden className="size-3.5" />}
      idleText="Filter"
      activeVerb="Filtered"
      applyLabel="Apply filter"
      footerStart={(setDraft) => (
        <Button
          size="sm"
          variant="ghost"
          disabled={columns.length === 0}
          onClick={() => setDraft((d) => [...d, { column: columns[0]!.name, operator: '=', value: '' }])}
        >
          <Plus aria-hidden className="size-3.5" />
          Add filter
        </Button>
      )}
    >
      {(draft, setDraft) => (
        <>
          {draft.length === 0 && (
            <p className="text-sm text-muted-foreground">
              No filters applied to this view. Add a filter to narrow the rows.
            </p>
          )}
          {draft.map((filter, i) => {
            const hint = filterValueHint(formatOf(filter.column))
            return (
              <fieldset key={i} aria-label={`Filter ${i + 1}`} className="space-y-1">
                <div className="flex items-center gap-1.5">
                  <span className="w-36 shrink-0">
                    <NativeSelect
                      aria-label="Column"
                      className="h-8 text-xs"
                      value={filter.column}
                      onChange={(e) => update(setDraft, i, { column: e.target.value })}
                    >
                      {columns.map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </span>
                  <span className="w-28 shrink-0">
                    <NativeSelect
                      aria-label="Operator"
                      className="h-8 text-xs"
                      value={filter.operator}
                      onChange={(e) => update(setDraft, i, { operator: e.target.value as FilterOperator })}
                    >
                      {FILTER_OPERATORS.map((op) => (
                        <option key={op.operator} value={op.operator}>
                          {op.operator === 'in' || op.operator === 'is' ? op.label : `${op.operator} ${op.label}`}
                        </option>
                      ))}
                    </NativeSelect>
                  </span>
                  <Input
                    aria-label="Value"
                    className="h-8 min-w-0 flex-1 text-xs"
                    placeholder={hint ?? (filter.operator === 'in' ? 'a,b,c' : 'Enter a value')}
                    value={filter.value}
                    onChange={(e) => update(setDraft, i, { value: e.target.value })}
                  />
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label="Remove filter"
                    onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-3.5" />
                  </Button>
                </div>
                {hint && <p className="pl-[16.75rem] text-xs text-muted-foreground">{hint}</p>}
              </fieldset>
            )
          })}
        </>
      )}
    </RuleDraftPopover>
  )
}
