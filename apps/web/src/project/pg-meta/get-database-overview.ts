import { useQuery } from '@tanstack/react-query'
import { databaseOverviewSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const databaseOverviewQueryKey = (ref: string) => [...pgMetaKey(ref), 'overview'] as const

/** GET …/overview: the database's size, tables and connections now. */
export const getDatabaseOverview = (ref: string, signal?: AbortSignal) =>
  api(pgMetaPath(ref, 'overview'), { schema: databaseOverviewSchema, signal })

export const useDatabaseOverview = (ref: string, options: { enabled: boolean }) =>
  useQuery({
    queryKey: databaseOverviewQueryKey(ref),
    queryFn: ({ signal }) => getDatabaseOverview(ref, signal),
    enabled: options.enabled,
  })
