import { Link } from 'react-router'
import type { ProjectDetail } from '@basalt/contracts'
import { CopyButton } from '../../../ui/copy-button'
import { ErrorState } from '../../../ui/empty-state'
import { Input } from '../../../ui/input'
import { Skeleton } from '../../../ui/skeleton'
import { useProjectConnection } from '../api/get-project-connection'
import { connectionUri } from '../connection-uri'
import { DATABASE_SETTINGS_MESSAGES as MESSAGES } from '../messages'

/**
 * The project's connection string with the admin password left out (as Settings → Database shows it), for
 * the project overview; the password itself is revealed only in Settings → Database.
 */
export function ConnectionSummary({ project }: { project: ProjectDetail }) {
  const connection = useProjectConnection(project.ref)
  if (connection.error) return <ErrorState title={MESSAGES.loadError} error={connection.error} />
  if (connection.isPending) return <Skeleton className="h-9 w-full" />
  const uri = connectionUri(connection.data)
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <Input readOnly aria-label="Connection string" value={uri} className="min-w-0 flex-1 font-mono text-xs" />
        <CopyButton value={uri} name="Copy connection string" />
      </div>
      <Link
        to={`/project/${project.ref}/settings/database`}
        className="text-sm text-brand underline underline-offset-4"
      >
        Connection settings and password
      </Link>
    </div>
  )
}
