import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2 } from 'lucide-react'
import { createProjectBodySchema, testConnectionBodySchema } from '@basalt/contracts'
import { WizardShell } from '../../../ui/wizard-shell'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { RadioGroup } from '../../../ui/radio-group'
import { PageSpinner } from '../../../ui/spinner'
import { ErrorState } from '../../../ui/empty-state'
import { NoAccessPage } from '../../../ui/no-access-page'
import { useOrganizations } from '../api/get-organizations'
import { useCreateProject } from '../api/create-project'
import { useTestConnection } from '../api/test-connection'
import { PROJECTS_MESSAGES } from '../messages'

export const NEW_PROJECT_STEPS = ['Project', 'Database'] as const

type DatabaseChoice = 'new' | 'existing'

const nameSchema = createProjectBodySchema.pick({ name: true })

/** /new/{slug} — step 1 names the project, step 2 chooses a new or an existing database. */
export function NewProjectPage() {
  const { slug = '' } = useParams()
  const organizations = useOrganizations()
  const [step, setStep] = useState(0)
  const [name, setName] = useState('')

  if (organizations.isPending) return <PageSpinner />
  if (organizations.error) return <ErrorState title="Failed to retrieve organizations" error={organizations.error} />
  const organization = organizations.data.find((o) => o.slug === slug)
  if (!organization)
    return <ErrorState title="Organization not found" error={new Error(`No organization “${slug}”.`)} />
  if (!organization.permissions.includes('projects:create')) {
    return (
      <NoAccessPage
        title="Create a new project"
        detail={`Creating projects in ${organization.name} needs an owner or administrator role.`}
      />
    )
  }

  return (
    <WizardShell
      title="Create a new project"
      description={`In organization ${organization.name}`}
      steps={NEW_PROJECT_STEPS}
      current={step}
    >
      {step === 0 ? (
        <NameStep
          defaultName={name}
          onNext={(value) => {
            setName(value)
            setStep(1)
          }}
        />
      ) : (
        <DatabaseStep slug={slug} name={name} onBack={() => setStep(0)} />
      )}
    </WizardShell>
  )
}

function NameStep({ defaultName, onNext }: { defaultName: string; onNext: (name: string) => void }) {
  const form = useForm({ resolver: zodResolver(nameSchema), defaultValues: { name: defaultName } })
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => onNext(v.name))}>
      <FormField label="Project name" error={form.formState.errors.name?.message}>
        <Input autoFocus {...form.register('name')} />
      </FormField>
      <div className="flex justify-between gap-2 pt-2">
        <Button asChild variant="ghost">
          <Link to="/projects">Cancel</Link>
        </Button>
        <Button type="submit" variant="primary">
          Continue
        </Button>
      </div>
    </form>
  )
}

const connectionSchema = z.object({ connectionString: testConnectionBodySchema.shape.connectionString })

function DatabaseStep({ slug, name, onBack }: { slug: string; name: string; onBack: () => void }) {
  const [choice, setChoice] = useState<DatabaseChoice>('new')
  const create = useCreateProject()
  const test = useTestConnection()
  const navigate = useNavigate()
  const form = useForm({ resolver: zodResolver(connectionSchema), defaultValues: { connectionString: '' } })

  const submit = (connectionString?: string) =>
    create.mutate(
      { slug, name, connectionString },
      { onSuccess: (project) => navigate(`/project/${project.ref}`, { replace: true }) },
    )

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={
        choice === 'existing'
          ? form.handleSubmit((v) => submit(v.connectionString))
          : (e) => {
              e.preventDefault()
              submit()
            }
      }
    >
      <RadioGroup<DatabaseChoice>
        label="Database"
        value={choice}
        onValueChange={setChoice}
        options={[
          { value: 'new', label: PROJECTS_MESSAGES.newDatabase, description: PROJECTS_MESSAGES.newDatabaseDetail },
          {
            value: 'existing',
            label: PROJECTS_MESSAGES.existingDatabase,
            description: PROJECTS_MESSAGES.existingDatabaseDetail,
          },
        ]}
      />
      {choice === 'existing' && (
        <div className="space-y-3">
          <FormField
            label="Connection string"
            description="postgresql://user:password@host:5432/database — stored encrypted on the server."
            error={form.formState.errors.connectionString?.message}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs"
              {...form.register('connectionString', { onChange: () => test.reset() })}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              loading={test.isPending}
              onClick={form.handleSubmit((v) => test.mutate({ slug, connectionString: v.connectionString }))}
            >
              Test connection
            </Button>
            {test.data && (
              <span role="status" className="flex items-center gap-1.5 text-sm text-success">
                <CheckCircle2 className="size-4" aria-hidden />
                {PROJECTS_MESSAGES.connectionOk(test.data.serverVersion)}
              </span>
            )}
          </div>
          <FormError error={test.error} />
        </div>
      )}
      <FormError error={create.error} />
      <div className="flex justify-between gap-2 pt-2">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create project
        </Button>
      </div>
    </form>
  )
}
