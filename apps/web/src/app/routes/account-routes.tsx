import { Outlet } from 'react-router'
import { useSignedInSession } from '../../lib/auth'
import { SideMenu } from '../../ui/side-menu'
import { CollapsibleSidebar } from '../../ui/collapsible-sidebar'
import { AppHeader } from '../app-header'
import { PreferencesPage } from '../../features/account/components/preferences-page'
import { AccessTokensPage } from '../../features/account/components/access-tokens-page'
import { SecurityPage } from '../../features/account/components/security-page'
import { AccountAuditPage } from '../../features/account/components/account-audit-page'

/** Spec 2 §2 Account: the sidebar exists in hosted mode only (the router's HostedOnly guard). */
export const ACCOUNT_MENU = [
  { label: 'Preferences', href: '/account/me' },
  { label: 'Access Tokens', href: '/account/tokens' },
  { label: 'Security', href: '/account/security' },
  { label: 'Audit logs', href: '/account/audit' },
] as const

export function AccountLayout() {
  return (
    <div className="flex h-full flex-col" data-title-context="Account">
      <AppHeader />
      <div className="flex min-h-0 flex-1">
        <CollapsibleSidebar label="account menu">
          <aside className="w-56 shrink-0 overflow-y-auto border-r border-border">
            <SideMenu title="Account" label="Account" groups={[{ items: [...ACCOUNT_MENU] }]} />
          </aside>
        </CollapsibleSidebar>
        <main className="min-w-0 flex-1 overflow-y-auto">
          <Outlet />
        </main>
      </div>
    </div>
  )
}

export function PreferencesRoute() {
  return <PreferencesPage user={useSignedInSession().user} />
}

export function SecurityRoute() {
  return <SecurityPage user={useSignedInSession().user} />
}

export { AccessTokensPage as AccessTokensRoute, AccountAuditPage as AccountAuditRoute }
