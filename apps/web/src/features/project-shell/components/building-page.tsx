import { Link, useSearchParams } from 'react-router'
import { CheckCircle2 } from 'lucide-react'
import { Spinner } from '../../../ui/spinner'
import { Button } from '../../../ui/button'
import { isSafeDestination } from '../../../lib/return-to'
import { useProject } from '../../../project/use-project'
import { PROJECT_SHELL_MESSAGES } from '../messages'

/** /project/{ref}/building — the layout polls the project every second while it is coming up. */
export function BuildingPage() {
  const { project } = useProject()
  const [search] = useSearchParams()
  const from = search.get('from')
  const target = `/project/${project.ref}${from && isSafeDestination(`/${from}`) ? `/${from}` : ''}`

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      {project.status === 'coming_up' ? (
        <>
          <Spinner size={28} className="text-brand" />
          <h1 className="mt-6 text-xl font-semibold">{PROJECT_SHELL_MESSAGES.buildingTitle}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{PROJECT_SHELL_MESSAGES.buildingDetail}</p>
        </>
      ) : (
        <>
          <CheckCircle2 aria-hidden className="size-7 text-success" />
          <h1 className="mt-6 text-xl font-semibold">
            {project.status === 'active' ? PROJECT_SHELL_MESSAGES.readyTitle : PROJECT_SHELL_MESSAGES.continue}
          </h1>
          <Button asChild variant="primary" className="mt-6">
            <Link to={target}>{PROJECT_SHELL_MESSAGES.continue}</Link>
          </Button>
        </>
      )}
    </div>
  )
}
