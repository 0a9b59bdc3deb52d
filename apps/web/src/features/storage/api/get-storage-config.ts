import { useQuery } from '@tanstack/react-query'
import { storageConfigSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { storageKey } from './storage-path'

export const storageConfigPath = (ref: string) => `/api/platform/projects/${encodeURIComponent(ref)}/config/storage`
export const storageConfigKey = (ref: string) => [...storageKey(ref), 'config'] as const

/**
 * GET /api/platform/projects/{ref}/config/storage: the project's upload limit (bytes), checked before a byte is
 * sent, and whether the installation's free plan fixes it.
 */
export const getStorageConfig = (ref: string) => api(storageConfigPath(ref), { schema: storageConfigSchema })

export const useStorageConfig = (ref: string) =>
  useQuery({ queryKey: storageConfigKey(ref), queryFn: () => getStorageConfig(ref), staleTime: 60_000 })
