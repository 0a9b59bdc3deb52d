import type { Permission } from '@basalt/contracts'

export interface OrgMenuEntry {
  label: string
  /** Path inside the organisation, without `/org/{slug}/`. */
  path: string
}

/** Spec 2 §2: the organisation pages; Invoices only with the billing invoices permission. */
export function buildOrgMenu(permissions: readonly Permission[]): OrgMenuEntry[] {
  const entries: Array<OrgMenuEntry | false> = [
    { label: 'General', path: 'general' },
    { label: 'Team', path: 'team' },
    { label: 'Integrations', path: 'integrations' },
    { label: 'Billing', path: 'billing' },
    { label: 'Usage', path: 'usage' },
    permissions.includes('billing:invoices') && { label: 'Invoices', path: 'invoices' },
    { label: 'OAuth Apps', path: 'apps' },
    { label: 'Audit logs', path: 'audit' },
    { label: 'Legal Documents', path: 'documents' },
  ]
  return entries.filter((e): e is OrgMenuEntry => e !== false)
}
