import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { errorMessage } from '../../../lib/format'
import { randomUuid } from '../../../lib/uuid'
import type { CodeEditorInstance, DiffEditorInstance, MonacoApi } from '../../../ui/code-editor/code-editor'
import { createSnippet, storeSnippet } from '../api/create-snippet'
import { titleSql } from '../api/title-sql'
import { SNIPPET_MESSAGES } from '../snippet-messages'
import type { PendingDiff } from './pending-diff'
import type { SnippetDocument } from './snippet-document'

/**
 * What accepting a suggestion does (spec 2 §4): Modification replaces the editor's text, Addition adds the
 * suggested query after it, NewSnippet saves the query as a new snippet and opens it.
 */
export type DiffType = 'modification' | 'addition' | 'new-snippet'

export const DIFF_TYPES: ReadonlyArray<{ value: DiffType; label: string }> = [
  { value: 'modification', label: 'Modification' },
  { value: 'addition', label: 'Addition' },
  { value: 'new-snippet', label: 'New snippet' },
]

/** A change the assistant proposed, waiting to be accepted (Enter) or discarded (Escape). */
export interface AiSuggestion {
  /** The editor's text when the suggestion came. */
  original: string
  /** The whole text after the change (Modification). */
  replacement: string
  /** The query the change adds (Addition), which is also a new snippet's text. */
  addition: string
  type: DiffType
  /** Why the change is suggested (debug's solution). */
  note?: string
  /** A title the assistant already gave the query (generate). */
  title?: string
}

/**
 * The query `next` adds to `original` when it keeps all of `original` at its start (whitespace aside), or
 * null when it changes something else: an empty editor makes every query an addition.
 */
export function addedQuery(original: string, next: string): string | null {
  const base = original.trim()
  const text = next.trim()
  if (!text || text === base) return null
  if (!base) return text
  if (!text.startsWith(base)) return null
  return text.slice(base.length).trim() || null
}

/** The text `query` added after `original` (a blank line between them). */
export const appendQuery = (original: string, query: string) =>
  original.trim() ? `${original.trimEnd()}\n\n${query.trim()}` : query.trim()

/** A suggestion of the whole text after a change (generate, edit, debug): Addition when it only adds. */
export function wholeTextSuggestion(
  original: string,
  next: string,
  extra: Pick<AiSuggestion, 'note' | 'title'> = {},
): AiSuggestion {
  const added = addedQuery(original, next)
  return {
    original,
    replacement: next,
    addition: added ?? next,
    type: added === null ? 'modification' : 'addition',
    ...extra,
  }
}

/** A query to put in the editor (the chat's Insert): added after the text, or replacing it if switched. */
export const querySuggestion = (original: string, query: string): AiSuggestion => ({
  original,
  replacement: query,
  addition: query,
  type: 'addition',
})

/** The text a suggestion leaves: in the editor, or in the new snippet. */
export function textAfter(suggestion: AiSuggestion): string {
  if (suggestion.type === 'modification') return suggestion.replacement
  if (suggestion.type === 'addition') return appendQuery(suggestion.original, suggestion.addition)
  return suggestion.addition.trim()
}

/** What the diff editor compares: a new snippet starts from nothing. */
export const diffOf = (suggestion: AiSuggestion): PendingDiff => ({
  original: suggestion.type === 'new-snippet' ? '' : suggestion.original,
  modified: textAfter(suggestion),
})

export interface SqlAssistantDiff {
  suggestion: AiSuggestion | null
  pendingDiff: PendingDiff | null
  suggest: (suggestion: AiSuggestion) => void
  setType: (type: DiffType) => void
  accept: () => void
  discard: () => void
  /** Creating the new snippet (title, save) after a NewSnippet was accepted. */
  accepting: boolean
  /** For the page's DiffEditor: Enter accepts and Escape discards while the diff has the focus. */
  onDiffMount: (editor: DiffEditorInstance, monaco: MonacoApi) => void
  /** For the page's editor, back after the diff: it takes the focus the diff had (never lost to the page). */
  onEditorMount: (editor: CodeEditorInstance) => void
}

/**
 * The pending AI suggestion of an editor page (spec 2 §4, AI diff). While one is pending the page shows the
 * diff instead of the editor and runs nothing; accepting writes the text into the document, or creates a new
 * snippet named by a generated title and opens it.
 */
export function useSqlAssistantDiff(projectRef: string, document: SnippetDocument): SqlAssistantDiff {
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null)
  const [accepting, setAccepting] = useState(false)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The diff (or its Accept button) had the focus: the editor that replaces it takes it.
  const refocus = useRef(false)

  const createNewSnippet = async (current: AiSuggestion) => {
    const sql = textAfter(current)
    setAccepting(true)
    try {
      const name = await titleSql(projectRef, sql).then(
        (answer) => answer.title.trim() || SNIPPET_MESSAGES.untitled,
        () => current.title?.trim() || SNIPPET_MESSAGES.untitled,
      )
      const item = await createSnippet(projectRef, { id: randomUuid(), name, sql })
      void storeSnippet(queryClient, projectRef, item)
      setSuggestion(null)
      navigate(`/project/${encodeURIComponent(projectRef)}/sql/${item.id}`)
    } catch (error) {
      toast.error(SNIPPET_MESSAGES.createFailedWith(errorMessage(error)))
    } finally {
      setAccepting(false)
    }
  }

  const accept = () => {
    if (!suggestion || accepting) return
    if (suggestion.type === 'new-snippet') return void createNewSnippet(suggestion)
    document.setSql(textAfter(suggestion))
    refocus.current = true
    setSuggestion(null)
  }
  const discard = () => {
    if (accepting) return
    refocus.current = true
    setSuggestion(null)
  }

  // Monaco's actions are registered once per diff editor: they call the latest accept and discard.
  const latest = useRef({ accept, discard })
  useEffect(() => {
    latest.current = { accept, discard }
  })

  const onDiffMount = (editor: DiffEditorInstance, monaco: MonacoApi) => {
    for (const side of [editor.getOriginalEditor(), editor.getModifiedEditor()]) {
      side.addAction({
        id: 'basalt.ai.accept',
        label: 'Accept the suggestion',
        keybindings: [monaco.KeyCode.Enter],
        run: () => latest.current.accept(),
      })
      side.addAction({
        id: 'basalt.ai.discard',
        label: 'Discard the suggestion',
        keybindings: [monaco.KeyCode.Escape],
        run: () => latest.current.discard(),
      })
    }
    editor.getModifiedEditor().focus()
  }

  return {
    suggestion,
    pendingDiff: suggestion ? diffOf(suggestion) : null,
    suggest: setSuggestion,
    setType: (type) => setSuggestion((s) => (s ? { ...s, type } : s)),
    accept,
    discard,
    accepting,
    onDiffMount,
    onEditorMount: (editor) => {
      if (!refocus.current) return
      refocus.current = false
      editor.focus()
    },
  }
}
