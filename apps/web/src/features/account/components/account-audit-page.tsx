import { useState } from 'react'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { AuditTable } from '../../../ui/audit-table'
import { useAccountAudit } from '../api/get-account-audit'

export function AccountAuditPage() {
  const [page, setPage] = useState(1)
  const audit = useAccountAudit(page)
  return (
    <PageContainer>
      <PageHeader title="Audit logs" description="What your account did, across every organization." />
      <AuditTable
        data={audit.data}
        isPending={audit.isPending}
        error={audit.error}
        page={page}
        onPageChange={setPage}
        showOrganization
      />
    </PageContainer>
  )
}
