import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { createdShareLinkSchema, shareLinkSchema, type CreateShareLinkBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { storageKey, storagePath } from './storage-path'

/** A bucket's share links (issue 25 point 7). */
export const shareLinksKey = (ref: string, bucketId: string) => [...storageKey(ref), 'share-links', bucketId] as const

/** GET …/buckets/{id}/share-links: the bucket's links, newest first, with their downloads. */
export const useShareLinks = (ref: string, bucketId: string, enabled = true) =>
  useQuery({
    queryKey: shareLinksKey(ref, bucketId),
    queryFn: () => api(storagePath(ref, 'buckets', bucketId, 'share-links'), { schema: z.array(shareLinkSchema) }),
    enabled,
  })

/** POST …/buckets/{id}/share-links: a new link; its URL (with the token) is in this answer only. */
export function useCreateShareLink(ref: string, bucketId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateShareLinkBody) =>
      api(storagePath(ref, 'buckets', bucketId, 'share-links'), {
        method: 'POST',
        body,
        schema: createdShareLinkSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(ref, bucketId) }),
  })
}

/** POST …/share-links/{linkId}/revoke: the link stops working at once. */
export function useRevokeShareLink(ref: string, bucketId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (linkId: string) =>
      api(storagePath(ref, 'share-links', linkId, 'revoke'), { method: 'POST', schema: shareLinkSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(ref, bucketId) }),
  })
}
