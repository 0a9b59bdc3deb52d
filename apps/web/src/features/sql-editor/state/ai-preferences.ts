import { useSyncExternalStore } from 'react'
import { readStored, subscribeStored, useStoredFlag, writeStored } from '../../../lib/stored-preference'

/**
 * The AI assistant's preferences kept in this browser (spec 2 §9): 'AI schema inclusion' (default on), 'AI
 * panel open' (default on), the local AI query count and whether the suggestion popover was dismissed. Every
 * component reading one (and every tab) follows a change at once.
 */
export const AI_PREFERENCE_KEYS = {
  includeSchema: 'basalt-ai-include-schema',
  panelOpen: 'basalt-ai-panel-open',
  queryCount: 'basalt-ai-query-count',
  suggestionDismissed: 'basalt-ai-suggestion-dismissed',
} as const

/** Whether AI calls may send the project's schema metadata (the organisation must allow it too). */
export const useAiSchemaInclusion = () => useStoredFlag(AI_PREFERENCE_KEYS.includeSchema, true)

/** Wide enough for the 400 px chat panel beside the editor (with the app's and the snippets' sidebars). */
const WIDE_QUERY = '(min-width: 1536px)'

function subscribeWidth(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_QUERY)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

const isWide = () => window.matchMedia?.(WIDE_QUERY).matches ?? true

/**
 * Whether the assistant's chat panel is open (default on, spec 2 §9), and whether it sits beside the editor
 * (`docked`) or over it. On a narrower window the default is closed, so that the editor keeps its width until
 * the member opens the panel, which then lies over the editor's right side.
 */
export function useAiPanelOpen(): { open: boolean; docked: boolean; setOpen: (on: boolean) => void } {
  const wide = useSyncExternalStore(subscribeWidth, isWide)
  const [open, setOpen] = useStoredFlag(AI_PREFERENCE_KEYS.panelOpen, wide)
  return { open, docked: wide, setOpen }
}

/** Whether the member dismissed the suggestion to include the schema. */
export const useAiSuggestionDismissed = () => useStoredFlag(AI_PREFERENCE_KEYS.suggestionDismissed, false)

export function readAiQueryCount(): number {
  const count = Number(readStored(AI_PREFERENCE_KEYS.queryCount))
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0
}

/** One more AI answer received in this browser (the suggestion popover waits for three). */
export function countAiQuery(): void {
  writeStored(AI_PREFERENCE_KEYS.queryCount, String(readAiQueryCount() + 1))
}

export const useAiQueryCount = () => useSyncExternalStore(subscribeStored, readAiQueryCount)
