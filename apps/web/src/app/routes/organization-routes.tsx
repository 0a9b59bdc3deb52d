import { Link, Outlet, useOutletContext, useParams } from 'react-router'
import type { Organization } from '@basalt/contracts'
import { isApiError } from '../../lib/api-client'
import { useSignedInSession } from '../../lib/auth'
import { SideMenu } from '../../ui/side-menu'
import { CollapsibleSidebar } from '../../ui/collapsible-sidebar'
import { PageSpinner } from '../../ui/spinner'
import { ErrorState } from '../../ui/empty-state'
import { Button } from '../../ui/button'
import { NotAvailablePage } from '../../ui/not-available-page'
import { NoAccessPage } from '../../ui/no-access-page'
import { AppHeader } from '../app-header'
import { useOrganization } from '../../features/organization/api/get-organization'
import { buildOrgMenu } from '../../features/organization/org-menu'
import { OrganizationGeneralPage } from '../../features/organization/components/organization-general-page'
import { TeamPage } from '../../features/organization/components/team-page'
import { OrganizationAuditPage } from '../../features/organization/components/organization-audit-page'

const useOrganizationOutlet = () => useOutletContext<{ organization: Organization }>()

export function OrganizationLayout() {
  const { slug = '' } = useParams()
  const organization = useOrganization(slug)
  return (
    <div className="flex h-full flex-col" data-title-context={organization.data?.name}>
      <AppHeader>
        {organization.data && (
          <span className="truncate text-muted-foreground">
            <span aria-hidden>/ </span>
            {organization.data.name}
          </span>
        )}
      </AppHeader>
      {organization.isPending ? (
        <PageSpinner />
      ) : organization.error ? (
        <div className="mx-auto w-full max-w-xl px-6 py-16">
          <ErrorState
            title={
              isApiError(organization.error) && organization.error.status === 404
                ? 'Organization not found'
                : 'Failed to load the organization'
            }
            error={organization.error}
            action={
              <Button asChild size="sm" className="mt-2">
                <Link to="/projects">All projects</Link>
              </Button>
            }
          />
        </div>
      ) : (
        <div className="flex min-h-0 flex-1">
          <CollapsibleSidebar label="organization menu">
            <aside className="w-56 shrink-0 overflow-y-auto border-r border-border">
              <SideMenu
                title={organization.data.name}
                label="Organization"
                groups={[
                  {
                    items: buildOrgMenu(organization.data.permissions).map((e) => ({
                      label: e.label,
                      href: `/org/${slug}/${e.path}`,
                    })),
                  },
                ]}
              />
            </aside>
          </CollapsibleSidebar>
          <main className="min-w-0 flex-1 overflow-y-auto">
            <Outlet context={{ organization: organization.data }} />
          </main>
        </div>
      )}
    </div>
  )
}

export function OrganizationGeneralRoute() {
  return <OrganizationGeneralPage organization={useOrganizationOutlet().organization} />
}

export function TeamRoute() {
  const session = useSignedInSession()
  return <TeamPage organization={useOrganizationOutlet().organization} currentUserId={session.user.id} />
}

export function OrganizationAuditRoute() {
  return <OrganizationAuditPage organization={useOrganizationOutlet().organization} />
}

/** Invoices: spec 2 §2/§6 — only with the billing invoices permission. */
export function InvoicesRoute() {
  const { organization } = useOrganizationOutlet()
  if (!organization.permissions.includes('billing:invoices')) {
    return (
      <NoAccessPage title="Invoices" detail="Invoices need the billing invoices permission (organization owners)." />
    )
  }
  return <NotAvailablePage title="Invoices" />
}

export function OrganizationNotAvailableRoute({ title }: { title: string }) {
  return <NotAvailablePage title={title} />
}
