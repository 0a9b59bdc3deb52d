import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { invitationsQueryKey } from './get-invitations'

export const revokeInvitation = ({ slug, id }: { slug: string; id: string }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' })

export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_, { slug }) => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(slug) }),
  })
}
