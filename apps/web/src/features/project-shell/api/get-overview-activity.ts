import { useQuery } from '@tanstack/react-query'
import { overviewActivitySchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

/** GET …/analytics/overview: requests and errors of the last 24 hours, the slowest query, recent schema changes. */
export const useOverviewActivity = (ref: string, options: { enabled: boolean }) =>
  useQuery({
    queryKey: ['overview-activity', ref],
    queryFn: ({ signal }) =>
      api(`/api/platform/projects/${encodeURIComponent(ref)}/analytics/overview`, {
        schema: overviewActivitySchema,
        signal,
      }),
    enabled: options.enabled,
  })
