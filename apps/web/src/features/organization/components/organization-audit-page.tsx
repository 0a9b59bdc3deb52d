import { useState } from 'react'
import type { Organization } from '@basalt/contracts'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { AuditTable } from '../../../ui/audit-table'
import { useOrganizationAudit } from '../api/get-organization-audit'

export function OrganizationAuditPage({ organization }: { organization: Organization }) {
  const [page, setPage] = useState(1)
  const audit = useOrganizationAudit(organization.slug, page)
  return (
    <PageContainer>
      <PageHeader title="Audit logs" description={`What members of ${organization.name} did.`} />
      <AuditTable
        data={audit.data}
        isPending={audit.isPending}
        error={audit.error}
        page={page}
        onPageChange={setPage}
      />
    </PageContainer>
  )
}
