import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from 'react-router'
import { createOrganizationBodySchema } from '@basalt/contracts'
import { WizardShell } from '../../../ui/wizard-shell'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { useCreateOrganization } from '../api/create-organization'

export const NEW_ORGANIZATION_STEPS = ['Organization', 'Project'] as const

/** /new — step 1 names the organisation; step 2 is the new-project wizard at /new/{slug}. */
export function NewOrganizationPage() {
  const create = useCreateOrganization()
  const navigate = useNavigate()
  const form = useForm({ resolver: zodResolver(createOrganizationBodySchema), defaultValues: { name: '' } })

  return (
    <WizardShell
      title="Create a new organization"
      description="Organizations group projects and the people who work on them."
      steps={NEW_ORGANIZATION_STEPS}
      current={0}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((v) => create.mutate(v, { onSuccess: (org) => navigate(`/new/${org.slug}`) }))}
      >
        <FormField label="Name" description="Your company or team name." error={form.formState.errors.name?.message}>
          <Input autoFocus {...form.register('name')} />
        </FormField>
        <FormError error={create.error} />
        <div className="flex justify-between gap-2 pt-2">
          <Button asChild variant="ghost">
            <Link to="/projects">Cancel</Link>
          </Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Create organization
          </Button>
        </div>
      </form>
    </WizardShell>
  )
}
