import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  authUsersPageSchema,
  type AuthUser,
  type AuthUserFilter,
  type AuthUserSort,
  type AuthUsersPage,
} from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey } from './pg-meta-path'

export type { AuthUser }

/** What one listing of the project's auth users asks for; the server pages it 50 users at a time. */
export interface AuthUsersListing {
  /** Trimmed keywords (the caller debounces them): matched in the e-mail, the phone or the id. */
  keywords?: string
  sort?: AuthUserSort
  order?: 'asc' | 'desc'
  filter?: AuthUserFilter
}

/** Every listing of a project's auth users, whichever page or area reads it: a change invalidates them all. */
export const authUsersKey = (ref: string) => [...pgMetaKey(ref), 'auth-users'] as const
export const authUsersQueryKey = (ref: string, listing: AuthUsersListing) =>
  [...authUsersKey(ref), 'list', listing] as const

export const usersPath = (ref: string, rest = '') => `/api/platform/auth/${encodeURIComponent(ref)}/users${rest}`

/** GET …/users: one keyset page, after `cursor` (the page before's nextCursor). */
export function getAuthUsersPage(
  ref: string,
  listing: AuthUsersListing,
  cursor?: string,
  signal?: AbortSignal,
): Promise<AuthUsersPage> {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries({ ...listing, cursor })) if (value) query.set(key, value)
  const search = query.toString()
  return api(usersPath(ref, search ? `?${search}` : ''), { schema: authUsersPageSchema, signal })
}

/**
 * The first page of a listing — the role impersonation picker's user list (the first 50 users matching its
 * search, newest first), the same page Auth › Users shows first.
 */
export const useAuthUsers = (ref: string, listing: AuthUsersListing, options: { enabled: boolean }) =>
  useQuery({
    queryKey: [...authUsersQueryKey(ref, listing), 'first'],
    queryFn: ({ signal }) => getAuthUsersPage(ref, listing, undefined, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  })

/** Every page of a listing loaded so far, the next one on `fetchNextPage()` (Auth › Users). */
export const useAuthUsersPages = (ref: string, listing: AuthUsersListing) =>
  useInfiniteQuery({
    queryKey: authUsersQueryKey(ref, listing),
    queryFn: ({ pageParam, signal }) => getAuthUsersPage(ref, listing, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
