import { useState } from 'react'
import { RefreshCw } from 'lucide-react'
import { toast } from 'sonner'
import { PROJECT_API_MESSAGES as MESSAGES, type ProjectDetail } from '@basalt/contracts'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { SecretField, ValueField } from '../../../project/api-key-fields'
import { useProjectApiSettings, useRollProjectJwtSecret } from '../../../project/project-api-settings'

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
