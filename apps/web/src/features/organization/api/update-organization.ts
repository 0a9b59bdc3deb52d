import { useMutation, useQueryClient } from '@tanstack/react-query'
import { organizationSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const updateOrganization = ({ slug, name }: { slug: string; name: string }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}`, { method: 'PATCH', body: { name }, schema: organizationSchema })

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (org) => {
      queryClient.setQueryData(queryKeys.organization(org.slug), org)
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects })
    },
  })
}
