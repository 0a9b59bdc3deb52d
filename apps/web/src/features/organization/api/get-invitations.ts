import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { invitationSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const invitationsQueryKey = (slug: string) => ['organizations', slug, 'invitations'] as const

export const getInvitations = (slug: string) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/invitations`, { schema: z.array(invitationSchema) })

export const useInvitations = (slug: string, enabled = true) =>
  useQuery({ queryKey: invitationsQueryKey(slug), queryFn: () => getInvitations(slug), enabled })
