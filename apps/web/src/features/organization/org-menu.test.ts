import { describe, expect, it } from 'vitest'
import { permissionsOf } from '@basalt/contracts'
import { buildOrgMenu } from './org-menu'

describe('buildOrgMenu', () => {
  it('lists the organisation pages of spec 2 §2, with Invoices for owners', () => {
    expect(buildOrgMenu(permissionsOf('owner')).map((e) => [e.label, e.path])).toEqual([
      ['General', 'general'],
      ['Team', 'team'],
      ['Integrations', 'integrations'],
      ['Billing', 'billing'],
      ['Usage', 'usage'],
      ['Invoices', 'invoices'],
      ['OAuth Apps', 'apps'],
      ['Audit logs', 'audit'],
      ['Legal Documents', 'documents'],
    ])
  })

  it('hides Invoices without the billing invoices permission', () => {
    for (const role of ['administrator', 'developer', 'read_only'] as const) {
      expect(buildOrgMenu(permissionsOf(role)).map((e) => e.label)).not.toContain('Invoices')
    }
  })
})
