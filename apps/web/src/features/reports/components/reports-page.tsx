import { Link } from 'react-router'
import { BarChart3 } from 'lucide-react'
import { usePermission } from '../../../project/use-permission'
import { useReports } from '../../../project/reports/get-reports'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { SkeletonList } from '../../../ui/skeleton'
import { MESSAGES } from '../messages'
import { CreateReportButton } from './create-report-button'

/** /project/{ref}/reports: the project's custom reports, by name, and 'Create a custom report'. */
export function ReportsPage({ projectRef }: { projectRef: string }) {
  const reports = useReports(projectRef)
  const canCreate = usePermission('user_content:create')
  const create = canCreate ? <CreateReportButton projectRef={projectRef} /> : undefined
  return (
    <PageContainer>
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} actions={create} />
      <h2 className="mb-3 text-sm font-medium text-muted-foreground">{MESSAGES.customReports}</h2>
      {reports.isPending ? (
        <SkeletonList rows={3} />
      ) : reports.error ? (
        <ErrorState title={MESSAGES.loadFailed} error={reports.error} />
      ) : reports.data.length === 0 ? (
        <EmptyState
          icon={<BarChart3 aria-hidden className="size-6" />}
          title={MESSAGES.noReports}
          description={MESSAGES.noReportsDetail}
        />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {reports.data.map((report) => (
            <li key={report.id}>
              <Link
                to={`/project/${projectRef}/reports/${report.id}`}
                className="flex flex-col gap-0.5 px-4 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                <span className="text-sm font-medium">{report.name}</span>
                {report.description && <span className="text-xs text-muted-foreground">{report.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  )
}
