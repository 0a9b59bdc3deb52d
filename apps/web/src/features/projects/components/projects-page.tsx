import { Link } from 'react-router'
import { Building2, ChevronDown, Database, Plus, Settings } from 'lucide-react'
import type { Organization, Project } from '@basalt/contracts'
import { PageHeader } from '../../../ui/page-header'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { ProjectStatusBadge } from '../../../ui/project-status-badge'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel } from '../../../ui/dropdown-menu'
import { useProjects } from '../api/get-projects'
import { useOrganizations } from '../api/get-organizations'
import { PROJECTS_MESSAGES } from '../messages'

/** Groups projects under their organisation; organisations without projects still appear. */
export function groupProjects(organizations: Organization[], projects: Project[]) {
  return organizations.map((organization) => ({
    organization,
    projects: projects
      .filter((p) => p.organizationSlug === organization.slug)
      .sort((a, b) => a.name.localeCompare(b.name)),
  }))
}

export function ProjectsPage() {
  const projects = useProjects()
  const organizations = useOrganizations()
  const error = projects.error ?? organizations.error
  const creatable = organizations.data?.filter((o) => o.permissions.includes('projects:create')) ?? []

  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader
        title={PROJECTS_MESSAGES.pageTitle}
        actions={
          <>
            <Button asChild>
              <Link to="/new">
                <Building2 className="size-4" aria-hidden />
                New organization
              </Link>
            </Button>
            {creatable.length === 1 && (
              <Button asChild variant="primary">
                <Link to={`/new/${creatable[0]!.slug}`}>
                  <Plus className="size-4" aria-hidden />
                  New project
                </Link>
              </Button>
            )}
            {creatable.length > 1 && (
              <DropdownMenu
                label="Organizations"
                trigger={
                  <Button variant="primary">
                    <Plus className="size-4" aria-hidden />
                    New project
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                }
              >
                <DropdownMenuLabel>In organization</DropdownMenuLabel>
                {creatable.map((o) => (
                  <DropdownMenuItem key={o.slug} asChild>
                    <Link to={`/new/${o.slug}`}>{o.name}</Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenu>
            )}
          </>
        }
      />
      {error ? (
        <ErrorState title="Failed to retrieve projects" error={error} />
      ) : !projects.data || !organizations.data ? (
        <div role="status" aria-label="Loading projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : organizations.data.length === 0 ? (
        <EmptyState
          title={PROJECTS_MESSAGES.noOrganizations}
          description={PROJECTS_MESSAGES.noOrganizationsDetail}
          action={
            <Button asChild variant="primary">
              <Link to="/new">New organization</Link>
            </Button>
          }
        />
      ) : (
        <div className="space-y-10">
          {groupProjects(organizations.data, projects.data).map(({ organization, projects }) => (
            <section key={organization.slug} aria-labelledby={`org-${organization.slug}`} className="space-y-3">
              <div className="flex items-center justify-between gap-4">
                <h2 id={`org-${organization.slug}`} className="text-base font-semibold">
                  {organization.name}
                </h2>
                <Button asChild size="sm" variant="ghost">
                  <Link to={`/org/${organization.slug}/general`}>
                    <Settings className="size-3.5" aria-hidden />
                    Organization settings
                  </Link>
                </Button>
              </div>
              {projects.length === 0 ? (
                <EmptyState
                  title={PROJECTS_MESSAGES.noProjects}
                  action={
                    organization.permissions.includes('projects:create') && (
                      <Button asChild size="sm">
                        <Link to={`/new/${organization.slug}`}>New project</Link>
                      </Button>
                    )
                  }
                />
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {projects.map((p) => (
                    <li key={p.ref}>
                      <ProjectCard project={p} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  )
}

function ProjectCard({ project }: { project: Project }) {
  return (
    <Link
      to={`/project/${project.ref}`}
      className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Card className="flex h-28 flex-col justify-between p-4 transition-colors hover:border-input hover:bg-surface">
        <div className="flex items-start justify-between gap-2">
          <span className="font-medium">{project.name}</span>
          <ProjectStatusBadge status={project.status} />
        </div>
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Database className="size-3.5" aria-hidden />
          {project.kind === 'external' ? 'Existing database' : 'Basalt database'} · {project.ref}
        </span>
      </Card>
    </Link>
  )
}
