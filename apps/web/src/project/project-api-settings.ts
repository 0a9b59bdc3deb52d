import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { projectApiSecretSchema, projectApiSettingsSchema, type ProjectApiSecret } from '@basalt/contracts'
import { api } from '../lib/api-client'
import { queryKeys } from '../lib/query-keys'

/**
 * Settings › API (issue 25, point 1): the project URL, the Storage API base and the anon key for every member;
 * the service_role key and the JWT secret only through reveal (Owners and Administrators, audited), kept in the
 * mutation's state rather than the query cache. Other pages (storage docs) read the same query.
 */
export const projectApiSettingsQueryKey = (ref: string) => [...queryKeys.project(ref), 'api-settings'] as const

const base = (ref: string) => `/api/projects/${encodeURIComponent(ref)}/settings/api`

export const useProjectApiSettings = (ref: string) =>
  useQuery({
    queryKey: projectApiSettingsQueryKey(ref),
    queryFn: () => api(base(ref), { schema: projectApiSettingsSchema }),
  })

export const useRevealProjectApiSecret = (ref: string) =>
  useMutation({
    mutationFn: (secret: ProjectApiSecret) =>
      api(`${base(ref)}/reveal`, { method: 'POST', body: { secret }, schema: projectApiSecretSchema }),
  })

export const useRollProjectJwtSecret = (ref: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api(`${base(ref)}/roll`, { method: 'POST', body: { confirm: true }, schema: projectApiSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(projectApiSettingsQueryKey(ref), settings),
  })
}
