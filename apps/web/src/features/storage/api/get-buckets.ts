import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { bucketSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { bucketsKey, storagePath } from './storage-path'

/** GET /api/storage/{ref}/buckets: the project's buckets by name. */
export const getBuckets = (ref: string) => api(storagePath(ref, 'buckets'), { schema: z.array(bucketSchema) })

export const useBuckets = (ref: string) => useQuery({ queryKey: bucketsKey(ref), queryFn: () => getBuckets(ref) })
