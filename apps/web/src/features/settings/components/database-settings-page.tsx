import { useId, type ReactNode } from 'react'
import { AlertTriangle, Eye, EyeOff } from 'lucide-react'
import type { ProjectConnectionInfo, ProjectDetail } from '@basalt/contracts'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { CopyButton } from '../../../ui/copy-button'
import { ErrorState } from '../../../ui/empty-state'
import { FormError } from '../../../ui/form-error'
import { Skeleton } from '../../../ui/skeleton'
import { useProjectConnection } from '../api/get-project-connection'
import { useRevealProjectPassword } from '../api/reveal-project-password'
import { connectionUri } from '../connection-uri'
import { DATABASE_SETTINGS_MESSAGES as MESSAGES } from '../messages'
import { StatementTimeoutSection } from './statement-timeout-section'

/**
 * What the hidden password field holds: a password input shows it as dots and screen readers announce a
 * protected field; the real password only reaches the page when a member with settings:write reveals it.
 */
const PASSWORD_MASK = '****************'

/** Settings › Database: how to connect to the project's database as its admin role, and its statement timeout. */
export function DatabaseSettingsPage({ project }: { project: ProjectDetail }) {
  const connection = useProjectConnection(project.ref)
  return (
    <PageContainer>
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} />
      {connection.error ? (
        <ErrorState title={MESSAGES.loadError} error={connection.error} />
      ) : connection.isPending ? (
        <div className="space-y-6">
          <Section title={MESSAGES.parametersTitle} description={MESSAGES.parametersDetail}>
            <FieldsSkeleton rows={5} />
          </Section>
          <Section title={MESSAGES.psqlTitle} description={MESSAGES.psqlDetail}>
            <FieldsSkeleton rows={2} />
          </Section>
        </div>
      ) : (
        <ConnectionDetails project={project} info={connection.data} />
      )}
      <div className="mt-6">
        <StatementTimeoutSection project={project} />
      </div>
    </PageContainer>
  )
}

function FieldsSkeleton({ rows }: { rows: number }) {
  return (
    <div role="status" aria-label="Loading" className="space-y-4">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[10rem_1fr] sm:items-center">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  )
}

function ConnectionDetails({ project, info }: { project: ProjectDetail; info: ProjectConnectionInfo }) {
  const uri = connectionUri(info)
  return (
    <div className="space-y-6">
      {info.superuser && (
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-warning/40 bg-warning-surface px-4 py-3 text-sm text-foreground"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>{MESSAGES.superuserWarning}</p>
        </div>
      )}
      <Section title={MESSAGES.parametersTitle} description={MESSAGES.parametersDetail}>
        <ValueField label="Host" value={info.host} />
        <ValueField label="Port" value={String(info.port)} />
        <ValueField label="Database name" value={info.database} />
        <ValueField label="User" value={info.user} />
        <PasswordField project={project} available={info.passwordAvailable} />
      </Section>
      <Section title={MESSAGES.psqlTitle} description={MESSAGES.psqlDetail}>
        <CodeBlock label="psql command" value={info.psql} />
        <CodeBlock label={MESSAGES.uriLabel} value={uri} description={MESSAGES.uriDetail} />
      </Section>
    </div>
  )
}

/** A label beside its control, stacked on narrow screens. */
function FieldRow({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[10rem_1fr] sm:items-start sm:gap-4">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="text-sm font-medium sm:pt-2">
          {label}
        </label>
      ) : (
        <span className="text-sm font-medium sm:pt-2">{label}</span>
      )}
      <div className="min-w-0 space-y-1.5">{children}</div>
    </div>
  )
}

function ValueField({ label, value }: { label: string; value: string }) {
  const id = useId()
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        <CopyButton value={value} name={`Copy ${label.toLowerCase()}`} />
      </div>
    </FieldRow>
  )
}

function PasswordField({ project, available }: { project: ProjectDetail; available: boolean }) {
  const id = useId()
  const noteId = `${id}-note`
  const canReveal = project.permissions.includes('settings:write')
  const reveal = useRevealProjectPassword()
  const password = reveal.data?.password

  if (!available) {
    return (
      <FieldRow label="Password">
        <p className="text-sm text-muted-foreground sm:pt-2">{MESSAGES.passwordNotHeld}</p>
      </FieldRow>
    )
  }
  return (
    <FieldRow label="Password" htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          type={password === undefined ? 'password' : 'text'}
          autoComplete="off"
          value={password ?? PASSWORD_MASK}
          aria-describedby={canReveal ? undefined : noteId}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        {password !== undefined && <CopyButton value={password} name="Copy password" />}
        {canReveal && (
          // One button that turns from Reveal into Hide, so keyboard focus stays on it either way. Not
          // disabled while the call runs: a disabled button would drop the focus.
          <Button
            size="sm"
            aria-busy={reveal.isPending || undefined}
            onClick={() => {
              if (password !== undefined) reveal.reset()
              else if (!reveal.isPending) reveal.mutate(project.ref)
            }}
          >
            {reveal.isPending ? (
              <Spinner size={14} />
            ) : password === undefined ? (
              <Eye className="size-3.5" aria-hidden />
            ) : (
              <EyeOff className="size-3.5" aria-hidden />
            )}
            {password === undefined ? 'Reveal' : 'Hide'}
          </Button>
        )}
      </div>
      {!canReveal && (
        <p id={noteId} className="text-xs text-muted-foreground">
          {MESSAGES.passwordRevealOnlyAdmins}
        </p>
      )}
      <FormError error={reveal.error} />
    </FieldRow>
  )
}

/** A command or string to paste elsewhere: wrapped rather than scrolled, so all of it shows. */
function CodeBlock({ label, value, description }: { label: string; value: string; description?: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex items-start gap-2 rounded-md border border-border bg-muted py-2 pr-2 pl-3">
        <pre className="min-w-0 flex-1 py-1.5 font-mono text-xs break-all whitespace-pre-wrap">
          <code>{value}</code>
        </pre>
        <CopyButton value={value} name={`Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`} />
      </div>
      {description && <p className="text-xs text-muted-foreground">{description}</p>}
    </div>
  )
}
