import { useMutation, useQueryClient } from '@tanstack/react-query'
import { bucketSchema, type UpdateBucketBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { bucketsKey, storagePath } from './storage-path'

/** PATCH /api/storage/{ref}/buckets/{id}: public flag, size limit, MIME types (never the name). */
export const updateBucket = (ref: string, id: string, body: UpdateBucketBody) =>
  api(storagePath(ref, 'buckets', id), { method: 'PATCH', body, schema: bucketSchema })

export function useUpdateBucket(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBucketBody }) => updateBucket(ref, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketsKey(ref) }),
  })
}
