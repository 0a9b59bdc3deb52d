import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Archive, MoreHorizontal, Plus } from 'lucide-react'
import { BRANCH_STORAGE_MESSAGE, type Bucket } from '@basalt/contracts'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../ui/dropdown-menu'
import { EmptyState } from '../../../ui/empty-state'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { SkeletonList } from '../../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useBuckets } from '../api/get-buckets'
import { STORAGE_MESSAGES as M } from '../messages'
import { formatBytes } from '../../../lib/format'
import { BucketFormDialog } from './bucket-form-dialog'
import { DeleteBucketDialog, EmptyBucketDialog } from './bucket-job-dialogs'
import { PermissionGate } from './permission-tooltip'

/** Storage › Buckets (spec 3 §2): the project's buckets, created, edited, emptied and deleted here. */
export function BucketsPage({ projectRef }: { projectRef: string }) {
  const buckets = useBuckets(projectRef)
  const canWrite = usePermission('storage:write')
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<Bucket | null>(null)
  const [emptying, setEmptying] = useState<Bucket | null>(null)
  const [deleting, setDeleting] = useState<Bucket | null>(null)

  const explorerPath = (bucket: Bucket) => `/project/${projectRef}/storage/buckets/${encodeURIComponent(bucket.id)}`

  const newButton = (
    <PermissionGate allowed={canWrite} reason={M.noCreateBuckets}>
      <Button variant="primary" disabled={!canWrite} onClick={() => setCreating(true)}>
        <Plus aria-hidden className="size-4" />
        {M.newBucket}
      </Button>
    </PermissionGate>
  )

  return (
    <PageContainer>
      <PageHeader title={M.bucketsTitle} description={M.bucketsDescription} actions={newButton} />
      {buckets.isPending ? (
        <SkeletonList rows={4} />
      ) : buckets.isError && buckets.error.message === BRANCH_STORAGE_MESSAGE ? (
        <p role="alert" className="rounded-lg border px-4 py-3 text-sm">
          {BRANCH_STORAGE_MESSAGE}
        </p>
      ) : buckets.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 px-4 py-3 text-sm">
          <p className="font-medium">{M.fetchBucketsFailed}</p>
          <p className="text-muted-foreground">{M.refreshToTryAgain}</p>
        </div>
      ) : buckets.data.length === 0 ? (
        <EmptyState
          icon={<Archive aria-hidden className="size-6" />}
          title={M.noBuckets}
          description={M.noBucketsHint}
        />
      ) : (
        <Table label={M.bucketsTitle}>
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Access</Th>
              <Th>{M.sizeLimitLabel}</Th>
              <Th>{M.mimeLabel}</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {buckets.data.map((bucket) => (
              <Tr key={bucket.id}>
                <Td>
                  <Link
                    to={explorerPath(bucket)}
                    className="font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {bucket.name}
                  </Link>
                </Td>
                <Td>
                  {bucket.public ? <Badge tone="warning">{M.publicBadge}</Badge> : <Badge>{M.privateBadge}</Badge>}
                </Td>
                <Td className="text-muted-foreground">
                  {bucket.file_size_limit === null ? M.noSizeLimit : formatBytes(bucket.file_size_limit)}
                </Td>
                <Td className="text-muted-foreground">
                  {bucket.allowed_mime_types?.length ? bucket.allowed_mime_types.join(', ') : M.anyType}
                </Td>
                <Td className="w-12 text-right">
                  <DropdownMenu
                    label={M.bucketActions(bucket.name)}
                    trigger={
                      <Button variant="ghost" size="icon" aria-label={M.bucketActions(bucket.name)}>
                        <MoreHorizontal aria-hidden className="size-4" />
                      </Button>
                    }
                  >
                    <DropdownMenuItem onSelect={() => void navigate(explorerPath(bucket))}>
                      {M.viewFiles}
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem disabled={!canWrite} onSelect={() => setEditing(bucket)}>
                      {M.editBucket}
                    </DropdownMenuItem>
                    <DropdownMenuItem disabled={!canWrite} onSelect={() => setEmptying(bucket)}>
                      {M.emptyBucket}
                    </DropdownMenuItem>
                    <DropdownMenuItem
                      disabled={!canWrite}
                      onSelect={() => setDeleting(bucket)}
                      className="text-destructive"
                    >
                      {M.deleteBucket}
                    </DropdownMenuItem>
                    {!canWrite && (
                      <p className="max-w-56 px-2 py-1.5 text-xs text-muted-foreground">{M.noCreateBuckets}</p>
                    )}
                  </DropdownMenu>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      <BucketFormDialog
        projectRef={projectRef}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(bucket) => void navigate(explorerPath(bucket))}
      />
      <BucketFormDialog
        projectRef={projectRef}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        bucket={editing}
      />
      <EmptyBucketDialog
        projectRef={projectRef}
        bucket={emptying}
        onOpenChange={(open) => !open && setEmptying(null)}
      />
      <DeleteBucketDialog
        projectRef={projectRef}
        bucket={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </PageContainer>
  )
}
