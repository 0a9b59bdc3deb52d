import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createdInvitationSchema, type OrgRole } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invitationsQueryKey } from './get-invitations'

export const createInvitation = ({ slug, email, role }: { slug: string; email?: string; role: OrgRole }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/invitations`, {
    method: 'POST',
    body: { email, role },
    schema: createdInvitationSchema,
  })

export function useCreateInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_, { slug }) => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(slug) }),
  })
}
