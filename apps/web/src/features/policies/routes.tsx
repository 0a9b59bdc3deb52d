import { useProject } from '../../project/use-project'
import { PoliciesPage } from './components/policies-page'

/** Auth › Policies (the areas table loads this module for /project/{ref}/auth/policies). */
export function PoliciesRoute() {
  const { project } = useProject()
  return <PoliciesPage projectRef={project.ref} />
}
