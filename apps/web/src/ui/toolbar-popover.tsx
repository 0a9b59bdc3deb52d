import type { ReactNode } from 'react'
import { Popover } from 'radix-ui'
import { cn } from '../lib/cn'

/** A toolbar popover (Radix: focus is trapped while open, Escape closes it and focus returns to the trigger). */
export function ToolbarPopover({
  trigger,
  children,
  open,
  onOpenChange,
  label,
  className,
}: {
  trigger: ReactNode
  children: ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
  label: string
  className?: string
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={label}
          role="dialog"
          className={cn(
            'z-50 w-[28rem] max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface-raised shadow-lg focus:outline-none',
            className,
          )}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
