import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AlertTriangle, Ban, Clock, Info } from 'lucide-react'
import type { SqlRunResult } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { isReadReplicaWrite } from '../state/sql-runner'
import { EDITOR_MESSAGES, POSTGRES_PERFORMANCE_DOCS } from './messages'

/** Command tags of statements that change nothing. */
const READ_COMMANDS = new Set(['SELECT', 'SHOW', 'EXPLAIN', 'FETCH', 'VALUES', ''])

/**
 * How the last run ended, when it did not simply succeed (spec 2 §7, §8): an error as psql prints it with
 * its SQLSTATE; 'SQL query ran into an upstream timeout' with its two ways out; a write on a read replica with
 * 'Switch to primary database'; a cancel. Shown above the result sets of the statements that did run.
 */
export function RunStatus({
  projectRef,
  run,
  onSwitchToPrimary,
}: {
  projectRef: string
  run: SqlRunResult | null
  onSwitchToPrimary: () => void
}) {
  if (!run) return null
  // Said only when something was written: a rollback of reads changes nothing a member would notice.
  const rolledBack = run.rolledBack && run.results.some((r) => !READ_COMMANDS.has(r.command ?? ''))
  if (run.status === 'timeout') {
    return (
      <StatusBox tone="warning" icon={<Clock aria-hidden className="size-4" />}>
        <p className="font-medium">{EDITOR_MESSAGES.timeout}</p>
        <p>
          You can either{' '}
          <a href={POSTGRES_PERFORMANCE_DOCS} target="_blank" rel="noreferrer" className="text-brand underline">
            {EDITOR_MESSAGES.timeoutOptimize}
          </a>
          , or{' '}
          <Link to={`/project/${projectRef}/settings/database`} className="text-brand underline">
            {EDITOR_MESSAGES.timeoutRaise}
          </Link>
          .
        </p>
        {rolledBack && <p className="text-muted-foreground">{EDITOR_MESSAGES.rolledBack}</p>}
      </StatusBox>
    )
  }
  if (run.status === 'cancelled') {
    return (
      <StatusBox tone="info" icon={<Ban aria-hidden className="size-4" />}>
        <p className="font-medium">{EDITOR_MESSAGES.cancelled}</p>
        {rolledBack && <p className="text-muted-foreground">{EDITOR_MESSAGES.rolledBack}</p>}
      </StatusBox>
    )
  }
  if (run.status === 'error' && run.error) {
    const { error } = run
    if (isReadReplicaWrite(error)) {
      return (
        <StatusBox tone="warning" icon={<AlertTriangle aria-hidden className="size-4" />}>
          <p className="font-medium">{EDITOR_MESSAGES.readReplicaWrite}</p>
          {error.formattedError && <ErrorLines text={error.formattedError} />}
          <div>
            <Button size="sm" onClick={onSwitchToPrimary}>
              {EDITOR_MESSAGES.switchToPrimary}
            </Button>
          </div>
        </StatusBox>
      )
    }
    return (
      <StatusBox
        tone="danger"
        icon={<AlertTriangle aria-hidden className="size-4" />}
        label={EDITOR_MESSAGES.errorTitle}
      >
        <ErrorLines text={error.formattedError ?? `ERROR:  ${error.message}`} />
        {error.pg?.code && <p className="font-mono text-xs text-muted-foreground">SQLSTATE: {error.pg.code}</p>}
        {rolledBack && <p className="text-muted-foreground">{EDITOR_MESSAGES.rolledBack}</p>}
      </StatusBox>
    )
  }
  // A `begin` never committed ends rolled back, as when psql exits: say so, since the results look fine.
  if (run.status === 'success' && run.rolledBack) {
    return (
      <StatusBox tone="info" icon={<Info aria-hidden className="size-4" />}>
        <p>{EDITOR_MESSAGES.uncommitted}</p>
      </StatusBox>
    )
  }
  return null
}

function ErrorLines({ text }: { text: string }) {
  return <pre className="overflow-x-auto font-mono text-xs leading-5 whitespace-pre">{text}</pre>
}

const TONES = {
  danger: 'border-destructive/40 bg-destructive/5 [&>svg]:text-destructive',
  warning: 'border-warning/40 bg-warning-surface [&>svg]:text-warning',
  info: 'border-border bg-surface [&>svg]:text-muted-foreground',
} as const

function StatusBox({
  tone,
  icon,
  label,
  children,
}: {
  tone: keyof typeof TONES
  icon: ReactNode
  label?: string
  children: ReactNode
}) {
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      aria-label={label}
      className={`m-2 flex gap-2.5 rounded-md border p-3 text-sm ${TONES[tone]}`}
    >
      {icon}
      <div className="min-w-0 flex-1 space-y-1.5">{children}</div>
    </div>
  )
}
