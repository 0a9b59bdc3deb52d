import { useEffect, useRef, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { watchOrientation } from '../ui/orientation'
import { SkipLink } from '../ui/skip-link'

/**
 * What every page gets around it: the skip link first in the tab order, a <title> read from the page, and
 * the focus on the new page's heading after a route change (ui/orientation.ts).
 */
export function RouteFrame() {
  const { pathname } = useLocation()
  const [orientation] = useState(() => (typeof document === 'undefined' ? null : watchOrientation()))
  const first = useRef(pathname)
  useEffect(() => () => orientation?.dispose(), [orientation])
  useEffect(() => {
    if (pathname === first.current) return
    first.current = ''
    orientation?.routeChanged()
  }, [pathname, orientation])
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  )
}
