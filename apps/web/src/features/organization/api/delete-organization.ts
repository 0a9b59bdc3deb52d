import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const deleteOrganization = (slug: string) =>
  api(`/api/organizations/${encodeURIComponent(slug)}`, { method: 'DELETE' })

export function useDeleteOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async (_, slug) => {
      queryClient.removeQueries({ queryKey: queryKeys.organization(slug) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects })
    },
  })
}
