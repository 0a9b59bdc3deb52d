import type { ReactNode } from 'react'
import { SQL_NO_ROWS_MESSAGE, type SqlRunResult, type StatementPlace } from '@basalt/contracts'

export interface ResultsPanelProps {
  projectRef: string
  /** Exports are named from the project ref and this. */
  snippetName: string
  /** null before the first run. */
  run: SqlRunResult | null
  /** Shows 'Running...'. */
  running: boolean
  /** Run-level messages the page owns (error, timeout, cancelled, replica), above the result sets. */
  status?: ReactNode
  onGoToStatement?: (statement: StatementPlace) => void
}

/** The results of the last run: one pane per result set. (A first, plain rendering; the grid comes next.) */
export function ResultsPanel({ run, running, status }: ResultsPanelProps) {
  return (
    <section aria-label="Results" className="flex h-full min-h-0 flex-col overflow-auto text-sm">
      {status}
      {running && <p role="status">Running...</p>}
      {run?.results.map((result) => (
        <div key={result.statement.index} className="border-b p-2">
          <p className="font-mono text-xs">{result.statement.sql}</p>
          <p>
            {result.columns.length === 0
              ? `${SQL_NO_ROWS_MESSAGE} (${result.command ?? ''})`
              : `${result.rows.length} rows`}
          </p>
        </div>
      ))}
    </section>
  )
}
