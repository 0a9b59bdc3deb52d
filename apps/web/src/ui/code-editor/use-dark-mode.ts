import { useSyncExternalStore } from 'react'

/**
 * Whether the app is dark right now: the `dark` class on <html>, which the theme menu, the system setting
 * (theme 'system') and index.html's first-paint script all set. Watching the class follows every one of them.
 */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false)
}

function isDark() {
  return document.documentElement.classList.contains('dark')
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
