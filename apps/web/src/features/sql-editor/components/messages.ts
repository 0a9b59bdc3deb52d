import { READ_REPLICA_WRITE_MESSAGE, SQL_TIMEOUT_MESSAGE } from '@basalt/contracts'

/** The editor page's texts. Those quoted in spec 2 (§4, §6, §8) are verbatim; tests assert them from here. */
export const EDITOR_MESSAGES = {
  editorLabel: 'SQL',
  loadFailed: 'Failed to retrieve the query',
  retryLoad: 'Try again',
  placeholder: 'Write SQL here, then run it with Ctrl+Enter (⌘+Enter on a Mac)',
  run: 'Run',
  // spec 2 §4
  running: 'Running...',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',
  prettify: 'Prettify',
  // spec 2 §2
  destructiveTitle: 'Destructive operation',
  destructiveDescription:
    'This query contains operations that permanently remove data or access. Make sure you want to run these statements:',
  destructiveConfirm: 'Run this query',
  // spec 2 §8
  executeFailed: (message: string) => `Failed to execute SQL: ${message}`,
  /** The period picker shown when the query uses {{period_start}} or {{period_end}}. */
  period: 'Period',
  periodUsed: (start: string, end: string) => `Ran with {{period_start}} = ${start} and {{period_end}} = ${end}`,
  formatFailed: (message: string) => `Failed to prettify SQL: ${message}`,
  timeout: SQL_TIMEOUT_MESSAGE,
  timeoutOptimize: 'optimize your query',
  timeoutRaise: 'increase the statement timeout',
  readReplicaWrite: READ_REPLICA_WRITE_MESSAGE,
  switchToPrimary: 'Switch to primary database',
  cancelled: 'The query was cancelled.',
  rolledBack: 'Changes made since the last commit were rolled back.',
  uncommitted: 'The transaction was never committed, so its changes were rolled back.',
  errorTitle: 'The query failed',
  // the database source picker
  sourceLabel: 'Source',
  sourceTitle: 'Database source',
  primary: 'Primary database',
  readReplica: (identifier: string) => `Read replica (${identifier})`,
  comingUp: 'Coming up',
  manageReplicas: 'Manage read replicas',
  sourcesError: 'Failed to list the project’s databases',
  settings: 'Editor settings',
  resize: 'Resize the editor and the results',
  intellisense: 'Intellisense (autocomplete and signature help)',
  pendingDiff: 'Accept or discard the suggested change before running the query.',
} as const

/** Postgres' own advice on making queries faster, linked from the timeout message. */
export const POSTGRES_PERFORMANCE_DOCS = 'https://www.postgresql.org/docs/current/performance-tips.html'
