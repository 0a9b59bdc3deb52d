import { useProject } from '../../project/use-project'
import { AuthUsersPage } from './components/auth-users-page'

/** Auth › Users (the areas table loads this module for /project/{ref}/auth/users). */
export function AuthUsersRoute() {
  const { project } = useProject()
  return <AuthUsersPage projectRef={project.ref} />
}
