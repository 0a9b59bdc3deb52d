import type { ReactNode } from 'react'
import { Tooltip as RadixTooltip } from 'radix-ui'

/**
 * A short text shown beside an element on hover and on keyboard focus (Radix: Escape closes it, screen
 * readers read it as the element's description).
 *
 * @example
 *   <Tooltip content="select * from todos"><Link to="…">Todos</Link></Tooltip>
 */
export function Tooltip({
  content,
  children,
  side = 'right',
}: {
  content: ReactNode
  children: ReactNode
  side?: 'top' | 'right' | 'bottom' | 'left'
}) {
  return (
    <RadixTooltip.Provider delayDuration={400}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 max-w-xs rounded-md border border-border bg-surface-raised px-2 py-1 text-xs text-foreground shadow-md"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
