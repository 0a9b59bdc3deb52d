import type { LucideIcon } from 'lucide-react'
import { Button } from '../../../ui/button'
import { Td, Th } from '../../../ui/table'

/** A button of a row: its icon, named for screen readers ('Delete index items_idx'). */
export interface RowAction {
  label: string
  icon: LucideIcon
  onClick: () => void
  /** Left out when false (a member who may not change it, an object that cannot be edited). */
  shown?: boolean
}

/** The last cell of a Database list's row: its actions as icon buttons. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Td className="text-right whitespace-nowrap">
      {actions
        .filter((a) => a.shown !== false)
        .map(({ label, icon: Icon, onClick }) => (
          <Button key={label} size="sm" variant="ghost" aria-label={label} onClick={onClick}>
            <Icon aria-hidden className="size-4" />
          </Button>
        ))}
    </Td>
  )
}

/** The header of the actions column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
  )
}
