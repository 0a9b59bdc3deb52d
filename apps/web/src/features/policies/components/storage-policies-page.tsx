import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Archive, FlaskConical, Info, Plus } from 'lucide-react'
import { toast } from 'sonner'
import type { Bucket, PgPolicy } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Dialog } from '../../../ui/dialog'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { useDeletePolicy } from '../api/delete-policy'
import { usePolicies } from '../api/get-policies'
import { useStorageBuckets } from '../api/get-storage-buckets'
import { STORAGE_POLICY_MESSAGES as MESSAGES } from '../messages'
import { storagePolicySections } from '../state/storage-policy-form'
import { StoragePolicyModal } from './storage-policy-modal'
import { StoragePolicyTestPanel } from './storage-policy-test-panel'

/**
 * Storage › Policies (spec 3 §2): a section per bucket with its policies on storage.objects (grouped by their
 * `bucket_id = '…'` condition), then the other policies on storage.objects and those on storage.buckets, each
 * with its footer count. Members who may not write policies see them without any write control (the server
 * refuses them too).
 */
export function StoragePoliciesPage({ projectRef }: { projectRef: string }) {
  const buckets = useStorageBuckets(projectRef)
  const policies = usePolicies(projectRef, 'storage')
  const canEdit = usePermission('policies:write')
  const [editing, setEditing] = useState<{ bucket: string; policy: PgPolicy | null } | null>(null)
  const [deleting, setDeleting] = useState<PgPolicy | null>(null)
  const [testing, setTesting] = useState<string | null>(null)
  const deletePolicy = useDeletePolicy(projectRef)

  const sections = useMemo(
    () => storagePolicySections(buckets.data ?? [], policies.data ?? []),
    [buckets.data, policies.data],
  )

  const remove = () => {
    if (!deleting) return
    deletePolicy.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null)
        toast.success(MESSAGES.deleted)
      },
    })
  }

  const error = buckets.error ?? policies.error
  const pending = buckets.isPending || policies.isPending
  const rowProps = {
    canEdit,
    onEdit: (bucket: string) => (policy: PgPolicy) => setEditing({ bucket, policy }),
    onDelete: (policy: PgPolicy) => {
      deletePolicy.reset()
      setDeleting(policy)
    },
  }

  return (
    <PageContainer>
      <PageHeader title={MESSAGES.pageTitle} description={MESSAGES.pageDescription} />
      {!canEdit && (
        <div role="note" className="mb-4 flex gap-3 rounded-md border border-border px-4 py-2.5 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <p>{MESSAGES.readOnly}</p>
        </div>
      )}
      {error ? (
        <ErrorState title={MESSAGES.loadError} error={error} />
      ) : pending ? (
        <div role="status" aria-label="Loading policies" className="space-y-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : (
        <div className="space-y-4">
          {sections.buckets.length === 0 ? (
            <EmptyState
              icon={<Archive aria-hidden className="size-6" />}
              title={MESSAGES.noBuckets}
              action={
                <Button asChild>
                  <Link to={`/project/${projectRef}/storage/buckets`}>{MESSAGES.goToBuckets}</Link>
                </Button>
              }
            />
          ) : (
            sections.buckets.map(({ bucket, policies: list }) => (
              <BucketSection
                key={bucket.id}
                bucket={bucket}
                policies={list}
                {...rowProps}
                onEdit={rowProps.onEdit(bucket.id)}
                onCreate={() => setEditing({ bucket: bucket.id, policy: null })}
                onTest={() => setTesting(bucket.id)}
              />
            ))
          )}
          <Section
            title={MESSAGES.otherObjects}
            policies={sections.ungrouped}
            footer={MESSAGES.countUngrouped(sections.ungrouped.length)}
            {...rowProps}
            onEdit={(policy) => setEditing({ bucket: 'storage.objects', policy })}
          />
          <Section
            title={MESSAGES.bucketsTable}
            policies={sections.bucketTable}
            footer={MESSAGES.countBuckets(sections.bucketTable.length)}
            {...rowProps}
            onEdit={(policy) => setEditing({ bucket: 'storage.buckets', policy })}
          />
        </div>
      )}

      {editing && (
        <StoragePolicyModal
          projectRef={projectRef}
          bucket={editing.bucket}
          policy={editing.policy}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={testing !== null}
        onOpenChange={(open) => !open && setTesting(null)}
        title={testing ? MESSAGES.testPoliciesOf(testing) : MESSAGES.testTitle}
        size="lg"
      >
        {testing && <StoragePolicyTestPanel projectRef={projectRef} bucket={testing} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={MESSAGES.deleteTitle}
        description={deleting ? MESSAGES.deleteDetail(deleting.name) : ''}
        confirmLabel={MESSAGES.delete}
        loading={deletePolicy.isPending}
        error={deletePolicy.error ? MESSAGES.deleteFailed(errorMessage(deletePolicy.error)) : null}
        onConfirm={remove}
      />
    </PageContainer>
  )
}

interface RowActions {
  canEdit: boolean
  onEdit: (policy: PgPolicy) => void
  onDelete: (policy: PgPolicy) => void
}

function BucketSection({
  bucket,
  policies,
  onCreate,
  onTest,
  ...actions
}: RowActions & { bucket: Bucket; policies: PgPolicy[]; onCreate: () => void; onTest: () => void }) {
  return (
    <Section
      title={bucket.name}
      badge={bucket.public ? <Badge tone="warning">{MESSAGES.public}</Badge> : null}
      actions={
        actions.canEdit ? (
          <>
            <Button size="sm" variant="ghost" onClick={onTest} aria-label={`${MESSAGES.testPolicies} (${bucket.name})`}>
              <FlaskConical aria-hidden className="size-4" />
              {MESSAGES.testPolicies}
            </Button>
            <Button size="sm" onClick={onCreate} aria-label={`${MESSAGES.newPolicy} for ${bucket.name}`}>
              <Plus aria-hidden className="size-4" />
              {MESSAGES.newPolicy}
            </Button>
          </>
        ) : null
      }
      policies={policies}
      footer={MESSAGES.countInBucket(policies.length, bucket.name)}
      {...actions}
    />
  )
}

function Section({
  title,
  badge,
  actions,
  policies,
  footer,
  canEdit,
  onEdit,
  onDelete,
}: RowActions & {
  title: string
  badge?: React.ReactNode
  actions?: React.ReactNode
  policies: PgPolicy[]
  footer: string
}) {
  const id = `storage-policies-${title.replace(/[^a-zA-Z0-9_-]/g, '-')}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-surface">
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
        {badge}
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </header>
      {policies.length === 0 ? (
        <p className="px-4 py-4 text-sm text-muted-foreground">{MESSAGES.noPolicies}</p>
      ) : (
        <ul className="divide-y divide-border">
          {policies.map((policy) => (
            <li key={policy.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
              <Badge className="w-16 justify-center font-mono">{policy.command}</Badge>
              <span className="min-w-0 flex-1 truncate font-medium">{policy.name}</span>
              <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{policy.roles.join(', ')}</span>
              {canEdit && (
                <span className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onEdit(policy)}
                    aria-label={MESSAGES.editLabel(policy.name)}
                  >
                    {MESSAGES.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(policy)}
                    aria-label={MESSAGES.deleteLabel(policy.name)}
                    className="text-destructive"
                  >
                    {MESSAGES.delete}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <footer className="border-t border-border px-4 py-2 text-xs text-muted-foreground">{footer}</footer>
    </section>
  )
}
