import { useOutletContext } from 'react-router'
import { can, type Permission, type ProjectDetail } from '@basalt/contracts'

/**
 * Whether the member may do what a permission allows in this project (spec 1 §6, spec 2 §6), by their role
 * in the project the project layout hands its outlet. Outside that outlet nothing is allowed. The server
 * refuses what the role may not do anyway: this only mirrors it, to offer no action that would be refused.
 *
 * @example
 *   const canWrite = usePermission('tenant_sql:write')
 *   return canWrite ? <InsertMenu /> : null
 */
export function usePermission(permission: Permission): boolean {
  const context = useOutletContext<{ project?: Pick<ProjectDetail, 'role'> } | undefined>()
  return can(context?.project?.role, permission)
}
