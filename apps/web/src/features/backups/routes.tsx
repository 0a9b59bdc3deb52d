import { useProject } from '../../project/use-project'
import { BackupsPage } from './backups-page'

/** database/backups/scheduled and …/pitr: the one backups page (the areas table loads this module). */
export function BackupsRoute() {
  const { project } = useProject()
  return <BackupsPage project={project} />
}
