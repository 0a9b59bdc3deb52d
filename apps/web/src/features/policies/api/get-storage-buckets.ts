import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { bucketSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

/**
 * GET /api/storage/{ref}/buckets: the buckets the storage policies page makes a section for. Under the storage
 * explorer's key (`['storage', ref, 'buckets']`), so a bucket made or deleted there shows here.
 */
export const getStorageBuckets = (ref: string) =>
  api(`/api/storage/${encodeURIComponent(ref)}/buckets`, { schema: z.array(bucketSchema) })

export const useStorageBuckets = (ref: string) =>
  useQuery({ queryKey: ['storage', ref, 'buckets'], queryFn: () => getStorageBuckets(ref) })
