import { useQuery } from '@tanstack/react-query'
import { projectDetailSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** While a project is coming up, poll every second (issue 2). */
export const COMING_UP_POLL_MS = 1000

export const getProject = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}`, { schema: projectDetailSchema })

export const useProjectDetail = (ref: string) =>
  useQuery({
    queryKey: queryKeys.project(ref),
    queryFn: () => getProject(ref),
    refetchInterval: (query) => (query.state.data?.status === 'coming_up' ? COMING_UP_POLL_MS : false),
  })
