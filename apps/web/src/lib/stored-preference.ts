import { useCallback, useSyncExternalStore } from 'react'

/*
 * Preferences a member keeps in this browser (localStorage): the theme, the SQL editor's 'intellisense', the AI
 * assistant's, feature previews. Every component reading one, in this tab and in the others, follows a change
 * at once; in private mode (no storage) a choice holds for the page only.
 */

// Same-tab changes: the storage event only reaches the other tabs.
const CHANGE_EVENT = 'basalt-stored-preference'

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Private mode: nothing is kept.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }))
}

export function forgetStored(key: string): void {
  try {
    localStorage.removeItem(key)
  } catch {
    // Private mode: nothing was kept.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }))
}

/** Calls `onChange` on any stored preference's change (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeStored(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

/**
 * An on/off preference stored as 'on'/'off': `fallback` until the member chose.
 *
 * @example
 *   const [enabled, setEnabled] = useStoredFlag('basalt-intellisense', true)
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(subscribeStored, () => {
    const stored = readStored(key)
    return stored === null ? fallback : stored === 'on'
  })
  const set = useCallback((on: boolean) => writeStored(key, on ? 'on' : 'off'), [key])
  return [value, set]
}
