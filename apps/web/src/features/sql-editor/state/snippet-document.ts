import { useEffect, useReducer, useRef, useState } from 'react'
import { useLocation, useNavigate, type Location } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { ContentItem } from '@basalt/contracts'
import { isApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/auth'
import { errorMessage } from '../../../lib/format'
import { randomUuid } from '../../../lib/uuid'
import { usePermission } from '../../../project/use-permission'
import { createSnippet, storeSnippet } from '../api/create-snippet'
import { useSnippet } from '../api/get-snippet'
import { updateSnippet } from '../api/update-snippet'
import { SNIPPET_MESSAGES } from '../snippet-messages'
import { clearDraft, readDraft, readLastSnippet, writeDraft, writeLastSnippet } from './snippet-drafts'
import { SnippetSaver } from './snippet-saver'

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
  /** The member's own snippet (or their new query): they see the save indicator and Retry (spec 2 §6). */
  isOwner: boolean
  /** Text not on the server yet is kept on this device until it is saved (the server could not be reached). */
  keptLocally: boolean
  /** Why loading failed (status 'error') or why the last save failed (saveState 'failed'). */
  error: unknown
}

/** The state a link to /sql/new carries to open a fresh query instead of the last one used. */
export const FRESH_QUERY_STATE = { fresh: true } as const

/**
 * The React key of the page showing a snippet: a snippet created from 'new' keeps the key 'new' had, so the
 * editor (its text, cursor and undo) stays as it is when the address becomes /sql/{newId}. Each visit of
 * 'new' is a fresh page.
 */
export function documentKeyOf(location: Pick<Location, 'key' | 'state'>, id: string): string {
  const state = location.state as { documentKey?: unknown } | null
  if (typeof state?.documentKey === 'string') return state.documentKey
  return id === 'new' ? `new:${location.key}` : id
}

/** A failure that passes by itself: the server could not be reached or is restarting. */
export const isTransientFailure = (error: unknown) =>
  isApiError(error) && (error.code === 'network_error' || error.status >= 500)

/**
 * The snippet at /sql/{id} (or a new query at /sql/new), loaded from the content API and saved back:
 * - 'new': the first edit creates the snippet with an id chosen here, and the address becomes /sql/{newId}
 *   (replace) while the page stays as it is;
 * - every edit is kept on this device at once and saved when typing pauses; what could not be saved (server
 *   unreachable) is saved when the server answers again, also after a reload;
 * - a member without user_content:create keeps a new query's text on this device only, and is told so;
 * - someone else's shared snippet is read-only.
 */
