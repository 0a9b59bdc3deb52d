import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { addReplicaBodySchema, type ProjectDatabase, type ProjectDetail } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { serverFieldErrors } from '../../../ui/server-field-errors'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { ErrorState } from '../../../ui/empty-state'
import { FormError } from '../../../ui/form-error'
import { ProjectStatusBadge } from '../../../ui/project-status-badge'
import { Skeleton } from '../../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useProjectDatabases } from '../../../project/get-project-databases'
import { useAddReadReplica } from '../api/add-read-replica'
import { useRemoveReadReplica } from '../api/remove-read-replica'
import { INFRASTRUCTURE_SETTINGS_MESSAGES as MESSAGES } from '../messages'

/** Settings › Infrastructure: the project's databases, and adding or removing its read replicas. */
export function InfrastructureSettingsPage({ project }: { project: ProjectDetail }) {
  return (
    <PageContainer>
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} />
      <ReadReplicasSection project={project} />
    </PageContainer>
  )
}

function ReadReplicasSection({ project }: { project: ProjectDetail }) {
  const canUpdate = project.permissions.includes('projects:update')
  const databases = useProjectDatabases(project.ref)
  const [removing, setRemoving] = useState<ProjectDatabase | null>(null)

  return (
    <Section title={MESSAGES.replicasTitle} description={MESSAGES.replicasDetail}>
      {databases.error ? (
        <ErrorState title={MESSAGES.loadError} error={databases.error} />
      ) : databases.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-2">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <DatabasesTable databases={databases.data} canUpdate={canUpdate} onRemove={setRemoving} />
      )}
      {canUpdate ? (
        project.kind === 'external' ? (
          <AttachReplicaForm project={project} />
        ) : (
          <AddReplicaButton project={project} />
        )
      ) : (
        <p className="text-xs text-muted-foreground">{MESSAGES.onlyAdmins}</p>
      )}
      {removing && <RemoveReplicaDialog project={project} replica={removing} onClose={() => setRemoving(null)} />}
    </Section>
  )
}

/** On the embedded default: Basalt makes the standby itself. */
function AddReplicaButton({ project }: { project: ProjectDetail }) {
  const add = useAddReadReplica()
  return (
    <div className="space-y-3">
      {/* The server's refusal (a shared server makes no replicas; at most two) is shown as it says it. */}
      <FormError error={add.error} />
      <Button
        variant="primary"
        size="sm"
        loading={add.isPending}
        onClick={() =>
          add.mutate(
            { ref: project.ref },
            { onSuccess: (added) => toast.success(`${MESSAGES.replicaAdded}: ${added.identifier}`) },
          )
        }
      >
        <Plus aria-hidden className="size-3.5" />
        {MESSAGES.addReplica}
      </Button>
    </div>
  )
}

const attachSchema = z.object({ connectionString: addReplicaBodySchema.shape.connectionString.unwrap() })

/**
 * A project attached by connection string: its read replicas are standbys its owners run, added by their
 * connection string. The server checks that the string reaches a standby of this very database; what it
 * refuses (not a standby, another server's standby, unreachable, added already) is shown on the field.
 */
function AttachReplicaForm({ project }: { project: ProjectDetail }) {
  const add = useAddReadReplica()
  const form = useForm({ resolver: zodResolver(attachSchema), defaultValues: { connectionString: '' } })
  const fieldErrors = serverFieldErrors(form, {
    bad_request: 'connectionString',
    validation_failed: 'connectionString',
    conflict: 'connectionString',
  })
  return (
    <form
      noValidate
      aria-label={MESSAGES.attachTitle}
      className="space-y-3"
      onSubmit={form.handleSubmit(({ connectionString }) =>
        add.mutate(
          { ref: project.ref, connectionString },
          {
            onSuccess: (added) => {
              toast.success(`${MESSAGES.replicaAdded}: ${added.identifier}`)
              form.reset()
            },
            onError: fieldErrors.onError,
          },
        ),
      )}
    >
      <FormField
        label={MESSAGES.attachLabel}
        description={MESSAGES.attachDetail}
        error={form.formState.errors.connectionString?.message}
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="postgresql://user:password@standby-host:5432/database"
          className="font-mono text-xs"
          {...form.register('connectionString')}
        />
      </FormField>
      <FormError error={fieldErrors.formError(add.error)} />
      <Button type="submit" variant="primary" size="sm" loading={add.isPending}>
        <Plus aria-hidden className="size-3.5" />
        {MESSAGES.addReplica}
      </Button>
    </form>
  )
}

function DatabasesTable({
  databases,
  canUpdate,
  onRemove,
}: {
  databases: ProjectDatabase[]
  canUpdate: boolean
  onRemove: (replica: ProjectDatabase) => void
}) {
  return (
    <Table aria-label="Databases">
      <THead>
        <Tr>
          <Th>Identifier</Th>
          <Th>Type</Th>
          <Th>Status</Th>
          {canUpdate && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </Tr>
      </THead>
      <TBody>
        {databases.map((d) => (
          <Tr key={d.identifier}>
            <Td className="font-mono text-xs">{d.identifier}</Td>
            <Td>{MESSAGES.typeLabels[d.type]}</Td>
            <Td>
              <ProjectStatusBadge status={d.status} />
            </Td>
            {canUpdate && (
              <Td className="text-right">
                {d.type === 'read_replica' && (
                  <Button size="sm" variant="ghost" aria-label={`Remove ${d.identifier}`} onClick={() => onRemove(d)}>
                    <Trash2 aria-hidden className="size-3.5" />
                    Remove
                  </Button>
                )}
              </Td>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}

function RemoveReplicaDialog({
  project,
  replica,
  onClose,
}: {
  project: ProjectDetail
  replica: ProjectDatabase
  onClose: () => void
}) {
  const remove = useRemoveReadReplica()
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={MESSAGES.removeTitle}
      description={MESSAGES.removeDetail(replica.identifier)}
      confirmLabel="Remove"
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() =>
        remove.mutate(
          { ref: project.ref, identifier: replica.identifier },
          {
            onSuccess: () => {
              toast.success(MESSAGES.replicaRemoved(replica.identifier))
              onClose()
            },
          },
        )
      }
    />
  )
}
