import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { ToolbarPopover } from '../../../ui/toolbar-popover'

/**
 * A toolbar popover editing a list of rules (filters, sorts): opening copies the applied rules into a
 * draft, the trigger says how many rules apply ("Filtered by 2 rules"), and submitting applies the draft
 * and closes. The caller renders the rows and any footer actions.
 */
export function RuleDraftPopover<T extends object>({
  label,
  rules,
  onApply,
  icon,
  idleText,
  activeVerb,
  applyLabel,
  className,
  footerStart,
  children,
}: {
  label: string
  rules: readonly T[]
  onApply: (rules: T[]) => void
  icon: ReactNode
  /** Trigger text with no rule applied: 'Filter'. */
  idleText: string
  /** 'Filtered' → 'Filtered by 1 rule'. */
  activeVerb: string
  applyLabel: string
  className?: string
  footerStart?: (setDraft: Dispatch<SetStateAction<T[]>>) => ReactNode
  children: (draft: T[], setDraft: Dispatch<SetStateAction<T[]>>) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<T[]>([])
  const n = rules.length

  return (
    <ToolbarPopover
      label={label}
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(rules.map((r) => ({ ...r })))
        setOpen(next)
      }}
      className={className}
      trigger={
        <Button size="sm" variant={n > 0 ? 'default' : 'ghost'}>
          {icon}
          {n > 0 ? `${activeVerb} by ${n} ${n === 1 ? 'rule' : 'rules'}` : idleText}
        </Button>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onApply(draft)
          setOpen(false)
        }}
      >
        <div className="max-h-80 space-y-2 overflow-y-auto p-3">{children(draft, setDraft)}</div>
        <div
          className={cn(
            'flex items-center gap-2 border-t border-border px-3 py-2',
            footerStart ? 'justify-between' : 'justify-end',
          )}
        >
          {footerStart?.(setDraft)}
          <Button size="sm" variant="primary" type="submit">
            {applyLabel}
          </Button>
        </div>
      </form>
    </ToolbarPopover>
  )
}
