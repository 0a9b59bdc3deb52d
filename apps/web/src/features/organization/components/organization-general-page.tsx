import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { updateOrganizationBodySchema, type Organization } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { useUpdateOrganization } from '../api/update-organization'
import { useDeleteOrganization } from '../api/delete-organization'
import { AiSettingsSection } from './ai-settings-section'

export function OrganizationGeneralPage({ organization }: { organization: Organization }) {
  const canUpdate = organization.permissions.includes('org:update')
  const canDelete = organization.permissions.includes('org:delete')
  const update = useUpdateOrganization()
  const remove = useDeleteOrganization()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const form = useForm({ resolver: zodResolver(updateOrganizationBodySchema), values: { name: organization.name } })

  return (
    <PageContainer>
      <PageHeader title="Organization settings" />
      <div className="space-y-6">
        <form
          noValidate
          onSubmit={form.handleSubmit(({ name }) =>
            update.mutate(
              { slug: organization.slug, name },
              { onSuccess: () => toast.success('Organization renamed') },
            ),
          )}
        >
          <Section
            title="General"
            footer={
              canUpdate && (
                <Button type="submit" variant="primary" loading={update.isPending} disabled={!form.formState.isDirty}>
                  Save
                </Button>
              )
            }
          >
            <FormField
              label="Organization name"
              error={form.formState.errors.name?.message}
              description={canUpdate ? undefined : 'You need additional permissions to rename this organization.'}
            >
              <Input disabled={!canUpdate} {...form.register('name')} />
            </FormField>
            <FormField label="Organization slug">
              <Input value={organization.slug} readOnly disabled />
            </FormField>
            <FormError error={update.error} />
          </Section>
        </form>
        <AiSettingsSection organization={organization} />
        {canDelete && (
          <Section
            tone="danger"
            title="Delete organization"
            description="Deletes the organization, its members and invitations, and every project in it. This cannot be undone."
            footer={
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete organization
              </Button>
            }
          />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${organization.name}`}
        description="Every project of this organization is deleted with it."
        typeToConfirm={organization.name}
        confirmLabel="Delete organization"
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(organization.slug, {
            onSuccess: () => {
              toast.success(`Deleted ${organization.name}`)
              navigate('/projects', { replace: true })
            },
          })
        }
      />
    </PageContainer>
  )
}
