import { useId, useState, type ReactNode } from 'react'
import { Eye, EyeOff, RefreshCw } from 'lucide-react'
import { toast } from 'sonner'
import { PROJECT_API_MESSAGES as MESSAGES, type ProjectApiSecret, type ProjectDetail } from '@basalt/contracts'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { CopyButton } from '../../../ui/copy-button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { FormError } from '../../../ui/form-error'
import { Skeleton } from '../../../ui/skeleton'
import { useProjectApiSettings, useRevealProjectApiSecret, useRollProjectJwtSecret } from '../api/project-api-settings'

const MASK = '****************************************'

/**
 * Settings › API: the project URL and Storage API base, the anon key, and — revealed on request by Owners and
 * Administrators — the service_role key and the JWT secret an app's own auth service signs user tokens with.
 * Rolling the secret says first what stops working.
 */
export function ApiSettingsPage({ project }: { project: ProjectDetail }) {
  const settings = useProjectApiSettings(project.ref)
  return (
    <PageContainer>
      <PageHeader title={MESSAGES.title} />
      {settings.error ? (
        <ErrorState title={MESSAGES.loadFailed} error={settings.error} />
      ) : settings.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-4">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="grid gap-2 sm:grid-cols-[12rem_1fr] sm:items-center">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
        </div>
      ) : (
        <div className="space-y-6">
          <Section title="Project URL">
            <ValueField label={MESSAGES.urlLabel} value={settings.data.url} hint={MESSAGES.urlHint} />
            <ValueField
              label={MESSAGES.storageUrlLabel}
              value={settings.data.storageUrl}
              hint={MESSAGES.storageUrlHint}
            />
          </Section>
          <Section title="Project API keys">
            <ValueField label={MESSAGES.anonLabel} value={settings.data.anonKey} hint={MESSAGES.anonHint} />
            <SecretField
              projectRef={project.ref}
              secret="service_role"
              label={MESSAGES.serviceLabel}
              hint={MESSAGES.serviceHint}
              canReveal={settings.data.canReveal}
              version={settings.data.anonKey}
            />
          </Section>
          <Section title="JWT Settings">
            <SecretField
              projectRef={project.ref}
              secret="jwt_secret"
              label={MESSAGES.jwtSecretLabel}
              hint={MESSAGES.jwtSecretHint}
              canReveal={settings.data.canReveal}
              version={settings.data.anonKey}
            />
            {settings.data.canReveal && <RollSecret projectRef={project.ref} />}
          </Section>
        </div>
      )}
    </PageContainer>
  )
}

function FieldRow({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[12rem_1fr] sm:items-start sm:gap-4">
      <label htmlFor={htmlFor} className="text-sm font-medium sm:pt-2">
        {label}
      </label>
      <div className="min-w-0 space-y-1.5">{children}</div>
    </div>
  )
}

function ValueField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId()
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        <CopyButton value={value} name={`Copy ${label}`} />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </FieldRow>
  )
}

/** A secret shown as a mask until an Owner or Administrator reveals it (each reveal is audited). */
function SecretField(props: {
  projectRef: string
  secret: ProjectApiSecret
  label: string
  hint: string
  canReveal: boolean
  /** Changes when the secret is rolled: a value revealed before is forgotten. */
  version: string
}) {
  const id = useId()
  const reveal = useRevealProjectApiSecret(props.projectRef)
  const [revealedFor, setRevealedFor] = useState<string | null>(null)
  const value = revealedFor === props.version ? reveal.data?.value : undefined
  return (
    <FieldRow label={props.label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          type={value === undefined ? 'password' : 'text'}
          autoComplete="off"
          value={value ?? MASK}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        {value !== undefined && <CopyButton value={value} name={`Copy ${props.label}`} />}
        {props.canReveal && (
          <Button
            size="sm"
            aria-busy={reveal.isPending || undefined}
            onClick={() => {
              if (value !== undefined) {
                reveal.reset()
                setRevealedFor(null)
              } else if (!reveal.isPending) {
                reveal.mutate(props.secret, { onSuccess: () => setRevealedFor(props.version) })
              }
            }}
          >
            {reveal.isPending ? (
              <Spinner size={14} />
            ) : value === undefined ? (
              <Eye className="size-3.5" aria-hidden />
            ) : (
              <EyeOff className="size-3.5" aria-hidden />
            )}
            {value === undefined ? MESSAGES.reveal : MESSAGES.hide}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {props.canReveal ? props.hint : `${props.hint} ${MESSAGES.revealOnlyAdmins}.`}
      </p>
      <FormError error={reveal.error} />
    </FieldRow>
  )
}

function RollSecret({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false)
  const roll = useRollProjectJwtSecret(projectRef)
  return (
    <div className="flex justify-end">
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        <RefreshCw className="size-3.5" aria-hidden />
        {MESSAGES.roll}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) roll.reset()
        }}
        title={MESSAGES.rollTitle}
        description={MESSAGES.rollConsequences}
        confirmLabel={MESSAGES.rollConfirm}
        variant="danger"
        loading={roll.isPending}
        error={roll.error ? MESSAGES.rollFailed(roll.error.message) : null}
        onConfirm={() =>
          roll.mutate(undefined, {
            onSuccess: () => {
              setOpen(false)
              toast.success(MESSAGES.rolled)
            },
          })
        }
      />
    </div>
  )
}
