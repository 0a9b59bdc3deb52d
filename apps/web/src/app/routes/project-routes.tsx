import { useSignedInSession } from '../../lib/auth'
import { useProject } from '../../project/use-project'
import { ProjectHomePage } from '../../features/project-shell/components/project-home-page'
import { ConnectionSummary } from '../../features/settings/components/connection-summary'
import { RestoreProjectButton } from '../../features/settings/components/restore-project-button'
import { HeaderActions } from '../app-header'
import { ProjectLayout } from '../layouts/project-layout'
import { ProjectPage } from '../project-page'

export function ProjectRoute() {
  const session = useSignedInSession()
  return (
    <ProjectLayout
      mode={session.mode}
      headerEnd={<HeaderActions />}
      pausedAction={(project) => <RestoreProjectButton project={project} />}
    />
  )
}

/** /project/{ref}: the project overview, with the connection string Settings → Database shows. */
export function ProjectHomeRoute() {
  const { project } = useProject()
  return <ProjectHomePage connection={<ConnectionSummary project={project} />} />
}

/** Any other path inside a project: its page as the areas table resolves it. */
export function ProjectCatchAllRoute() {
  return <ProjectPage />
}

export { AreaGate } from '../project-page'
export { BuildingPage as BuildingRoute } from '../../features/project-shell/components/building-page'
