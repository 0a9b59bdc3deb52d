/**
 * A suggested change of the editor's text waiting to be accepted or discarded (spec 2 §4, AI diff): while one
 * is pending the page shows the diff instead of the editor, and no query runs. The AI assistant holds it
 * (ai-suggestion.ts).
 */
export interface PendingDiff {
  original: string
  modified: string
}
