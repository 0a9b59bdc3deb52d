import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { cn } from '../lib/cn'
import { Logo } from '../ui/logo'
import { ThemeMenu } from './theme-menu'
import { UserMenu } from './user-menu'

/** The theme switch and user menu, shared by every header. */
export function HeaderActions() {
  return (
    <>
      <ThemeMenu />
      <UserMenu />
    </>
  )
}

/** The header of the hosted areas outside a project: projects, organisations, account. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
      <div className="flex min-w-0 items-center gap-4 text-sm">
        <Link to="/projects" aria-label="Basalt, all projects">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink
            to="/projects"
            className={({ isActive }) =>
              cn(
                'rounded-md px-2 py-1',
                isActive ? 'font-medium text-foreground' : 'text-muted-foreground hover:text-foreground',
              )
            }
          >
            Projects
          </NavLink>
        </nav>
        {children}
      </div>
      <div className="flex items-center gap-1">
        <HeaderActions />
      </div>
    </header>
  )
}
