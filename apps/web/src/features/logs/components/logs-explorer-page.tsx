import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Play } from 'lucide-react'
import {
  LOG_QUERY_MESSAGES,
  LOG_SOURCE_COLUMNS,
  LOG_SOURCES,
  type LogQueryBody,
  type LogQueryResult,
  type LogSource,
} from '@basalt/contracts'
import { Banner } from '../../../ui/banner'
import { Button } from '../../../ui/button'
import { CodeEditor, type CodeEditorInstance, type MonacoApi } from '../../../ui/code-editor/code-editor'
import { DataGrid, type Column } from '../../../ui/data-grid/data-grid'
import { cellText } from '../../../ui/data-grid/cell-text'
import { ErrorState } from '../../../ui/empty-state'
import { Input, NativeSelect } from '../../../ui/input'
import { SidePanel } from '../../../ui/side-panel'
import { Spinner } from '../../../ui/spinner'
import { useLogQuery, useLogSettings } from '../api/logs-api'
import {
  DEFAULT_FILTERS,
  filtersSql,
  histogramOfRows,
  histogramSql,
  LOG_RANGES,
  rangeWindow,
  bucketLabel,
  type LogFilters,
  type LogRange,
} from '../log-query'
import { LOGS_MESSAGES as M } from '../messages'

const BarChart = lazy(() => import('../../../ui/result-chart/bar-chart'))
const LIVE_TAIL_MS = 5000

type Mode = 'filters' | 'sql'
type Row = readonly unknown[]

/**
 * The logs explorer (spec 2 §2, issue 27): a query over the project's logs, built from filters or written in
 * SQL (Monaco, completing the sources and their columns), for a time range; a histogram of the events over
 * time above the results in the data grid, and one event's fields in a side panel. The live tail runs the
 * query again every five seconds. The per-source pages are this page with the source chosen; templates and
 * recent queries open here with `?q=`.
 */
