import { useMutation, useQueryClient } from '@tanstack/react-query'
import { bucketSchema, type CreateBucketBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { bucketsKey, storagePath } from './storage-path'

/** POST /api/storage/{ref}/buckets (spec 3 §7): `id` is the new bucket's name. */
export const createBucket = (ref: string, body: CreateBucketBody) =>
  api(storagePath(ref, 'buckets'), { method: 'POST', body, schema: bucketSchema })

export function useCreateBucket(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateBucketBody) => createBucket(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketsKey(ref) }),
  })
}
