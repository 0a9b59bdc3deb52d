import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { cn } from '../lib/cn'

const STEP = 0.05

function readRatio(storageKey: string | undefined, fallback: number): number {
  if (!storageKey) return fallback
  try {
    const stored = Number(localStorage.getItem(storageKey))
    return stored > 0 && stored < 1 ? stored : fallback
  } catch {
    return fallback
  }
}

/**
 * Two panes one above the other with a handle between them, dragged with the pointer or moved with the arrow
 * keys (Home and End for the limits): an ARIA separator whose value is the top pane's share in percent.
 * With `storageKey` the share is kept in this browser.
 *
 * @example
 *   <VerticalSplit label="Resize editor and results" top={<Editor />} bottom={<Results />} storageKey="sql-split" />
 */
export function VerticalSplit({
  top,
  bottom,
  label,
  initial = 0.45,
  min = 0.15,
  max = 0.85,
  storageKey,
  className,
}: {
  top: ReactNode
  bottom: ReactNode
  label: string
  /** The top pane's share of the height, 0…1. */
  initial?: number
  min?: number
  max?: number
  storageKey?: string
  className?: string
}) {
  const [ratio, setRatioState] = useState(() => readRatio(storageKey, initial))
  const container = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)

  const setRatio = (next: number) => {
    const clamped = Math.min(max, Math.max(min, next))
    setRatioState(clamped)
    if (storageKey) {
      try {
        localStorage.setItem(storageKey, String(clamped))
      } catch {
        // Private mode: the size holds for this page.
      }
    }
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect()
    if (!dragging.current || !box || box.height === 0) return
    setRatio((event.clientY - box.top) / box.height)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowUp: ratio - STEP, ArrowDown: ratio + STEP, Home: min, End: max }[event.key]
    if (next === undefined) return
    event.preventDefault()
    setRatio(next)
  }

  return (
    <div ref={container} className={cn('flex min-h-0 flex-1 flex-col', className)}>
      <div className="min-h-0 shrink-0 grow-0" style={{ flexBasis: `${ratio * 100}%` }}>
        {top}
      </div>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label={label}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuemin={Math.round(min * 100)}
        aria-valuemax={Math.round(max * 100)}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true
          event.currentTarget.setPointerCapture(event.pointerId)
        }}
        onPointerMove={onPointerMove}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        className="relative h-1 shrink-0 cursor-row-resize touch-none bg-border outline-none hover:bg-brand/60 focus-visible:bg-brand"
      />
      <div className="min-h-0 flex-1">{bottom}</div>
    </div>
  )
}
