import { useMutation, useQueryClient } from '@tanstack/react-query'
import { organizationAiSettingsSchema, type OrganizationAiSettings } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { organizationAiSettingsQueryKey } from './get-organization-ai-settings'

export const updateOrganizationAiSettings = ({ slug, ...change }: { slug: string } & Partial<OrganizationAiSettings>) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/ai-settings`, {
    method: 'PATCH',
    body: change,
    schema: organizationAiSettingsSchema,
  })

export function useUpdateOrganizationAiSettings(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: Partial<OrganizationAiSettings>) => updateOrganizationAiSettings({ slug, ...change }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(organizationAiSettingsQueryKey(slug), settings)
      // Each project's AI status (['projects', ref, 'ai']) says whether its assistant is shown.
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects })
    },
  })
}
