import { useQuery } from '@tanstack/react-query'
import { bucketSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { bucketKey, storagePath } from './storage-path'

/** GET /api/storage/{ref}/buckets/{id}: one bucket (404 when this project has none by that id). */
export const getBucket = (ref: string, id: string) => api(storagePath(ref, 'buckets', id), { schema: bucketSchema })

export const useBucket = (ref: string, id: string) =>
  useQuery({ queryKey: bucketKey(ref, id), queryFn: () => getBucket(ref, id) })
