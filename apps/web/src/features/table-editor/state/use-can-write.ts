import { useOutletContext } from 'react-router'
import { can, type ProjectDetail } from '@basalt/contracts'

/**
 * Whether the member may change the project's tables and rows (spec 1 §6: write permission on SQL admin shows
 * the Insert menu, editing, add-column and the schema actions). It reads the project the project layout hands
 * its outlet (the app composes features, so the table editor does not import the project shell); outside that
 * outlet nothing is writable. The server refuses the writes anyway: this only mirrors it.
 *
 * @example
 *   const canWrite = useCanWrite()
 *   return canWrite ? <InsertMenu /> : null
 */
export function useCanWrite(): boolean {
  const context = useOutletContext<{ project?: Pick<ProjectDetail, 'role'> } | undefined>()
  return can(context?.project?.role, 'tenant_sql:write')
}
