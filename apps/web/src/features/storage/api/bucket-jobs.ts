import { useMutation, useQueryClient } from '@tanstack/react-query'
import { bucketJobSchema, type BucketJob } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey } from '../../../project/pg-meta/pg-meta-path'
import { deleteBucketPolicies } from './delete-bucket-policies'
import { bucketsKey, objectsKey, storagePath } from './storage-path'

/** POST …/buckets/{id}/empty: starts the durable job that deletes every object (202, the job). */
export const emptyBucket = (ref: string, id: string) =>
  api(storagePath(ref, 'buckets', id, 'empty'), { method: 'POST', schema: bucketJobSchema })

/** DELETE …/buckets/{id}: starts the job that empties, deletes the bucket, then its policies. */
export const deleteBucket = (ref: string, id: string) =>
  api(storagePath(ref, 'buckets', id), { method: 'DELETE', schema: bucketJobSchema })

/** GET /api/storage/{ref}/jobs/{jobId}: a bucket job's progress. */
export const getBucketJob = (ref: string, jobId: string) =>
  api(storagePath(ref, 'jobs', jobId), { schema: bucketJobSchema })

const POLL_MS = 500

/**
 * Waits for a job to end, reporting its progress; resolves when done, throws its error when failed. The job
 * runs on the server whatever the page does: leaving stops the polling, not the job.
 */
export async function waitForJob(
  ref: string,
  job: BucketJob,
  onProgress: (job: BucketJob) => void,
  signal?: AbortSignal,
): Promise<BucketJob> {
  let current = job
  for (;;) {
    onProgress(current)
    if (current.state === 'done') return current
    if (current.state === 'failed') throw new Error(current.error ?? 'The job failed')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    if (signal?.aborted) throw new DOMException('Stopped waiting', 'AbortError')
    current = await getBucketJob(ref, job.id)
  }
}

/**
 * Empties or deletes a bucket and waits for the job; a deletion then deletes the bucket's policies (spec 3
 * §4: emptied, deleted, its policies deleted). The lists it touched are refreshed after.
 */
export function useBucketJob(ref: string, kind: 'empty' | 'delete', onProgress: (job: BucketJob) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const job = kind === 'empty' ? await emptyBucket(ref, id) : await deleteBucket(ref, id)
      const done = await waitForJob(ref, job, onProgress)
      if (kind === 'delete') await deleteBucketPolicies(ref, name)
      return done
    },
    onSettled: (_job, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bucketsKey(ref) }),
        queryClient.invalidateQueries({ queryKey: objectsKey(ref, id) }),
        kind === 'delete' && queryClient.invalidateQueries({ queryKey: pgMetaKey(ref) }),
      ]),
  })
}
