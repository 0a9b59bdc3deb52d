import { useMutation, useQueryClient } from '@tanstack/react-query'
import { storageConfigSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { storageConfigKey, storageConfigPath } from './get-storage-config'

/** PATCH /api/platform/projects/{ref}/config/storage { fileSizeLimit }: the project's upload limit (bytes). */
export const updateStorageConfig = (ref: string, fileSizeLimit: number) =>
  api(storageConfigPath(ref), { method: 'PATCH', body: { fileSizeLimit }, schema: storageConfigSchema })

export function useUpdateStorageConfig(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fileSizeLimit: number) => updateStorageConfig(ref, fileSizeLimit),
    onSuccess: (config) => queryClient.setQueryData(storageConfigKey(ref), config),
  })
}
