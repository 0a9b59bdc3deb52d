import { useMutation, useQueryClient } from '@tanstack/react-query'
import { organizationSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const createOrganization = (body: { name: string }) =>
  api('/api/organizations', { method: 'POST', body, schema: organizationSchema })

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
  })
}
