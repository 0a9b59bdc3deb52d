import { useMemo, type ReactNode } from 'react'
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router'
import { Home } from 'lucide-react'
import type { Mode, ProjectDetail } from '@basalt/contracts'
import { cn } from '../../lib/cn'
import { isApiError } from '../../lib/api-client'
import { Logo } from '../../ui/logo'
import { PageSpinner, Spinner } from '../../ui/spinner'
import { ErrorState } from '../../ui/empty-state'
import { Banner } from '../../ui/banner'
import { ProjectStatusBadge } from '../../ui/project-status-badge'
import { SideMenu } from '../../ui/side-menu'
import { CollapsibleSidebar } from '../../ui/collapsible-sidebar'
import { Button } from '../../ui/button'
import { useProjectDetail } from '../../features/project-shell/api/get-project'
import { useReports } from '../../project/reports/get-reports'
import { areaOfPath, buildProjectMenu, type ProjectArea } from '../project-areas'
import type { ProjectContext } from '../../project/use-project'
import { PROJECT_SHELL_MESSAGES } from '../../features/project-shell/messages'

export function ProjectLayout({
  mode,
  headerEnd,
  pausedAction,
}: {
  mode: Mode
  /** Theme toggle and user menu, composed by the app. */
  headerEnd: ReactNode
  /** The restore button shown in the paused banner, composed by the app. */
  pausedAction: (project: ProjectDetail) => ReactNode
}) {
  const { ref = '' } = useParams()
  const project = useProjectDetail(ref)

  if (project.isPending) return <PageSpinner label="Loading project" />
  if (project.error) {
    const notFound = isApiError(project.error) && (project.error.status === 404 || project.error.status === 403)
    return (
      <div className="flex h-full flex-col">
        <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
          <Link to="/" aria-label="Basalt home">
            <Logo />
          </Link>
          <div className="flex items-center gap-1">{headerEnd}</div>
        </header>
        <div className="mx-auto w-full max-w-xl px-6 py-16">
          <ErrorState
            title={notFound ? PROJECT_SHELL_MESSAGES.notFound : 'Failed to load the project'}
            error={project.error}
            action={
              mode === 'hosted' && (
                <Button asChild size="sm" className="mt-2">
                  <Link to="/projects">All projects</Link>
                </Button>
              )
            }
          />
        </div>
      </div>
    )
  }
  return <ProjectFrame project={project.data} mode={mode} headerEnd={headerEnd} pausedAction={pausedAction} />
}

function ProjectFrame({
  project,
  mode,
  headerEnd,
  pausedAction,
}: {
  project: ProjectDetail
  mode: Mode
  headerEnd: ReactNode
  pausedAction: (project: ProjectDetail) => ReactNode
}) {
  const location = useLocation()
  const base = `/project/${project.ref}`
  // Custom reports are entries of the Reports menu: read once the member is in that area.
  const inReports = areaOfPath(location.pathname.slice(base.length)) === 'reports'
  const reports = useReports(project.ref, { enabled: inReports })
  const menu = useMemo(
    () =>
      buildProjectMenu({
        mode,
        features: project.features,
        permissions: project.permissions,
        status: project.status,
        customReports: reports.data,
      }),
    [mode, project.features, project.permissions, project.status, reports.data],
  )
  const area = areaOfPath(location.pathname.slice(base.length))
  const current = menu.find((a) => a.key === area)
  const context: ProjectContext = { project, mode }

  return (
    <div className="flex h-full flex-col" data-title-context={project.name}>
      <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <Link
            to={mode === 'hosted' ? '/projects' : base}
            aria-label={mode === 'hosted' ? 'Basalt, all projects' : 'Basalt, project home'}
          >
            <Logo compact />
          </Link>
          <span className="text-muted-foreground" aria-hidden>
            /
          </span>
          {mode === 'hosted' ? (
            <Link
              to={`/org/${project.organizationSlug}/general`}
              className="truncate text-muted-foreground hover:text-foreground"
            >
              {project.organizationName}
            </Link>
          ) : (
            <span className="truncate text-muted-foreground">{project.organizationName}</span>
          )}
          <span className="text-muted-foreground" aria-hidden>
            /
          </span>
          <span className="truncate font-medium">{project.name}</span>
          <ProjectStatusBadge status={project.status} />
        </div>
        <div className="flex items-center gap-1">{headerEnd}</div>
      </header>
      {project.status === 'inactive' && (
        <Banner action={pausedAction(project)}>
          <strong className="font-medium">{PROJECT_SHELL_MESSAGES.paused}</strong>
          <span className="text-muted-foreground"> — {PROJECT_SHELL_MESSAGES.pausedDetail}</span>
        </Banner>
      )}
      {project.status === 'coming_up' && !location.pathname.startsWith(`${base}/building`) && (
        <Banner>
          <span className="flex items-center gap-2">
            <Spinner size={14} />
            {PROJECT_SHELL_MESSAGES.buildingTitle}
          </span>
        </Banner>
      )}
      {project.status === 'failed' && (
        <Banner tone="danger">
          <strong className="font-medium">{PROJECT_SHELL_MESSAGES.failed}</strong>
          {project.statusMessage && <span className="text-muted-foreground">: {project.statusMessage}</span>}
        </Banner>
      )}
      <div className="flex min-h-0 flex-1">
        <ProjectNav base={base} menu={menu} />
        {current && current.groups.length > 0 && (
          <CollapsibleSidebar label={`${current.label} menu`}>
            <aside className="w-56 shrink-0 overflow-y-auto border-r border-border">
              <SideMenu
                title={current.label}
                label={`${current.label} menu`}
                groups={current.groups.map((g) => ({
                  title: g.title,
                  items: g.entries.map((e) => ({ label: e.label, href: `${base}/${e.path}`, badge: e.badge })),
                }))}
              />
            </aside>
          </CollapsibleSidebar>
        )}
        <main className="min-w-0 flex-1 overflow-y-auto">
          <Outlet context={context} />
        </main>
      </div>
    </div>
  )
}

function ProjectNav({ base, menu }: { base: string; menu: ProjectArea[] }) {
  const location = useLocation()
  const active = areaOfPath(location.pathname.slice(base.length))
  const linkClass = (isActive: boolean) =>
    cn(
      'flex items-center gap-3 rounded-md px-2.5 py-2 text-sm',
      isActive ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
    )
  return (
    <nav aria-label="Project" className="w-14 shrink-0 overflow-y-auto border-r border-border p-2 lg:w-48">
      <ul className="space-y-0.5">
        <li>
          <NavLink to={base} end className={({ isActive }) => linkClass(isActive)} title="Project overview">
            <Home className="size-4 shrink-0" aria-hidden />
            <span className="sr-only lg:not-sr-only">Project overview</span>
          </NavLink>
        </li>
        {menu.map((area) => {
          const Icon = area.icon
          return (
            <li key={area.key}>
              <Link
                to={`${base}/${area.path}`}
                aria-current={active === area.key ? 'page' : undefined}
                className={linkClass(active === area.key)}
                title={area.label}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="sr-only lg:not-sr-only">{area.label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
