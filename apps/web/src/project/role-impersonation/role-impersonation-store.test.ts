import { describe, expect, it, vi } from 'vitest'
import {
  createImpersonationStore,
  impersonationParam,
  impersonationReducer,
  INITIAL_IMPERSONATION,
  isAwaitingUser,
  roleLabel,
  type ImpersonationState,
} from './role-impersonation-store'

const alice = { id: '00000000-0000-4000-8000-00000000000a', email: 'alice@example.com', phone: null }

describe('role impersonation (spec 2 §4)', () => {
  it('defaults to service_role, which runs without impersonation', () => {
    expect(INITIAL_IMPERSONATION).toEqual({ option: 'service_role', role: null })
    expect(impersonationParam(INITIAL_IMPERSONATION.role)).toBeUndefined()
    expect(roleLabel(null)).toBe('service_role')
  })

  it('choosing anon sets the postgrest anon role; choosing service_role clears it', () => {
    const anon = impersonationReducer(INITIAL_IMPERSONATION, { type: 'choose', option: 'anon' })
    expect(anon).toEqual({ option: 'anon', role: { type: 'postgrest', role: 'anon' } })
    expect(impersonationParam(anon.role)).toEqual({ role: 'anon' })
    expect(impersonationReducer(anon, { type: 'choose', option: 'service_role' })).toEqual(INITIAL_IMPERSONATION)
  })

  it('choosing authenticated stays partially selected, keeping the current role, until a user is picked', () => {
    const anon = impersonationReducer(INITIAL_IMPERSONATION, { type: 'choose', option: 'anon' })
    const partial = impersonationReducer(anon, { type: 'choose', option: 'authenticated' })
    expect(partial.option).toBe('authenticated')
    expect(partial.role).toEqual({ type: 'postgrest', role: 'anon' })
    expect(isAwaitingUser(partial)).toBe(true)

    const picked = impersonationReducer(partial, { type: 'pickUser', user: alice })
    expect(picked).toEqual({ option: 'authenticated', role: { type: 'postgrest', role: 'authenticated', user: alice } })
    expect(isAwaitingUser(picked)).toBe(false)
    expect(impersonationParam(picked.role)).toEqual({ role: 'authenticated', userId: alice.id })
    expect(roleLabel(picked.role)).toBe('authenticated (alice@example.com)')
  })

  it('Stop Impersonating clears the role', () => {
    const picked: ImpersonationState = {
      option: 'authenticated',
      role: { type: 'postgrest', role: 'authenticated', user: alice },
    }
    expect(impersonationReducer(picked, { type: 'stop' })).toEqual(INITIAL_IMPERSONATION)
  })

  it('keeps the role per project in session storage and notifies subscribers', () => {
    const store = createImpersonationStore(() => sessionStorage)
    const listener = vi.fn()
    store.subscribe(listener)
    store.dispatch('abc', { type: 'choose', option: 'anon' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(store.get('abc').role).toEqual({ type: 'postgrest', role: 'anon' })
    expect(store.get('other')).toEqual(INITIAL_IMPERSONATION)

    // A new store (page reload) reads it back.
    const reloaded = createImpersonationStore(() => sessionStorage)
    expect(reloaded.get('abc').role).toEqual({ type: 'postgrest', role: 'anon' })
    reloaded.dispatch('abc', { type: 'stop' })
    expect(sessionStorage.getItem('basalt-role-impersonation-abc')).toBeNull()
  })

  it('ignores unreadable saved state', () => {
    sessionStorage.setItem('basalt-role-impersonation-abc', '{"option":"root"}')
    expect(createImpersonationStore(() => sessionStorage).get('abc')).toEqual(INITIAL_IMPERSONATION)
  })
})
