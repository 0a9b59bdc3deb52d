import { useQuery } from '@tanstack/react-query'
import { databaseSettingsSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

// Under the project's key, like the connection details, so whatever forgets the project forgets this too.
export const databaseSettingsQueryKey = (ref: string) => [...queryKeys.project(ref), 'database-settings'] as const

export const getDatabaseSettings = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/database/settings`, { schema: databaseSettingsSchema })

export const useDatabaseSettings = (ref: string) =>
  useQuery({ queryKey: databaseSettingsQueryKey(ref), queryFn: () => getDatabaseSettings(ref) })
