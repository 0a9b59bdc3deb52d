import { Link } from 'react-router'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { ErrorState } from '../../../ui/empty-state'
import { Spinner } from '../../../ui/spinner'
import { useRecentLogQueries } from '../api/logs-api'
import { LOGS_MESSAGES as M } from '../messages'
import { LOG_TEMPLATES } from '../templates'

const explorerLink = (ref: string, sql: string) =>
  `/project/${encodeURIComponent(ref)}/logs/explorer?q=${encodeURIComponent(sql)}`

/** logs/explorer/templates: queries to start from, each opening in the explorer. */
export function LogTemplatesPage({ projectRef }: { projectRef: string }) {
  return (
    <PageContainer>
      <PageHeader title={M.templates} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {LOG_TEMPLATES.map((t) => (
          <li key={t.id} className="flex flex-col rounded-lg border border-border p-4">
            <h2 className="text-sm font-semibold">{t.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t.description}</p>
            <pre className="mt-3 flex-1 rounded bg-muted p-2 font-mono text-xs break-words whitespace-pre-wrap">
              {t.sql}
            </pre>
            <Link
              to={explorerLink(projectRef, t.sql)}
              className="mt-3 self-start text-sm font-medium text-brand-link underline-offset-4 hover:underline"
              aria-label={`${M.open}: ${t.title}`}
            >
              {M.open}
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  )
}

/** logs/explorer/recent: the member's own recent log queries, newest first. */
export function RecentLogQueriesPage({ projectRef }: { projectRef: string }) {
  const recent = useRecentLogQueries(projectRef)
  return (
    <PageContainer>
      <PageHeader title={M.recent} />
      {recent.isError ? (
        <ErrorState title={M.recent} error={recent.error} />
      ) : !recent.data ? (
        <Spinner label={M.recent} />
      ) : recent.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{M.recentEmpty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {recent.data.map((q) => (
            <li key={q.id} className="flex items-start justify-between gap-4 p-3">
              <div className="min-w-0">
                <time className="text-xs text-muted-foreground" dateTime={q.ranAt}>
                  {new Date(q.ranAt).toLocaleString('en-GB')}
                </time>
                <pre className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{q.sql}</pre>
              </div>
              <Link
                to={explorerLink(projectRef, q.sql)}
                className="shrink-0 text-sm font-medium text-brand-link underline-offset-4 hover:underline"
              >
                {M.open}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  )
}
