import { useProject } from '../../project/use-project'
import { PoliciesPage } from './components/policies-page'
import { StoragePoliciesPage } from './components/storage-policies-page'

/** Auth › Policies (the areas table loads this module for /project/{ref}/auth/policies). */
export function PoliciesRoute() {
  const { project } = useProject()
  return <PoliciesPage projectRef={project.ref} />
}

/** Storage › Policies (/project/{ref}/storage/policies, spec 3 §2). */
export function StoragePoliciesRoute() {
  const { project } = useProject()
  return <StoragePoliciesPage projectRef={project.ref} />
}
