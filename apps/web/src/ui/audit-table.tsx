import { AUDIT_PAGE_SIZE, type AuditPage } from '@basalt/contracts'
import { formatDateTime } from '../lib/format'
import { EmptyState, ErrorState } from './empty-state'
import { Pagination } from './pagination'
import { SkeletonList } from './skeleton'
import { Table, TBody, Td, Th, THead, Tr } from './table'

/** A paged audit log, shared by the account and organisation audit pages. */
export function AuditTable({
  data,
  isPending,
  error,
  page,
  onPageChange,
  showOrganization,
}: {
  data: AuditPage | undefined
  isPending: boolean
  error: unknown
  page: number
  onPageChange: (page: number) => void
  showOrganization?: boolean
}) {
  if (error) return <ErrorState title="Failed to retrieve audit logs" error={error} />
  if (isPending || !data) return <SkeletonList rows={5} />
  if (data.entries.length === 0 && page === 1) {
    return (
      <EmptyState title="No audit log entries yet" description="Actions such as sign-ins and changes show up here." />
    )
  }
  return (
    <div>
      <Table>
        <THead>
          <Tr>
            <Th>Time</Th>
            <Th>Action</Th>
            <Th>Actor</Th>
            <Th>Target</Th>
            {showOrganization && <Th>Organization</Th>}
            <Th>IP address</Th>
          </Tr>
        </THead>
        <TBody>
          {data.entries.map((entry) => (
            <Tr key={entry.id}>
              <Td className="whitespace-nowrap text-muted-foreground">{formatDateTime(entry.createdAt)}</Td>
              <Td className="font-mono text-xs">{entry.action}</Td>
              <Td>{entry.actorEmail ?? '—'}</Td>
              <Td>{entry.target ?? '—'}</Td>
              {showOrganization && <Td>{entry.organizationSlug ?? '—'}</Td>}
              <Td className="font-mono text-xs">{entry.ip ?? '—'}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onPageChange={onPageChange} />
    </div>
  )
}
