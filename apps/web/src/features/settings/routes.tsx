import { useProject } from '../../project/use-project'
import { ApiSettingsPage } from './components/api-settings-page'
import { DatabaseSettingsPage } from './components/database-settings-page'
import { GeneralSettingsPage } from './components/general-settings-page'
import { InfrastructureSettingsPage } from './components/infrastructure-settings-page'

/** The built pages of project settings (the areas table loads this module for their routes). */
export function GeneralSettingsRoute() {
  const { project, mode } = useProject()
  return <GeneralSettingsPage project={project} mode={mode} />
}

export function DatabaseSettingsRoute() {
  const { project } = useProject()
  return <DatabaseSettingsPage project={project} />
}

export function InfrastructureSettingsRoute() {
  const { project } = useProject()
  return <InfrastructureSettingsPage project={project} />
}

export function ApiSettingsRoute() {
  const { project } = useProject()
  return <ApiSettingsPage project={project} />
}
