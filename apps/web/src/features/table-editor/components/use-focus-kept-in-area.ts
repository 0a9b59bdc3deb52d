import { useLayoutEffect, useRef, type FocusEvent } from 'react'

/**
 * Keeps the keyboard's place in an area whose content is swapped (the grid giving way to the error panel,
 * say): when what the area `shows` changes while the focus was inside it, and the focus fell back to the
 * page with the element that held it, the focus moves to the `target` element if one is mounted, else to the
 * area itself. Focus anywhere else is left alone.
 *
 * @example
 *   const focus = useFocusKeptInArea(failed ? 'error' : 'rows')
 *   <div {...focus.areaProps}>{failed ? <Panel ref={focus.target} /> : <Grid />}</div>
 */
export function useFocusKeptInArea(shows: string) {
  const area = useRef<HTMLDivElement>(null)
  const target = useRef<HTMLDivElement>(null)
  const focusInside = useRef(false)

  useLayoutEffect(() => {
    const active = document.activeElement
    if (!focusInside.current || (active !== null && active !== document.body)) return
    ;(target.current ?? area.current)?.focus()
  }, [shows])

  const areaProps = {
    ref: area,
    // Focusable, outside the tab order, so that the focus has somewhere to go when nothing inside takes it.
    tabIndex: -1,
    onFocus: () => {
      focusInside.current = true
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      // Focus taken elsewhere leaves the area; focus lost with its element (no relatedTarget) does not.
      if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) focusInside.current = false
    },
  }
  return { areaProps, target }
}
