import { MoreHorizontal } from 'lucide-react'
import type { PgPolicy } from '@basalt/contracts'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuItem } from '../../../ui/dropdown-menu'
import { POLICIES_MESSAGES as MESSAGES } from '../messages'

/** Roles shown on a policy row before the rest are counted (spec 1 §9). */
export const SHOWN_ROLES = 3

/** A policy row: its command, name, first roles and '+ N more roles', and its menu (spec 1 §2). */
export function PolicyRow({
  policy,
  canEdit,
  onEdit,
  onDelete,
}: {
  policy: PgPolicy
  canEdit: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const shown = policy.roles.slice(0, SHOWN_ROLES)
  const more = policy.roles.length - shown.length
  return (
    <li className="flex items-center gap-3 px-4 py-2.5 text-sm">
      <Badge className="w-16 justify-center font-mono">{policy.command}</Badge>
      <span className="min-w-0 flex-1 truncate font-medium">{policy.name}</span>
      <ul className="flex shrink-0 flex-wrap items-center justify-end gap-1" aria-label="Roles">
        {shown.map((role) => (
          <li key={role}>
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{role}</code>
          </li>
        ))}
        {more > 0 && <li className="text-xs text-muted-foreground">{MESSAGES.moreRoles(more)}</li>}
      </ul>
      <DropdownMenu
        label={MESSAGES.policyActions(policy.name)}
        trigger={
          <Button variant="ghost" size="icon" aria-label={MESSAGES.policyActions(policy.name)}>
            <MoreHorizontal aria-hidden className="size-4" />
          </Button>
        }
      >
        <DropdownMenuItem disabled={!canEdit} onSelect={onEdit}>
          {MESSAGES.editPolicy}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!canEdit} onSelect={onDelete} className="text-destructive">
          {MESSAGES.deletePolicy}
        </DropdownMenuItem>
        {!canEdit && <p className="px-2 py-1.5 text-xs text-muted-foreground">{MESSAGES.noPolicyPermission}</p>}
      </DropdownMenu>
    </li>
  )
}
