import { useQuery } from '@tanstack/react-query'
import { storageConfigSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { storageKey } from './storage-path'

/** GET /api/projects/{ref}/config/storage: the project's upload limit (bytes), checked before a byte is sent. */
export const getStorageConfig = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/config/storage`, { schema: storageConfigSchema })

export const useStorageConfig = (ref: string) =>
  useQuery({ queryKey: [...storageKey(ref), 'config'], queryFn: () => getStorageConfig(ref), staleTime: 60_000 })
