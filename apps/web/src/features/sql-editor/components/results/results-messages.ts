import { SQL_MAX_BYTES, SQL_MAX_ROWS, SQL_NO_ROWS_MESSAGE } from '@basalt/contracts'

const count = (n: number) => n.toLocaleString('en-US')
const rows = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`

/** Texts of the SQL editor's results panel; those the spec quotes (§2, §8) are verbatim. */
export const RESULTS_MESSAGES = {
  panel: 'Results',
  running: 'Running...',
  emptyTitle: 'No results yet',
  emptyDescription: 'Run a query (Ctrl+Enter, or ⌘+Enter on a Mac) and each statement’s result shows here.',
  noRows: SQL_NO_ROWS_MESSAGE,
  resultSets: 'Result sets',
  resultsTab: 'Results',
  chartTab: 'Chart',
  rows,
  rowsAffected: (n: number) => `${rows(n)} affected`,
  statementCount: (n: number, duration: string) => `${count(n)} ${n === 1 ? 'statement' : 'statements'} · ${duration}`,
  goToLine: (line: number) => `Line ${line}`,
  cappedRows: (limit: number) => `Showing the first ${count(limit)} rows`,
  cappedBytes: (shown: number) =>
    `Showing the first ${rows(shown)}: the run’s results reached ${SQL_MAX_BYTES / 1024 / 1024} MiB, the most one run returns, and the rest was not read`,
  maxRows: SQL_MAX_ROWS,
  notices: 'Messages',
  noticeOfCommit: 'While committing',
  noticeOfStatement: (line: number) => `Line ${line}`,
  export: 'Export',
  download: (format: string) => `Download ${format}`,
  copyAs: (format: string) => `Copy as ${format}`,
  copied: (format: string) => `Copied the result as ${format}`,
  /** Spec 2 §8: exporting a result without rows. */
  resultsEmpty: 'results is empty',
  copyCell: 'Copy cell content',
  cellCopied: 'Copied to clipboard',
  null: 'NULL',
} as const
