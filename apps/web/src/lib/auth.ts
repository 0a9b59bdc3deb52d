import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { authStateSchema, sessionSchema, type Session, type Theme } from '@basalt/contracts'
import { api, isApiError, setCsrfFallback } from './api-client'
import { queryKeys } from './query-keys'
import { reconcileTheme } from './theme'

/**
 * The signed-in session, shared by the router guards, the header and the account pages
 * (like bulletproof-react's lib/auth). `null` means signed out.
 */
export async function getSession(): Promise<Session | null> {
  try {
    const session = await api('/api/auth/session', { schema: sessionSchema })
    setCsrfFallback(session.csrfToken)
    return session
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: async () => {
      const session = await getSession()
      if (!session) return session
      // A theme chosen on this page whose save did not arrive wins, and is saved again.
      const theme = reconcileTheme(session.user.theme, saveTheme)
      return theme === session.user.theme ? session : { ...session, user: { ...session.user, theme } }
    },
    staleTime: 60_000,
  })
}

const saveTheme = (theme: Theme) => api('/api/account/me', { method: 'PATCH', body: { theme } })

export const getAuthState = () => api('/api/auth/state', { schema: authStateSchema })

export function useAuthState() {
  return useQuery({ queryKey: queryKeys.authState, queryFn: getAuthState, staleTime: 60_000 })
}

export const signOut = () => api('/api/auth/sign-out', { method: 'POST' })

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setCsrfFallback(null)
      queryClient.clear()
    },
  })
}

/** True when the session still needs its second factor (spec 2 §2 sign-in flow). */
export function needsMfa(session: Session): boolean {
  return session.currentLevel !== session.nextLevel
}

/** The session under the RequireSession guard, where it always exists. */
export function useSignedInSession(): Session {
  const { data } = useSession()
  if (!data) throw new Error('useSignedInSession used outside the RequireSession guard')
  return data
}
