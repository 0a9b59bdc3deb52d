import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { projectDatabaseSchema, type ProjectDatabase } from '@basalt/contracts'
import { api } from '../lib/api-client'
import { queryKeys } from '../lib/query-keys'

/** How often the list is read again while a replica is coming up (a base backup takes seconds). */
export const REPLICA_COMING_UP_POLL_MS = 2000

// Under the project's key, so whatever forgets the project (pause, delete) forgets its databases too.
export const projectDatabasesQueryKey = (ref: string) => [...queryKeys.project(ref), 'databases'] as const

export const getProjectDatabases = (ref: string) =>
  api(`/api/platform/projects/${encodeURIComponent(ref)}/databases`, { schema: z.array(projectDatabaseSchema) })

export const useProjectDatabases = (ref: string) =>
  useQuery({
    queryKey: projectDatabasesQueryKey(ref),
    queryFn: () => getProjectDatabases(ref),
    refetchInterval: (query) =>
      query.state.data?.some((d: ProjectDatabase) => d.status === 'coming_up') ? REPLICA_COMING_UP_POLL_MS : false,
  })
