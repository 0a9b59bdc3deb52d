import { useStoredFlag } from './stored-preference'

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

/**
 * Whether a preview is on in this browser, and its switch.
 *
 * @example
 *   const [assistant, setAssistant] = useFeaturePreview('aiAssistant')
 */
export const useFeaturePreview = (preview: FeaturePreview): [boolean, (on: boolean) => void] =>
  useStoredFlag(FEATURE_PREVIEWS[preview], false)
