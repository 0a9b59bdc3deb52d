import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrgRole } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { membersQueryKey } from './get-members'

export const updateMember = ({ slug, userId, role }: { slug: string; userId: string; role: OrgRole }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
  })

export function useUpdateMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMember,
    onSettled: (_, __, { slug }) => queryClient.invalidateQueries({ queryKey: membersQueryKey(slug) }),
  })
}
