import { useId, useState } from 'react'
import { History } from 'lucide-react'
import type { SqlHistoryEntry, SqlRunStatus } from '@basalt/contracts'
import { useDebouncedValue } from '../../../../lib/use-debounced-value'
import { Badge, type BadgeTone } from '../../../../ui/badge'
import { Button } from '../../../../ui/button'
import { EmptyState, ErrorState } from '../../../../ui/empty-state'
import { Input } from '../../../../ui/input'
import { SidePanel } from '../../../../ui/side-panel'
import { PageSpinner } from '../../../../ui/spinner'
import { useQueryHistory } from '../../api/get-query-history'
import { formatMs } from '../results/result-set-view'

export const HISTORY_MESSAGES = {
  button: 'History',
  title: 'Query history',
  description: 'Your runs in this project, newest first.',
  search: 'Search queries',
  loading: 'Loading query history',
  loadFailed: 'Failed to load the query history',
  empty: 'No queries run yet',
  emptyDescription: 'Each query you run in this project is listed here, with its time, duration, role and rows.',
  noMatch: (search: string) => `No queries match “${search}”`,
  open: 'Open in editor',
  loadMore: 'Load more',
} as const

const STATUS: Record<SqlRunStatus, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'brand' },
  success: { label: 'Success', tone: 'success' },
  error: { label: 'Error', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
  timeout: { label: 'Timed out', tone: 'warning' },
}

const ROLES: Record<string, string> = { admin: 'postgres (admin)', read_only: 'read-only' }

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

// Search as spec 2 §9 debounces user search.
const SEARCH_DEBOUNCE_MS = 300

export interface QueryHistoryButtonProps {
  projectRef: string
  /** Puts a past run's SQL into the editor. */
  onOpen: (sql: string) => void
}

/**
 * The toolbar's 'History' button and its panel: every run of the member in this project with its time,
 * duration, role, rows and status, newest first, searchable, a page at a time; any run's SQL opens in the
 * editor.
 */
export function QueryHistoryButton({ projectRef, onOpen }: QueryHistoryButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <History aria-hidden className="size-4" />
        {HISTORY_MESSAGES.button}
      </Button>
      <SidePanel
        open={open}
        onOpenChange={setOpen}
        title={HISTORY_MESSAGES.title}
        description={HISTORY_MESSAGES.description}
      >
        {open && (
          <QueryHistoryList
            projectRef={projectRef}
            onOpen={(sql) => {
              onOpen(sql)
              setOpen(false)
            }}
          />
        )}
      </SidePanel>
    </>
  )
}

function QueryHistoryList({ projectRef, onOpen }: QueryHistoryButtonProps) {
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const history = useQueryHistory(projectRef, debounced, true)
  const runs = history.data?.pages.flatMap((page) => page.runs) ?? []

  return (
    <div className="space-y-4">
      <Input
        type="search"
        aria-label={HISTORY_MESSAGES.search}
        placeholder={HISTORY_MESSAGES.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {history.isPending ? (
        <PageSpinner label={HISTORY_MESSAGES.loading} />
      ) : !history.data ? (
        <ErrorState
          title={HISTORY_MESSAGES.loadFailed}
          error={history.error}
          action={
            <Button size="sm" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        />
      ) : runs.length === 0 ? (
        debounced ? (
          <EmptyState title={HISTORY_MESSAGES.noMatch(debounced)} />
        ) : (
          <EmptyState title={HISTORY_MESSAGES.empty} description={HISTORY_MESSAGES.emptyDescription} />
        )
      ) : (
        <>
          <ol aria-label={HISTORY_MESSAGES.title} className="divide-y divide-border rounded-md border border-border">
            {runs.map((run) => (
              <HistoryEntry key={run.id} run={run} onOpen={onOpen} />
            ))}
          </ol>
          {history.hasNextPage && (
            <div className="flex justify-center">
              <Button size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {HISTORY_MESSAGES.loadMore}
              </Button>
            </div>
          )}
          {history.isFetchNextPageError && <ErrorState title={HISTORY_MESSAGES.loadFailed} error={history.error} />}
        </>
      )}
    </div>
  )
}

function HistoryEntry({ run, onOpen }: { run: SqlHistoryEntry; onOpen: (sql: string) => void }) {
  const queryId = useId()
  const status = STATUS[run.status]
  const role = ROLES[run.role] ?? run.role
  const facts = [
    when.format(new Date(run.startedAt)),
    run.durationMs === null ? null : formatMs(run.durationMs),
    run.userId ? `${role} · ${run.userId}` : role,
    run.rows === null ? null : `${run.rows.toLocaleString('en-US')} ${run.rows === 1 ? 'row' : 'rows'}`,
  ].filter((fact): fact is string => fact !== null)
  return (
    <li className="space-y-2 px-3 py-3">
      <pre id={queryId} className="line-clamp-4 font-mono text-xs break-all whitespace-pre-wrap text-foreground">
        {run.query}
      </pre>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <Badge tone={status.tone}>{status.label}</Badge>
        {facts.map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
        <Button
          size="sm"
          variant="default"
          className="ml-auto"
          aria-describedby={queryId}
          onClick={() => onOpen(run.query)}
        >
          {HISTORY_MESSAGES.open}
        </Button>
      </div>
      {run.error && <p className="text-xs break-words text-destructive">{run.error}</p>}
    </li>
  )
}
