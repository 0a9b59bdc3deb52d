import { useProject } from '../../project/use-project'
import { LogsExplorerPage } from './components/logs-explorer-page'
import { LogTemplatesPage, RecentLogQueriesPage } from './components/log-query-lists'

/** Logs › Explorer (the areas table loads this module for /project/{ref}/logs/…). */
export function LogsExplorerRoute() {
  const { project } = useProject()
  return <LogsExplorerPage projectRef={project.ref} />
}

export function LogTemplatesRoute() {
  return <LogTemplatesPage projectRef={useProject().project.ref} />
}

export function RecentLogQueriesRoute() {
  return <RecentLogQueriesPage projectRef={useProject().project.ref} />
}

export function EdgeLogsRoute() {
  return <LogsExplorerPage key="edge" projectRef={useProject().project.ref} source="edge_logs" />
}
export function PostgresLogsRoute() {
  return <LogsExplorerPage key="postgres" projectRef={useProject().project.ref} source="postgres_logs" />
}
export function StorageLogsRoute() {
  return <LogsExplorerPage key="storage" projectRef={useProject().project.ref} source="storage_logs" />
}
export function AuthLogsRoute() {
  return <LogsExplorerPage key="auth" projectRef={useProject().project.ref} source="auth_logs" />
}
