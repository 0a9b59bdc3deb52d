import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../lib/api-client'
import { USER_SEARCH_LIMIT } from '../role-impersonation/constants'
import { pgMetaKey } from './pg-meta-path'

const authUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  user_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
})
const authUsersSchema = z.object({ users: z.array(authUserSchema) })
export type AuthUser = z.infer<typeof authUserSchema>

export const authUsersQueryKey = (ref: string, keywords: string) => [...pgMetaKey(ref), 'auth-users', keywords] as const

export const getAuthUsers = (ref: string, keywords: string, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(USER_SEARCH_LIMIT) })
  if (keywords) query.set('keywords', keywords)
  return api(`/api/platform/auth/${encodeURIComponent(ref)}/users?${query.toString()}`, {
    schema: authUsersSchema,
    signal,
  })
}

/** Users to impersonate, by trimmed keywords (the caller debounces them). */
export const useAuthUsers = (ref: string, keywords: string, options: { enabled: boolean }) =>
  useQuery({
    queryKey: authUsersQueryKey(ref, keywords),
    queryFn: ({ signal }) => getAuthUsers(ref, keywords, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  })
