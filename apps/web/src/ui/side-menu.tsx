import { Link, useLocation } from 'react-router'
import { cn } from '../lib/cn'
import { Badge } from './badge'

export interface SideMenuItem {
  label: string
  href: string
  badge?: string
  /** Match the exact path only (for index-like entries). */
  end?: boolean
}

export interface SideMenuGroup {
  title?: string
  items: SideMenuItem[]
}

/** A secondary menu: titled groups of links, the current page marked with aria-current. */
export function SideMenu({ title, groups, label }: { title?: string; groups: SideMenuGroup[]; label: string }) {
  return (
    <nav aria-label={label} className="space-y-5 px-3 py-4">
      {title && <p className="px-2 text-base font-semibold">{title}</p>}
      {groups.map((group, i) => (
        <div key={group.title ?? i} className="space-y-1">
          {group.title && (
            <p className="px-2 pb-1 text-xs font-medium text-muted-foreground uppercase">{group.title}</p>
          )}
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <li key={item.href}>
                <SideMenuLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/**
 * Active when the path matches; entries with a query (`api?page=auth`) also match the query, so
 * only one of several entries on the same path is marked.
 */
function SideMenuLink({ item }: { item: SideMenuItem }) {
  const location = useLocation()
  const [path, query] = item.href.split('?')
  const samePath = item.end === false ? location.pathname.startsWith(path!) : location.pathname === path
  const current = new URLSearchParams(location.search)
  const wanted = new URLSearchParams(query ?? '')
  const isActive =
    samePath &&
    (query ? [...wanted].every(([k, v]) => current.get(k) === v) : !item.href.includes('?') && !current.has('page'))
  return (
    <Link
      to={item.href}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm',
        isActive
          ? 'bg-muted font-medium text-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {item.label}
      {item.badge && <Badge>{item.badge}</Badge>}
    </Link>
  )
}
