import { useState } from 'react'
import type { ContentItem } from '@basalt/contracts'

/** How a snippet's saving stands (spec 2 §3: IDLE, UPDATING, UPDATING_FAILED; 'saved' is the 3 s after a save). */
export type SnippetSaveState = 'idle' | 'saving' | 'saved' | 'failed'

/**
 * The snippet an editor page shows and edits: its text, whether the member may change it, and how saving
 * stands. The page reads and writes `sql`; saving (create on first edit of 'new', autosave, keeping work
 * typed offline) is the document's business, not the page's.
 */
export interface SnippetDocument {
  /** The snippet's id, or 'new' before the first edit created it. */
  id: string
  status: 'loading' | 'ready' | 'not-found' | 'error'
  /** The stored snippet once loaded or created (name, owner, visibility, favourite). */
  snippet: ContentItem | null
  /** Shown in the page and used to name exports. */
  name: string
  sql: string
  setSql: (sql: string) => void
  /** Someone else's shared snippet: shown with a 'Read-only' badge, not editable (it can be duplicated). */
  readOnly: boolean
  /** The member may save snippets at all (user_content:create). */
  canSave: boolean
  saveState: SnippetSaveState
  retry: () => void
}

/**
 * The first version: the text lives in the page only. The snippets work replaces this with the content
 * API (load, create, autosave, offline keep) behind the same shape.
 */
export function useSnippetDocument(_projectRef: string, id: string): SnippetDocument {
  const [sql, setSql] = useState('')
  return {
    id,
    status: 'ready',
    snippet: null,
    name: 'Untitled query',
    sql,
    setSql,
    readOnly: false,
    canSave: false,
    saveState: 'idle',
    retry: () => {},
  }
}
