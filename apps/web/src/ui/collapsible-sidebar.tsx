import { useId, useState, useSyncExternalStore, type ReactNode } from 'react'
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { cn } from '../lib/cn'

/** Below this width (200% zoom of a laptop screen) side lists start collapsed (issue 18). */
export const NARROW_SCREEN = '(max-width: 640px)'

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  )
}

/**
 * A side list (the table list, a settings menu) with a button that hides and shows it: collapsed at first on
 * a narrow screen, open on a wide one, then as the user leaves it. Hidden, it keeps its state (a search, say).
 */
export function CollapsibleSidebar({
  label,
  className,
  children,
}: {
  /** What the list is, for the button: 'table list' gives 'Hide table list' / 'Show table list'. */
  label: string
  className?: string
  children: ReactNode
}) {
  const narrow = useMediaQuery(NARROW_SCREEN)
  const [chosen, setChosen] = useState<boolean | null>(null)
  const open = chosen ?? !narrow
  const id = useId()
  const Icon = open ? PanelLeftClose : PanelLeftOpen
  return (
    <div className="flex min-h-0 shrink-0">
      <div id={id} hidden={!open} className={cn('min-h-0', open && 'flex', className)}>
        {children}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${open ? 'Hide' : 'Show'} ${label}`}
        title={`${open ? 'Hide' : 'Show'} ${label}`}
        onClick={() => setChosen(!open)}
        className="flex w-6 shrink-0 items-start justify-center border-r border-border pt-3 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  )
}
