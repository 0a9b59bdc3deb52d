import { useParams } from 'react-router'
import { useProject } from '../../project/use-project'
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
