import { useParams } from 'react-router'
import { useProject } from '../../project/use-project'
import type { BuiltInReport } from '@basalt/contracts'
import { BuiltInReportPage } from './components/built-in-report-page'
import { ReportPage } from './components/report-page'
import { ReportsPage } from './components/reports-page'

/** Reports (the areas table loads this module for /project/{ref}/reports and /reports/{id}). */
export function ReportsRoute() {
  const { project } = useProject()
  return <ReportsPage projectRef={project.ref} />
}

export function ReportRoute() {
  const { project } = useProject()
  const { id = '' } = useParams()
  // A new report's page opens while the list still has the last one: keyed, nothing of it stays.
  return <ReportPage key={id} projectRef={project.ref} reportId={id} />
}

/** reports/api-overview, database, query-performance, storage (the last only with the storage permission). */
export function BuiltInReportRoute({ report }: { report: BuiltInReport }) {
  const { project } = useProject()
  return <BuiltInReportPage key={report} projectRef={project.ref} report={report} />
}
export const ApiOverviewReportRoute = () => <BuiltInReportRoute report="api-overview" />
export const DatabaseReportRoute = () => <BuiltInReportRoute report="database" />
export const QueryPerformanceReportRoute = () => <BuiltInReportRoute report="query-performance" />
export const StorageReportRoute = () => <BuiltInReportRoute report="storage" />
