import { useCallback, useSyncExternalStore } from 'react'
import { readStored, subscribeStored, writeStored } from '../../../lib/stored-preference'

export type ExplorerView = 'columns' | 'list'
export type SortBy = 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'
export type SortOrder = 'asc' | 'desc'

export interface ExplorerPreferences {
  view: ExplorerView
  sortBy: SortBy
  sortByOrder: SortOrder
}

export const DEFAULT_PREFERENCES: ExplorerPreferences = { view: 'columns', sortBy: 'name', sortByOrder: 'asc' }

const VIEWS: readonly ExplorerView[] = ['columns', 'list']
const SORTS: readonly SortBy[] = ['name', 'created_at', 'updated_at', 'last_accessed_at']
const ORDERS: readonly SortOrder[] = ['asc', 'desc']

/** Where a project's explorer preferences live in this browser (spec 3 §3: stored locally per project). */
export const preferencesKey = (ref: string) => `basalt-storage-explorer:${ref}`

/** The stored preferences, each field checked: anything unreadable falls back to its default. */
export function parsePreferences(text: string | null): ExplorerPreferences {
  let raw: Partial<Record<keyof ExplorerPreferences, unknown>> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    if (parsed && typeof parsed === 'object') raw = parsed as typeof raw
  } catch {
    // A hand-edited or old value: defaults.
  }
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback
  return {
    view: pick(raw.view, VIEWS, DEFAULT_PREFERENCES.view),
    sortBy: pick(raw.sortBy, SORTS, DEFAULT_PREFERENCES.sortBy),
    sortByOrder: pick(raw.sortByOrder, ORDERS, DEFAULT_PREFERENCES.sortByOrder),
  }
}

/**
 * The explorer's view and sort for a project, kept on the device; every explorer of the project (in this tab
 * and the others) follows a change at once.
 */
export function useExplorerPreferences(
  ref: string,
): [ExplorerPreferences, (change: Partial<ExplorerPreferences>) => void] {
  const key = preferencesKey(ref)
  // The stored text is the snapshot (a string compares by value); parsing it is cheap.
  const text = useSyncExternalStore(subscribeStored, () => readStored(key))
  const preferences = parsePreferences(text)
  const set = useCallback(
    (change: Partial<ExplorerPreferences>) =>
      writeStored(key, JSON.stringify({ ...parsePreferences(readStored(key)), ...change })),
    [key],
  )
  return [preferences, set]
}
