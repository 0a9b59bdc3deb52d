import { useCallback, useSyncExternalStore } from 'react'

/** localStorage key of the 'intellisense' preference (spec 2 §9: default on). */
export const INTELLISENSE_STORAGE_KEY = 'basalt-intellisense'

// Same-tab changes: the storage event only reaches the other tabs.
const CHANGE_EVENT = 'basalt-intellisense'

export function readIntellisensePreference(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(INTELLISENSE_STORAGE_KEY) !== 'off'
  } catch {
    return true
  }
}

export function writeIntellisensePreference(enabled: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(INTELLISENSE_STORAGE_KEY, enabled ? 'on' : 'off')
  } catch {
    // Private mode: the choice holds for this page only.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: enabled }))
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === INTELLISENSE_STORAGE_KEY || event.key === null) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

/**
 * The SQL editor's 'intellisense' preference (autocomplete and signature help), kept in this browser; every
 * component using it (and every tab) follows a change at once.
 */
export function useIntellisensePreference(): [enabled: boolean, setEnabled: (on: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, () => readIntellisensePreference())
  const setEnabled = useCallback((on: boolean) => writeIntellisensePreference(on), [])
  return [enabled, setEnabled]
}
