import { useCallback, useSyncExternalStore } from 'react'
import { z } from 'zod'

/**
 * Role impersonation (spec 2 §2, §4), kept per project for the browser session. The popover's radio
 * `option` and the `role` data calls run as are separate: choosing authenticated shows the user picker and
 * leaves the role as it was ("partially selected") until a user is picked.
 */
export const IMPERSONATION_OPTIONS = ['service_role', 'anon', 'authenticated'] as const
export type ImpersonationOption = (typeof IMPERSONATION_OPTIONS)[number]

export const impersonatedUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
})
export type ImpersonatedUser = z.infer<typeof impersonatedUserSchema>

const roleSchema = z.discriminatedUnion('role', [
  z.object({ type: z.literal('postgrest'), role: z.literal('anon') }),
  z.object({ type: z.literal('postgrest'), role: z.literal('authenticated'), user: impersonatedUserSchema }),
])
export type ImpersonatedRole = z.infer<typeof roleSchema>

const stateSchema = z.object({ option: z.enum(IMPERSONATION_OPTIONS), role: roleSchema.nullable() })
export type ImpersonationState = z.infer<typeof stateSchema>

/** Default: service_role, i.e. no impersonation. */
export const INITIAL_IMPERSONATION: ImpersonationState = { option: 'service_role', role: null }

export type ImpersonationAction =
  { type: 'choose'; option: ImpersonationOption } | { type: 'pickUser'; user: ImpersonatedUser } | { type: 'stop' }

export function impersonationReducer(state: ImpersonationState, action: ImpersonationAction): ImpersonationState {
  switch (action.type) {
    case 'choose':
      if (action.option === 'service_role') return INITIAL_IMPERSONATION
      if (action.option === 'anon') return { option: 'anon', role: { type: 'postgrest', role: 'anon' } }
      return { option: 'authenticated', role: state.role }
    case 'pickUser':
      return { option: 'authenticated', role: { type: 'postgrest', role: 'authenticated', user: action.user } }
    case 'stop':
      return INITIAL_IMPERSONATION
  }
}

/** Partially selected: authenticated chosen, no user picked yet. */
export const isAwaitingUser = (state: ImpersonationState) =>
  state.option === 'authenticated' && state.role?.role !== 'authenticated'

/** What a data call carries (`impersonation` in the body); undefined runs as the project's admin connection. */
export type ImpersonationParam = { role: 'anon' } | { role: 'authenticated'; userId: string }
export function impersonationParam(role: ImpersonatedRole | null): ImpersonationParam | undefined {
  if (!role) return undefined
  return role.role === 'anon' ? { role: 'anon' } : { role: 'authenticated', userId: role.user.id }
}

/** The role button's text: the role name, and the user for authenticated. */
export function roleLabel(role: ImpersonatedRole | null): string {
  if (!role) return 'service_role'
  if (role.role === 'anon') return 'anon'
  return `authenticated (${role.user.email ?? role.user.phone ?? role.user.id})`
}

export const IMPERSONATION_KEY_PREFIX = 'basalt-role-impersonation-'
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A store per project ref, kept in session storage; components subscribe through {@link useImpersonation}. */
export function createImpersonationStore(storage: () => Storage | undefined) {
  const cache = new Map<string, ImpersonationState>()
  const listeners = new Set<() => void>()

  const get = (ref: string): ImpersonationState => {
    const cached = cache.get(ref)
    if (cached) return cached
    let state = INITIAL_IMPERSONATION
    try {
      const raw = storage()?.getItem(IMPERSONATION_KEY_PREFIX + ref)
      const parsed = raw ? stateSchema.safeParse(JSON.parse(raw)) : null
      if (parsed?.success) state = parsed.data
    } catch {
      // Unreadable storage: start as service_role.
    }
    cache.set(ref, state)
    return state
  }

  const dispatch = (ref: string, action: ImpersonationAction) => {
    const next = impersonationReducer(get(ref), action)
    cache.set(ref, next)
    try {
      if (next === INITIAL_IMPERSONATION) storage()?.removeItem(IMPERSONATION_KEY_PREFIX + ref)
      else storage()?.setItem(IMPERSONATION_KEY_PREFIX + ref, JSON.stringify(next))
    } catch {
      // Not persisted; the in-memory state still applies.
    }
    listeners.forEach((l) => l())
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  return { get, dispatch, subscribe, reset: () => cache.clear() }
}

export const impersonationStore = createImpersonationStore(() =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
)

export function useImpersonation(ref: string) {
  const state = useSyncExternalStore(impersonationStore.subscribe, () => impersonationStore.get(ref))
  const dispatch = useCallback((action: ImpersonationAction) => impersonationStore.dispatch(ref, action), [ref])
  return [state, dispatch] as const
}
