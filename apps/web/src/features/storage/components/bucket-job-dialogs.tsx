import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { Bucket, BucketJob } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { useBucketJob } from '../api/bucket-jobs'
import { STORAGE_MESSAGES as M } from '../messages'

function JobProgress({ job }: { job: BucketJob | null }) {
  if (!job || job.total === null) return null
  const ratio = job.total === 0 ? 1 : Math.min(1, job.deleted / job.total)
  return (
    <div className="mt-3 space-y-1">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-label={M.jobProgress(job.deleted, job.total)}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-brand transition-all" style={{ width: `${ratio * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{M.jobProgress(job.deleted, job.total)}</p>
    </div>
  )
}

/** Empties a bucket (a job on the server, of any size), with its progress. */
export function EmptyBucketDialog({
  projectRef,
  bucket,
  onOpenChange,
}: {
  projectRef: string
  bucket: Bucket | null
  onOpenChange: (open: boolean) => void
}) {
  const [job, setJob] = useState<BucketJob | null>(null)
  const empty = useBucketJob(projectRef, 'empty', setJob)
  return (
    <ConfirmDialog
      open={bucket !== null}
      onOpenChange={(open) => {
        if (!open) setJob(null)
        onOpenChange(open)
      }}
      title={bucket ? M.emptyTitle(bucket.name) : ''}
      description={M.emptyDescription}
      confirmLabel={M.emptyConfirm}
      loading={empty.isPending}
      onConfirm={() => {
        if (!bucket) return
        empty.mutate(
          { id: bucket.id, name: bucket.name },
          {
            onSuccess: () => {
              toast.success(M.emptied(bucket.name))
              setJob(null)
              onOpenChange(false)
            },
            onError: (error) => toast.error(M.emptyFailed(errorMessage(error))),
          },
        )
      }}
    >
      <JobProgress job={job} />
    </ConfirmDialog>
  )
}

/**
 * 'Confirm deletion of {bucket}' (spec 3 §2): the bucket's name typed, then the server's job empties it,
 * deletes it and its policies; a toast, and back to the bucket list (spec 3 §4).
 */
export function DeleteBucketDialog({
  projectRef,
  bucket,
  onOpenChange,
}: {
  projectRef: string
  bucket: Bucket | null
  onOpenChange: (open: boolean) => void
}) {
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const [job, setJob] = useState<BucketJob | null>(null)
  const remove = useBucketJob(projectRef, 'delete', setJob)

  const close = (open: boolean) => {
    if (!open) {
      setTyped('')
      setMismatch(false)
      setJob(null)
    }
    onOpenChange(open)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!bucket || remove.isPending) return
    if (typed !== bucket.name) {
      setMismatch(true)
      return
    }
    remove.mutate(
      { id: bucket.id, name: bucket.name },
      {
        onSuccess: () => {
          toast.success(M.deleted(bucket.name))
          close(false)
          void navigate(`/project/${projectRef}/storage/buckets`)
        },
        onError: (error) => toast.error(M.deleteFailed(errorMessage(error))),
      },
    )
  }

  return (
    <Dialog
      open={bucket !== null}
      onOpenChange={close}
      title={bucket ? M.deleteTitle(bucket.name) : ''}
      description={M.deleteDescription}
    >
      <form onSubmit={submit} noValidate>
        <FormField label={M.deleteTypeLabel(bucket?.name ?? '')} error={mismatch ? M.mismatch : undefined}>
          <Input
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value)
              setMismatch(false)
            }}
            placeholder={M.deletePlaceholder}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <JobProgress job={job} />
        <DialogFooter>
          <Button onClick={() => close(false)}>{M.cancel}</Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={typed === ''}>
            {M.deleteConfirm}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
