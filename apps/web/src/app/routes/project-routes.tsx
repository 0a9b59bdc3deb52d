import { useSignedInSession } from '../../lib/auth'
import { ProjectLayout } from '../../features/project-shell/components/project-layout'
import { ProjectPage } from '../../features/project-shell/components/project-page'
import { useProject } from '../../project/use-project'
import { GeneralSettingsPage } from '../../features/settings/components/general-settings-page'
import { DatabaseSettingsPage } from '../../features/settings/components/database-settings-page'
import { RestoreProjectButton } from '../../features/settings/components/restore-project-button'
import { HeaderActions } from '../app-header'
import { NotFoundPage } from '../not-found-page'

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

export function GeneralSettingsRoute() {
  const { project, mode } = useProject()
  return <GeneralSettingsPage project={project} mode={mode} />
}

export function DatabaseSettingsRoute() {
  const { project } = useProject()
  return (
    <ProjectPage path="settings/database" notFound={<NotFoundPage />}>
      <DatabaseSettingsPage project={project} />
    </ProjectPage>
  )
}

export function ProjectCatchAllRoute() {
  return <ProjectPage notFound={<NotFoundPage />} />
}

export { ProjectHomePage as ProjectHomeRoute } from '../../features/project-shell/components/project-home-page'
export { BuildingPage as BuildingRoute } from '../../features/project-shell/components/building-page'
