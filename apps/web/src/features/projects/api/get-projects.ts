import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { projectSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const getProjects = () => api('/api/projects', { schema: z.array(projectSchema) })

export const useProjects = () =>
  useQuery({
    queryKey: queryKeys.projects,
    queryFn: getProjects,
    // Keep 'Coming up' badges moving without a manual refresh.
    refetchInterval: (query) => (query.state.data?.some((p) => p.status === 'coming_up') ? 2000 : false),
  })
