import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { memberSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const membersQueryKey = (slug: string) => ['organizations', slug, 'members'] as const

export const getMembers = (slug: string) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/members`, { schema: z.array(memberSchema) })

export const useMembers = (slug: string) =>
  useQuery({ queryKey: membersQueryKey(slug), queryFn: () => getMembers(slug) })
