import { useCallback, useSyncExternalStore } from 'react'

/**
 * Feature previews: features a member turns on for themselves in this browser (Account → Preferences →
 * Feature previews) before they are on for everyone. Off until turned on; every component (and tab) reading
 * one follows a change at once.
 */
export const FEATURE_PREVIEWS = {
  /** 'Try Assistant' in the policy editor (spec 1 §2: only when the AI assistant preview is on). */
  aiAssistant: 'basalt-preview-ai-assistant',
} as const

export type FeaturePreview = keyof typeof FEATURE_PREVIEWS

// Same-tab changes: the storage event only reaches the other tabs.
const CHANGE_EVENT = 'basalt-feature-preview'

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

function isOn(preview: FeaturePreview): boolean {
  try {
    return localStorage.getItem(FEATURE_PREVIEWS[preview]) === 'on'
  } catch {
    return false
  }
}

/**
 * Whether a preview is on in this browser, and its switch.
 *
 * @example
 *   const [assistant, setAssistant] = useFeaturePreview('aiAssistant')
 */
export function useFeaturePreview(preview: FeaturePreview): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, () => isOn(preview))
  const set = useCallback(
    (next: boolean) => {
      try {
        if (next) localStorage.setItem(FEATURE_PREVIEWS[preview], 'on')
        else localStorage.removeItem(FEATURE_PREVIEWS[preview])
      } catch {
        // Private mode: nothing is kept.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT))
    },
    [preview],
  )
  return [on, set]
}
