import { toast } from 'sonner'
import type { ProjectDetail } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { useRestoreProject } from '../api/restore-project'

/** Restores a paused project; shown only to members with projects:update. */
export function RestoreProjectButton({ project }: { project: ProjectDetail }) {
  const restore = useRestoreProject()
  if (!project.permissions.includes('projects:update')) return null
  return (
    <Button
      size="sm"
      variant="primary"
      loading={restore.isPending}
      onClick={() =>
        restore.mutate(project.ref, {
          onSuccess: () => toast.success(`Restoring ${project.name}`),
          onError: (e) => toast.error(`Failed to restore project: ${errorMessage(e)}`),
        })
      }
    >
      Restore project
    </Button>
  )
}
