import { useSyncExternalStore } from 'react'
import type { Theme } from '@basalt/contracts'

/** localStorage key; index.html reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'basalt-theme'

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)')

export function readStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY)
    return value === 'light' || value === 'dark' || value === 'system' ? value : 'system'
  } catch {
    return 'system'
  }
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme
  return darkQuery()?.matches ? 'dark' : 'light'
}

let unsubscribeSystem: (() => void) | null = null

/** Applies a theme to <html> at once and remembers it for the next first paint. */
export function applyTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private mode: the theme still applies for this page.
  }
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
