import { useLayoutEffect, useRef, useState, type HTMLAttributes } from 'react'

/**
 * A box whose content may scroll (sideways on a narrow screen, say): while it does, it takes the keyboard
 * focus (Tab, then the arrow keys scroll it) and is a region named `label` (WCAG 2.1.1); while everything
 * fits, it is a plain box and no tab stop.
 */
export function ScrollRegion({ label, ...props }: HTMLAttributes<HTMLDivElement> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    for (const child of el.children) observer.observe(child)
    return () => observer.disconnect()
  }, [])
  return <div ref={ref} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})} {...props} />
}
