import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { membersQueryKey } from './get-members'

export const removeMember = ({ slug, userId }: { slug: string; userId: string }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' })

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_, { slug }) => queryClient.invalidateQueries({ queryKey: membersQueryKey(slug) }),
  })
}
