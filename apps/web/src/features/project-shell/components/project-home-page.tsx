import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { formatBytes, formatDate } from '../../../lib/format'
import { useDatabaseOverview } from '../../../project/pg-meta/get-database-overview'
import { usePermission } from '../../../project/use-permission'
import { useProject } from '../../../project/use-project'
import { Card } from '../../../ui/card'
import { ErrorState } from '../../../ui/empty-state'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { ProjectStatusBadge } from '../../../ui/project-status-badge'
import { Skeleton } from '../../../ui/skeleton'
import { useOverviewActivity } from '../api/get-overview-activity'

/** One figure of the overview, titled, with the link to the page it comes from. */
function Tile({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string
  to: string
  linkLabel: string
  children: ReactNode
}) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <div className="min-h-9 flex-1">{children}</div>
      <Link
        to={to}
        className="inline-flex items-center gap-1 self-start text-sm text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {linkLabel}
        <ArrowRight aria-hidden className="size-3.5" />
      </Link>
    </Card>
  )
}

const Figure = ({ children }: { children: ReactNode }) => (
  <p className="text-2xl font-semibold tabular-nums">{children}</p>
)

/**
 * /project/{ref}: the page a member opens first — the project's status, how to connect (the app passes the
 * connection string, password left out), and its database now: size, tables, connections — each linking to
 * its page; requests and errors of the last 24 hours (the API log), the slowest query (pg_stat_statements) and
 * the schema changes made on the Database pages (the audit log).
 */
export function ProjectHomePage({ connection }: { connection: ReactNode }) {
  const { project } = useProject()
  const canRead = usePermission('tenant_sql:read')
  const active = project.status === 'active'
  const overview = useDatabaseOverview(project.ref, { enabled: canRead && active })
  const activity = useOverviewActivity(project.ref, { enabled: canRead && active })
  const base = `/project/${project.ref}`
  const recent = (value: (a: NonNullable<typeof activity.data>) => ReactNode) =>
    !active ? (
      <p className="text-sm text-muted-foreground">Available once the project is active.</p>
    ) : activity.isPending ? (
      <Skeleton className="h-8 w-24" />
    ) : activity.error ? (
      <ErrorState title="Failed to read the project's activity" error={activity.error} />
    ) : (
      value(activity.data)
    )
  const figure = (value: (o: NonNullable<typeof overview.data>) => ReactNode) =>
    !active ? (
      <p className="text-sm text-muted-foreground">Available once the project is active.</p>
    ) : overview.isPending ? (
      <Skeleton className="h-8 w-24" />
    ) : overview.error ? (
      <ErrorState title="Failed to read the database" error={overview.error} />
    ) : (
      value(overview.data)
    )

  return (
    <PageContainer>
      <PageHeader
        title={project.name}
        description={`Project ${project.ref} · ${project.organizationName} · created ${formatDate(project.createdAt)}`}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Tile title="Status" to={`${base}/settings/general`} linkLabel="Project settings">
          <div className="flex flex-wrap items-center gap-2">
            <ProjectStatusBadge status={project.status} />
            <span className="text-sm text-muted-foreground">
              {project.kind === 'external' ? 'Existing database' : 'Created by Basalt'}
            </span>
          </div>
        </Tile>
        <Tile title="Database size" to={`${base}/database/tables`} linkLabel="Tables">
          {figure((o) => (
            <Figure>{formatBytes(o.sizeBytes)}</Figure>
          ))}
        </Tile>
        <Tile title="Tables" to={`${base}/database/tables`} linkLabel="Database tables">
          {figure((o) => (
            <Figure>{o.tables}</Figure>
          ))}
        </Tile>
        <Tile title="Connections now" to={`${base}/reports/database`} linkLabel="Database report">
          {figure((o) => (
            <Figure>
              {o.connections} <span className="text-sm font-normal text-muted-foreground">of {o.maxConnections}</span>
            </Figure>
          ))}
        </Tile>
        <Tile title="Requests and errors, last 24 hours" to={`${base}/reports/api-overview`} linkLabel="API report">
          {recent((a) => (
            <Figure>
              {a.requests.toLocaleString('en-US')}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                requests, {a.errors.toLocaleString('en-US')} {a.errors === 1 ? 'error' : 'errors'}
              </span>
            </Figure>
          ))}
        </Tile>
        <Tile title="Slowest query today" to={`${base}/reports/query-performance`} linkLabel="Query performance">
          {recent((a) =>
            !a.queryStatsAvailable ? (
              <p className="text-sm text-muted-foreground">
                pg_stat_statements is not loaded on this database: the query performance report says how to enable it.
              </p>
            ) : a.slowestQuery ? (
              <div className="space-y-1">
                <code className="line-clamp-2 font-mono text-xs break-all">{a.slowestQuery.query}</code>
                <p className="text-sm text-muted-foreground tabular-nums">
                  {a.slowestQuery.meanMs} ms on average, {a.slowestQuery.calls.toLocaleString('en-US')}{' '}
                  {a.slowestQuery.calls === 1 ? 'call' : 'calls'}
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No statement has run yet.</p>
            ),
          )}
        </Tile>
      </div>
      <section aria-labelledby="overview-connect" className="mt-8 space-y-3">
        <h2 id="overview-connect" className="text-base font-semibold">
          Connect
        </h2>
        {connection}
      </section>
      <section aria-labelledby="overview-changes" className="mt-8 space-y-2">
        <h2 id="overview-changes" className="text-base font-semibold">
          Recent schema changes
        </h2>
        {recent((a) =>
          a.recentChanges.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No change made on the Database pages yet. The{' '}
              <Link to={`${base}/sql/new`} className="text-brand underline underline-offset-4">
                SQL editor
              </Link>{' '}
              keeps the history of the statements you ran.
            </p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border text-sm">
              {a.recentChanges.map((c) => (
                <li
                  key={`${c.at}-${c.action}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2"
                >
                  <span>
                    <code className="font-mono text-xs">{c.action}</code> {c.target}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {c.member} · {formatDate(c.at)}
                  </span>
                </li>
              ))}
            </ul>
          ),
        )}
        <Link to={`${base}/database/tables`} className="text-sm text-brand underline underline-offset-4">
          Database
        </Link>
      </section>
    </PageContainer>
  )
}
