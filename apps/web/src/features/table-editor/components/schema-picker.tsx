import { ChevronDown, Lock } from 'lucide-react'
import { DropdownMenu as Menu } from 'radix-ui'
import type { PgSchema } from '@basalt/contracts'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { MENU_ITEM } from '../../../ui/dropdown-menu'
import { cn } from '../../../lib/cn'
import { TABLE_EDITOR_MESSAGES } from '../messages'

/** Picks the schema of the entity list; protected schemas carry a lock and a Locked badge. */
export function SchemaPicker({
  schemas,
  value,
  onChange,
  isPending,
}: {
  schemas: readonly PgSchema[] | undefined
  value: string
  onChange: (schema: string) => void
  isPending: boolean
}) {
  const current = schemas?.find((s) => s.name === value)
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button size="sm" className="w-full justify-between">
          {/* Named by what it shows, 'schema public' (WCAG 2.5.3); the space keeps the two words apart. */}
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="text-muted-foreground">schema</span> <span className="truncate">{value}</span>
            {current?.protected && <Lock aria-hidden className="size-3 shrink-0 text-muted-foreground" />}
          </span>
          <ChevronDown aria-hidden className="size-3.5 shrink-0" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          aria-label="Schemas"
          className="z-50 max-h-80 min-w-56 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          {isPending && <p className="px-2 py-1.5 text-sm text-muted-foreground">Loading schemas…</p>}
          <Menu.RadioGroup value={value} onValueChange={onChange}>
            {(schemas ?? []).map((s) => (
              <Menu.RadioItem key={s.id} value={s.name} className={cn(MENU_ITEM, 'relative pl-7')}>
                <Menu.ItemIndicator className="absolute left-2.5 size-1.5 rounded-full bg-foreground" />
                <span className="flex-1 truncate">{s.name}</span>
                {s.protected && (
                  <Badge className="gap-1">
                    <Lock aria-hidden className="size-3" />
                    {TABLE_EDITOR_MESSAGES.locked}
                  </Badge>
                )}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
