import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const acceptInvitation = (token: string) =>
  api(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects })
    },
  })
}
