import { useQuery } from '@tanstack/react-query'
import { authUserDetailSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { authUsersKey, usersPath } from '../../../project/pg-meta/get-auth-users'

export const authUserQueryKey = (ref: string, id: string) => [...authUsersKey(ref), 'user', id] as const

/** GET …/users/:id: one user with their identities. */
export const getAuthUser = (ref: string, id: string, signal?: AbortSignal) =>
  api(usersPath(ref, `/${encodeURIComponent(id)}`), { schema: authUserDetailSchema, signal })

export const useAuthUser = (ref: string, id: string | null) =>
  useQuery({
    queryKey: authUserQueryKey(ref, id ?? ''),
    queryFn: ({ signal }) => getAuthUser(ref, id!, signal),
    enabled: id !== null,
  })
