import { Link } from 'react-router'
import { formatDate } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Card } from '../../../ui/card'
import { ProjectStatusBadge } from '../../../ui/project-status-badge'
import { useProject } from '../../../project/use-project'

/** A project area as the home page links to it. */
export interface AreaLink {
  key: string
  label: string
  /** Path inside the project. */
  path: string
}

/** /project/{ref} — what the project is, and the way into each area (the app gives the areas). */
export function ProjectHomePage({ areas }: { areas: readonly AreaLink[] }) {
  const { project } = useProject()
  return (
    <PageContainer>
      <PageHeader
        title={project.name}
        description={`Project ${project.ref} · created ${formatDate(project.createdAt)}`}
      />
      <dl className="mb-8 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="mt-1">
            <ProjectStatusBadge status={project.status} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Database</dt>
          <dd className="mt-1">{project.kind === 'external' ? 'Existing database' : 'Created by Basalt'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Organization</dt>
          <dd className="mt-1">{project.organizationName}</dd>
        </div>
      </dl>
      <ul className="grid gap-3 sm:grid-cols-3">
        {areas.map((area) => (
          <li key={area.key}>
            <Link
              to={`/project/${project.ref}/${area.path}`}
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Card className="p-4 text-sm font-medium hover:bg-surface">{area.label}</Card>
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  )
}