export function useSnippetDocument(projectRef: string, routeId: string): SnippetDocument {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const userId = useSession().data?.user.id
  const canSave = usePermission('user_content:create')

  // The id the first edit of 'new' created; the route's id follows it after the navigation.
  const [createdId, setCreatedId] = useState<string | null>(null)
  const id = createdId ?? routeId
  const isNew = id === 'new'
  const [draft] = useState(() => readDraft(projectRef, routeId))
  const query = useSnippet(projectRef, id, !isNew && createdId === null)
  const snippet = query.data ?? null

  // The text is the page's once known: the draft kept on this device wins over the server's (it is newer).
  // A link to 'new' may carry the text to start from (a statement of the query-performance report).
  const opened = (location.state as { sql?: unknown } | null)?.sql
  const [sql, setSqlState] = useState<string | null>(() =>
    isNew ? (typeof opened === 'string' ? opened : (draft?.sql ?? '')) : (draft?.sql ?? null),
  )
  if (sql === null && snippet) setSqlState(snippet.content.sql ?? '')

  const readOnly = snippet !== null && userId !== undefined && snippet.owner_id !== userId
  const notFound = !isNew && createdId === null && isApiError(query.error) && query.error.status === 404
  // A draft of a snippet never created is created on its first save; one that existed was deleted meanwhile.
  const status: SnippetDocument['status'] =
    notFound && draft?.created !== false
      ? 'not-found'
      : sql !== null
        ? 'ready'
        : query.isPending
          ? 'loading'
          : query.error
            ? 'error'
            : 'ready'

  const name = snippet?.name ?? (draft?.name || (isNew ? SNIPPET_MESSAGES.newQuery : SNIPPET_MESSAGES.untitled))

  // What the saver's callbacks read: always the newest values, without rebuilding the saver.
  const latest = useRef({ id, name, created: draft?.created ?? true })
  latest.current.id = id
  latest.current.name = name

  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const [saver] = useState(
    () =>
      new SnippetSaver({
        onChange: rerender,
        isTransient: isTransientFailure,
        save: async (text) => {
          const target = latest.current
          const snippetId = target.id
          let item: ContentItem
          if (!target.created) {
            try {
              item = await createSnippet(projectRef, { id: snippetId, name: target.name, sql: text })
            } catch (error) {
              // Created by an earlier try whose answer was lost: save the text as a change instead.
              if (!(isApiError(error) && error.status === 409)) {
                if (!isTransientFailure(error)) {
                  toast.error(SNIPPET_MESSAGES.createFailedWith(errorMessage(error)))
                }
                throw error
              }
              item = await updateSnippet(projectRef, snippetId, { content: { sql: text } })
            }
            target.created = true
          } else {
            item = await updateSnippet(projectRef, snippetId, { content: { sql: text } })
          }
          void storeSnippet(queryClient, projectRef, item)
          const kept = readDraft(projectRef, snippetId)
          if (kept?.sql === text) clearDraft(projectRef, snippetId)
          else if (kept) writeDraft(projectRef, snippetId, { ...kept, created: true })
        },
      }),
  )

  // Leaving the page saves what is pending; the browser coming back online saves what failed.
  useEffect(() => {
    const online = () => saver.retry()
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('online', online)
      saver.flush()
    }
  }, [saver])

  // A draft left by an earlier visit (typed offline, or before a reload) is saved once it is known whether the
  // snippet still exists; a draft equal to the stored text is simply dropped.
  const resumed = useRef(false)
  const settled = !query.isPending || draft?.created === false
  useEffect(() => {
    if (resumed.current || !draft || isNew || !canSave || readOnly || status !== 'ready' || !settled) return
    resumed.current = true
    if (snippet && snippet.content.sql === draft.sql) clearDraft(projectRef, id)
    else {
      saver.edit(draft.sql)
      // Never created (typed offline from 'new'): create it now rather than after a pause.
      if (!draft.created) saver.flush()
    }
  }, [draft, isNew, canSave, readOnly, status, settled, snippet, projectRef, id, saver])

  // Spec 2 §6: a member who may not save is told so on a new query (their text stays on this device).
  useEffect(() => {
    if (isNew && !canSave) toast.warning(SNIPPET_MESSAGES.noPermission, { id: 'sql-no-permission' })
  }, [isNew, canSave])

  // 'dashboard history': /sql/new goes back to the snippet last opened here; a missing one is forgotten.
  useEffect(() => {
    if (isNew) return
    if (status === 'ready') writeLastSnippet(projectRef, id)
    else if (status === 'not-found' && readLastSnippet(projectRef) === id) writeLastSnippet(projectRef, null)
  }, [projectRef, id, isNew, status])

  const setSql = (next: string) => {
    if (readOnly || status !== 'ready') return
    setSqlState(next)
    if (!canSave) {
      // Kept on this device only: under 'new' (the only query such a member has).
      writeDraft(projectRef, id, { sql: next, name, created: false })
      return
    }
    // From the ref, not the render: two edits may arrive before the render that follows the creation.
    if (latest.current.id === 'new') {
      if (next === '') return
      const newId = randomUuid()
      latest.current = { id: newId, name: SNIPPET_MESSAGES.untitled, created: false }
      setCreatedId(newId)
      writeDraft(projectRef, newId, { sql: next, name: SNIPPET_MESSAGES.untitled, created: false })
      writeLastSnippet(projectRef, newId)
      navigate(`/project/${encodeURIComponent(projectRef)}/sql/${newId}`, {
        replace: true,
        state: { documentKey: documentKeyOf(location, 'new') },
      })
      saver.edit(next)
      saver.flush()
      return
    }
    writeDraft(projectRef, latest.current.id, { sql: next, name, created: latest.current.created })
    saver.edit(next)
  }

  const ownerOrNew = canSave && !readOnly
  return {
    id,
    status,
    snippet,
    name,
    sql: sql ?? '',
    setSql,
    readOnly,
    canSave,
    saveState: saver.state,
    retry: () => saver.retry(),
    isOwner: ownerOrNew,
    keptLocally: saver.state === 'failed' && isTransientFailure(saver.error),
    error: saver.state === 'failed' ? saver.error : status === 'error' ? query.error : null,
  }
}
