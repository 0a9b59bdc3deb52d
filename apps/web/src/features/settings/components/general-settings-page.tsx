import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { updateProjectBodySchema, type Mode, type ProjectDetail } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { useUpdateProject } from '../api/update-project'
import { usePauseProject } from '../api/pause-project'
import { useDeleteProject } from '../api/delete-project'
import { RestoreProjectButton } from './restore-project-button'
import { SETTINGS_MESSAGES } from '../messages'

/** Project settings › General: rename, pause or restore, delete (spec 2 §2). */
export function GeneralSettingsPage({ project, mode }: { project: ProjectDetail; mode: Mode }) {
  const canUpdate = project.permissions.includes('projects:update')
  // Self-hosted mode has exactly one project; deleting it would leave nothing to manage.
  const canDelete = project.permissions.includes('projects:delete') && mode === 'hosted'
  return (
    <PageContainer>
      <PageHeader title="Project settings" />
      <div className="space-y-6">
        <RenameSection project={project} canUpdate={canUpdate} />
        {canUpdate && <PauseSection project={project} />}
        {canDelete && <DeleteSection project={project} />}
      </div>
    </PageContainer>
  )
}

function RenameSection({ project, canUpdate }: { project: ProjectDetail; canUpdate: boolean }) {
  const update = useUpdateProject()
  const form = useForm({ resolver: zodResolver(updateProjectBodySchema), values: { name: project.name } })
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ name }) =>
        update.mutate({ ref: project.ref, name }, { onSuccess: () => toast.success('Project renamed') }),
      )}
    >
      <Section
        title="General settings"
        footer={
          canUpdate && (
            <Button type="submit" variant="primary" loading={update.isPending} disabled={!form.formState.isDirty}>
              Save
            </Button>
          )
        }
      >
        <FormField
          label="Project name"
          error={form.formState.errors.name?.message}
          description={canUpdate ? undefined : SETTINGS_MESSAGES.noUpdatePermission}
        >
          <Input disabled={!canUpdate} {...form.register('name')} />
        </FormField>
        <FormField label="Project ID">
          <Input value={project.ref} readOnly disabled className="font-mono" />
        </FormField>
        <FormError error={update.error} />
      </Section>
    </form>
  )
}

function PauseSection({ project }: { project: ProjectDetail }) {
  const pause = usePauseProject()
  const [confirming, setConfirming] = useState(false)
  const paused = project.status === 'inactive'
  return (
    <>
      <Section
        title={paused ? 'Restore project' : 'Pause project'}
        description={paused ? SETTINGS_MESSAGES.restoreDetail : SETTINGS_MESSAGES.pauseDetail}
        footer={
          paused ? (
            <RestoreProjectButton project={project} />
          ) : (
            <Button onClick={() => setConfirming(true)} disabled={project.status !== 'active'}>
              Pause project
            </Button>
          )
        }
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Pause ${project.name}`}
        description={SETTINGS_MESSAGES.pauseDetail}
      >
        <FormError error={pause.error} />
        <DialogFooter>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="danger"
            loading={pause.isPending}
            onClick={() =>
              pause.mutate(project.ref, {
                onSuccess: () => {
                  setConfirming(false)
                  toast.success(`Paused ${project.name}`)
                },
              })
            }
          >
            Pause project
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  )
}

function DeleteSection({ project }: { project: ProjectDetail }) {
  const remove = useDeleteProject()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Section
        tone="danger"
        title="Delete project"
        description={
          project.kind === 'external' ? SETTINGS_MESSAGES.deleteExternalDetail : SETTINGS_MESSAGES.deleteDetail
        }
        footer={
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete project
          </Button>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${project.name}`}
        description={
          project.kind === 'external' ? SETTINGS_MESSAGES.deleteExternalDetail : SETTINGS_MESSAGES.deleteDetail
        }
        typeToConfirm={project.name}
        confirmLabel="Delete project"
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(
            { ref: project.ref, confirm: project.name },
            {
              onSuccess: () => {
                toast.success(`Deleted ${project.name}`)
                navigate('/projects', { replace: true })
              },
            },
          )
        }
      />
    </>
  )
}
