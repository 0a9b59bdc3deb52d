import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseSettingsSchema, type DatabaseSettings } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { databaseSettingsQueryKey } from './get-database-settings'

export const updateDatabaseSettings = ({ ref, settings }: { ref: string; settings: DatabaseSettings }) =>
  api(`/api/projects/${encodeURIComponent(ref)}/database/settings`, {
    method: 'PATCH',
    body: settings,
    schema: databaseSettingsSchema,
  })

export function useUpdateDatabaseSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDatabaseSettings,
    onSuccess: (saved, { ref }) => queryClient.setQueryData(databaseSettingsQueryKey(ref), saved),
  })
}
