import { useSyncExternalStore } from 'react'
import type { Theme } from '@basalt/contracts'
import { forgetStored, readStored, writeStored } from './stored-preference'

/** localStorage key; index.html reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'basalt-theme'

const isTheme = (value: string | null): value is Theme => value === 'light' || value === 'dark' || value === 'system'

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)')

export function readStoredTheme(): Theme {
  const value = readStored(THEME_STORAGE_KEY)
  return isTheme(value) ? value : 'system'
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme
  return darkQuery()?.matches ? 'dark' : 'light'
}

/** A theme chosen here whose save to the account has not been confirmed yet (see reconcileTheme). */
const UNSAVED_THEME_KEY = 'basalt-theme-unsaved'

/**
 * Applies a theme the member just chose and saves it to their account with `save`. Until the save is
 * confirmed the choice is kept here too: a reload, or a page closed while the save was on its way, keeps it,
 * and the next session check sends it again (reconcileTheme).
 */
export function chooseTheme(theme: Theme, save: (theme: Theme) => Promise<unknown>): Promise<unknown> {
  applyTheme(theme)
  writeStored(UNSAVED_THEME_KEY, theme)
  return save(theme).then((saved) => {
    if (readStored(UNSAVED_THEME_KEY) === theme) forgetStored(UNSAVED_THEME_KEY)
    return saved
  })
}

/**
 * The theme to show for the account's saved one: a choice made here and not saved yet wins, and is saved
 * again (with `save`); otherwise the account's.
 */
export function reconcileTheme(saved: Theme, save: (theme: Theme) => Promise<unknown>): Theme {
  const unsaved = readStored(UNSAVED_THEME_KEY)
  if (!isTheme(unsaved) || unsaved === saved) {
    forgetStored(UNSAVED_THEME_KEY)
    applyTheme(saved)
    return saved
  }
  void chooseTheme(unsaved, save).catch(() => {})
  return unsaved
}

let unsubscribeSystem: (() => void) | null = null

/** Applies a theme to <html> at once and remembers it for the next first paint. */
export function applyTheme(theme: Theme) {
  // In private mode nothing is kept, and the theme still applies for this page.
  writeStored(THEME_STORAGE_KEY, theme)
  document.documentElement.classList.toggle('dark', resolveTheme(theme) === 'dark')
  window.dispatchEvent(new CustomEvent('basalt-theme', { detail: theme }))

  unsubscribeSystem?.()
  unsubscribeSystem = null
  const query = darkQuery()
  if (theme === 'system' && query) {
    const follow = () => document.documentElement.classList.toggle('dark', query.matches)
    query.addEventListener('change', follow)
    unsubscribeSystem = () => query.removeEventListener('change', follow)
  }
}

function onThemeChange(callback: () => void): () => void {
  window.addEventListener('basalt-theme', callback)
  return () => window.removeEventListener('basalt-theme', callback)
}

/** The theme the member chose (applyTheme's last), for parts drawn outside the page's CSS, such as toasts. */
export function useAppTheme(): Theme {
  return useSyncExternalStore(onThemeChange, readStoredTheme, () => 'system')
}
