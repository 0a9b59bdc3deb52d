import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { databaseSettingsSchema, type ProjectDetail } from '@basalt/contracts'
import { Section } from '../../../ui/card'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { ErrorState } from '../../../ui/empty-state'
import { FormError } from '../../../ui/form-error'
import { Skeleton } from '../../../ui/skeleton'
import { useDatabaseSettings } from '../api/get-database-settings'
import { useUpdateDatabaseSettings } from '../api/update-database-settings'
import { DATABASE_SETTINGS_MESSAGES as MESSAGES } from '../messages'

/** Settings › Database: the statement timeout of the dashboard's calls on the project's database, in seconds. */
export function StatementTimeoutSection({ project }: { project: ProjectDetail }) {
  const settings = useDatabaseSettings(project.ref)
  return (
    <Section title={MESSAGES.timeoutTitle} description={MESSAGES.timeoutDetail}>
      {settings.error ? (
        <ErrorState title={MESSAGES.timeoutLoadError} error={settings.error} />
      ) : settings.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-9 w-48" />
        </div>
      ) : (
        // Keyed by the saved value, so the field starts again from what the server holds.
        <TimeoutForm
          key={settings.data.statementTimeoutMs}
          project={project}
          savedMs={settings.data.statementTimeoutMs}
        />
      )}
    </Section>
  )
}

function TimeoutForm({ project, savedMs }: { project: ProjectDetail; savedMs: number }) {
  const canWrite = project.permissions.includes('settings:write')
  const update = useUpdateDatabaseSettings()
  const [seconds, setSeconds] = useState(String(savedMs / 1000))
  const [invalid, setInvalid] = useState<string | undefined>()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = databaseSettingsSchema.safeParse({
      statementTimeoutMs: seconds.trim() === '' ? Number.NaN : Math.round(Number(seconds) * 1000),
    })
    if (!parsed.success) {
      setInvalid(
        Number.isFinite(Number(seconds)) && seconds.trim() !== ''
          ? parsed.error.issues[0]?.message
          : MESSAGES.timeoutNotANumber,
      )
      return
    }
    setInvalid(undefined)
    update.mutate(
      { ref: project.ref, settings: parsed.data },
      { onSuccess: () => toast.success(MESSAGES.timeoutSaved) },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="max-w-xs">
        <FormField
          label={MESSAGES.timeoutLabel}
          description={canWrite ? MESSAGES.timeoutRange : MESSAGES.timeoutOnlyAdmins}
          error={invalid}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={1}
            max={86_400}
            step={1}
            readOnly={!canWrite}
            value={seconds}
            onChange={(e) => {
              setSeconds(e.target.value)
              setInvalid(undefined)
            }}
            className={canWrite ? undefined : 'bg-muted'}
          />
        </FormField>
      </div>
      <FormError error={update.error} />
      {canWrite && (
        <Button type="submit" variant="primary" size="sm" loading={update.isPending}>
          Save
        </Button>
      )}
    </form>
  )
}
