import { useQuery } from '@tanstack/react-query'
import { projectConnectionInfoSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

// Under the project's key, so whatever refreshes or forgets the project (restore, delete) does the same here.
export const projectConnectionQueryKey = (ref: string) => [...queryKeys.project(ref), 'database-connection'] as const

export const getProjectConnection = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/database/connection`, { schema: projectConnectionInfoSchema })

export const useProjectConnection = (ref: string) =>
  useQuery({ queryKey: projectConnectionQueryKey(ref), queryFn: () => getProjectConnection(ref) })