export function LogsExplorerPage({ projectRef, source }: { projectRef: string; source?: LogSource }) {
  const [params, setParams] = useSearchParams()
  const opened = params.get('q')
  const [mode, setMode] = useState<Mode>(opened ? 'sql' : 'filters')
  const [filters, setFilters] = useState<LogFilters>({ ...DEFAULT_FILTERS, source: source ?? 'edge_logs' })
  const [sql, setSql] = useState(opened ?? filtersSql({ ...DEFAULT_FILTERS, source: source ?? 'edge_logs' }))
  const [range, setRange] = useState<LogRange>('1h')
  const [live, setLive] = useState(false)
  const [selected, setSelected] = useState<Row | null>(null)
  const settings = useLogSettings(projectRef)

  // What runs: the filters' SQL (again whenever a filter changes) or the SQL as last submitted.
  const [submittedSql, setSubmittedSql] = useState(opened ?? '')
  const [runAt, setRunAt] = useState(() => new Date())
  useEffect(() => {
    if (opened) {
      setMode('sql')
      setSql(opened)
      setSubmittedSql(opened)
      setRunAt(new Date())
    }
  }, [opened])
  useEffect(() => setFilters((f) => ({ ...f, source: source ?? f.source })), [source])
  const window = useMemo(() => rangeWindow(range, runAt), [range, runAt])
  const text = mode === 'filters' ? filtersSql(filters) : submittedSql
  const body: LogQueryBody | null = text.trim() ? { sql: text, ...window, remember: mode === 'sql' && !live } : null
  const result = useLogQuery(projectRef, body, live ? LIVE_TAIL_MS : false)
  const histogramBody: LogQueryBody | null =
    mode === 'filters' ? { sql: histogramSql(filters, range, window.start), ...window, remember: false } : null
  const histogram = useLogQuery(projectRef, histogramBody, live ? LIVE_TAIL_MS : false)
  // The live tail moves the window forward with each refresh.
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => setRunAt(new Date()), LIVE_TAIL_MS)
    return () => clearInterval(timer)
  }, [live])

  const run = () => {
    if (mode === 'sql') {
      setSubmittedSql(sql)
      if (params.has('q')) setParams({}, { replace: true })
    }
    setRunAt(new Date())
  }
  const toSql = () => {
    setSql(filtersSql(filters))
    setSubmittedSql(filtersSql(filters))
    setMode('sql')
  }

  const points = useMemo(() => {
    if (mode === 'filters') {
      const rows = histogram.data?.rows ?? []
      return rows.map((r) => ({ x: bucketLabel(new Date(String(r[0])).getTime(), range), y: Number(r[1]) }))
    }
    return result.data ? histogramOfRows(result.data.columns, result.data.rows, range, window.start) : null
  }, [mode, histogram.data, result.data, range, window.start])

  const postgresUnavailable =
    settings.data &&
    !settings.data.postgresLogs &&
    (mode === 'filters' ? filters.source === 'postgres_logs' : /postgres_logs/.test(text))

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border px-6 pt-5 pb-3">
        <h1 className="text-xl font-semibold tracking-tight">{source ? M.sourceTitles[source] : M.explorer}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{source ? M.sourceDescriptions[source] : M.sourcesHelp}</p>
      </div>
      {postgresUnavailable && <Banner>{LOG_QUERY_MESSAGES.attached}</Banner>}
      <div
        className="flex flex-wrap items-end gap-3 border-b border-border px-6 py-3"
        role="toolbar"
        aria-label="Log query"
      >
        <div role="group" aria-label="Query mode" className="flex rounded-md border border-border p-0.5">
          {(['filters', 'sql'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => (m === 'sql' && mode === 'filters' ? toSql() : setMode(m))}
              className="rounded px-3 py-1 text-sm aria-pressed:bg-muted aria-pressed:font-medium"
            >
              {m === 'filters' ? M.modeFilters : M.modeSql}
            </button>
          ))}
        </div>
        <Field label={M.range}>
          <NativeSelect value={range} onChange={(e) => setRange(e.target.value as LogRange)} className="w-auto">
            {Object.entries(LOG_RANGES).map(([key, r]) => (
              <option key={key} value={key}>
                {r.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {mode === 'filters' && <FilterFields filters={filters} onChange={setFilters} fixedSource={Boolean(source)} />}
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={live}
            onChange={(e) => setLive(e.target.checked)}
          />
          {M.liveTail}
        </label>
        {mode === 'sql' && (
          <Button onClick={run} className="mb-0.5">
            <Play aria-hidden className="size-4" />
            {M.run}
          </Button>
        )}
        {live && (
          <span role="status" className="pb-2 text-xs text-muted-foreground">
            {M.liveTailOn}
          </span>
        )}
      </div>
      {mode === 'sql' && (
        <div className="border-b border-border">
          <LogSqlEditor value={sql} onChange={setSql} onRun={run} />
        </div>
      )}
      <section aria-label={M.histogram} className="h-36 shrink-0 border-b border-border px-4 py-2">
        {points === null ? (
          <p className="p-2 text-sm text-muted-foreground">{M.noHistogram}</p>
        ) : (
          <Suspense fallback={<Spinner label={M.histogram} />}>
            <BarChart points={points} xLabel="time" yLabel="events" counts />
          </Suspense>
        )}
      </section>
      <div className="min-h-0 flex-1">
        {result.isError ? (
          <div className="p-6">
            <ErrorState title={M.failed} error={result.error} />
          </div>
        ) : !result.data ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading events" />
          </div>
        ) : (
          <Results result={result.data} onSelect={setSelected} />
        )}
      </div>
      <SidePanel open={selected !== null} onOpenChange={(open) => !open && setSelected(null)} title={M.detail}>
        {selected && result.data && <EventDetail columns={result.data.columns} row={selected} />}
      </SidePanel>
    </div>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
      {label}
      {children}
    </label>
  )
}

function FilterFields({
  filters,
  onChange,
  fixedSource,
}: {
  filters: LogFilters
  onChange: (f: LogFilters) => void
  fixedSource: boolean
}) {
  const set = <K extends keyof LogFilters>(key: K, value: LogFilters[K]) => onChange({ ...filters, [key]: value })
  const columns = LOG_SOURCE_COLUMNS[filters.source].map((c) => c.name)
  return (
    <>
      {!fixedSource && (
        <Field label={M.source}>
          <NativeSelect
            className="w-auto"
            value={filters.source}
            onChange={(e) => set('source', e.target.value as LogSource)}
          >
            {LOG_SOURCES.map((s) => (
              <option key={s} value={s}>
                {M.sourceTitles[s]} ({s})
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      {columns.includes('severity') && (
        <Field label={M.severity}>
          <NativeSelect
            className="w-auto"
            value={filters.severity}
            onChange={(e) => set('severity', e.target.value as LogFilters['severity'])}
          >
            {Object.entries(M.severities).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      {columns.includes('status') && (
        <Field label={M.status}>
          <NativeSelect
            className="w-auto"
            value={filters.status}
            onChange={(e) => set('status', e.target.value as LogFilters['status'])}
          >
            {Object.entries(M.statuses).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      {columns.includes('path') && (
        <Field label={M.path}>
          <Input className="w-48" value={filters.path} onChange={(e) => set('path', e.target.value)} />
        </Field>
      )}
      <Field label={M.search}>
        <Input
          className="w-56"
          type="search"
          placeholder={M.searchPlaceholder}
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </Field>
    </>
  )
}

/** Monaco with the log sources and their columns offered as completions; Ctrl/⌘+Enter runs. */
function LogSqlEditor({ value, onChange, onRun }: { value: string; onChange: (v: string) => void; onRun: () => void }) {
  const disposables = useRef<Array<{ dispose(): void }>>([])
  const runRef = useRef(onRun)
  runRef.current = onRun
  useEffect(() => () => disposables.current.forEach((d) => d.dispose()), [])
  const onMount = (editor: CodeEditorInstance, monaco: MonacoApi) => {
    const model = editor.getModel()
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current())
    disposables.current.push(
      monaco.languages.registerCompletionItemProvider('pgsql', {
        provideCompletionItems: (m, position) => {
          if (m !== model) return { suggestions: [] }
          const word = m.getWordUntilPosition(position)
          const range = {
            startLineNumber: position.lineNumber,
            endLineNumber: position.lineNumber,
            startColumn: word.startColumn,
            endColumn: word.endColumn,
          }
          const sources = LOG_SOURCES.map((s) => ({
            label: s,
            kind: monaco.languages.CompletionItemKind.Class,
            insertText: s,
            detail: M.sourceTitles[s],
            range,
          }))
          const seen = new Set<string>()
          const columns = LOG_SOURCES.flatMap((s) =>
            LOG_SOURCE_COLUMNS[s]
              .filter((c) => !seen.has(c.name) && seen.add(c.name))
              .map((c) => ({
                label: c.name,
                kind: monaco.languages.CompletionItemKind.Field,
                insertText: c.name,
                detail: c.type,
                range,
              })),
          )
          return { suggestions: [...sources, ...columns] }
        },
      }),
    )
  }
  return <CodeEditor label={M.sqlLabel} value={value} onChange={onChange} onMount={onMount} className="h-40" />
}

function Results({ result, onSelect }: { result: LogQueryResult; onSelect: (row: Row) => void }) {
  const columns = useMemo<Column<Row>[]>(
    () =>
      result.columns.map((c, i) => ({
        key: String(i),
        name: c.name,
        minWidth: 120,
        width: c.name === 'timestamp' ? 220 : c.name === 'message' || c.name === 'path' ? 320 : undefined,
        resizable: true,
        renderCell: ({ row }) => <span className="truncate">{cellText(row[i]) ?? 'NULL'}</span>,
      })),
    [result.columns],
  )
  if (result.rows.length === 0) return <p className="p-6 text-sm text-muted-foreground">{M.noEvents}</p>
  return (
    <div className="flex h-full flex-col">
      <p className="px-4 py-1.5 text-xs text-muted-foreground" role="status">
        {result.truncated ? M.truncated(result.rows.length) : M.rows(result.rows.length)}
      </p>
      <div className="min-h-0 flex-1">
        <DataGrid<Row>
          aria-label={M.results}
          className="h-full"
          columns={columns}
          rows={result.rows as Row[]}
          onCellClick={({ row }) => onSelect(row)}
          onCellKeyDown={({ row, mode }, event) => {
            if (mode === 'ACTIVE' && event.key === 'Enter' && row) onSelect(row)
          }}
        />
      </div>
    </div>
  )
}

function EventDetail({ columns, row }: { columns: LogQueryResult['columns']; row: Row }) {
  return (
    <dl className="space-y-3 text-sm">
      {columns.map((c, i) => {
        const value = row[i]
        const text = value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : cellText(value)
        return (
          <div key={`${c.name}-${i}`}>
            <dt className="text-xs font-medium text-muted-foreground">
              {c.name} <span className="font-normal">({c.type})</span>
            </dt>
            <dd className="mt-0.5 font-mono text-xs break-all whitespace-pre-wrap">{text ?? 'NULL'}</dd>
          </div>
        )
      })}
    </dl>
  )
}
