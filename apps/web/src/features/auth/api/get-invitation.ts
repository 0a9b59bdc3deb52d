import { useQuery } from '@tanstack/react-query'
import { invitationPreviewSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const invitationQueryKey = (token: string) => ['invitations', token] as const

export const getInvitation = (token: string) =>
  api(`/api/invitations/${encodeURIComponent(token)}`, { schema: invitationPreviewSchema })

export const useInvitation = (token: string) =>
  useQuery({ queryKey: invitationQueryKey(token), queryFn: () => getInvitation(token), enabled: token.length > 0 })
