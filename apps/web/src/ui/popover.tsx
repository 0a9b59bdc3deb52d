import type { ReactNode } from 'react'
import { Popover as Radix } from 'radix-ui'

export function Popover({
  trigger,
  children,
  open,
  onOpenChange,
  label,
}: {
  trigger: ReactNode
  children: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  label?: string
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          sideOffset={6}
          aria-label={label}
          className="z-50 w-72 rounded-md border border-border bg-surface-raised p-3 shadow-lg focus:outline-none"
        >
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  )
}
