import { useNavigate, useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { ContentItem } from '@basalt/contracts'
import { errorMessage } from '../../../../lib/format'
import { useSession } from '../../../../lib/auth'
import { randomUuid } from '../../../../lib/uuid'
import { usePermission } from '../../../../project/use-permission'
import { useCreateSnippet } from '../../api/create-snippet'
import { useDeleteSnippets } from '../../api/delete-snippets'
import { snippetListKey } from '../../api/get-snippets'
import { useUpdateSnippet } from '../../api/update-snippet'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import { FRESH_QUERY_STATE } from '../../state/snippet-document'
import { forgetSnippets } from '../../state/snippet-drafts'

/**
 * What the snippet list and the editor's toolbar do with a snippet, with the spec's toasts (spec 2 §8) and
 * redirects (§4): rename, share, favourite, duplicate (a personal copy of someone else's), delete.
 */
export function useSnippetActions(projectRef: string) {
  const navigate = useNavigate()
  const { id: openId } = useParams()
  const queryClient = useQueryClient()
  const userId = useSession().data?.user.id
  const canCreate = usePermission('user_content:create')
  const create = useCreateSnippet(projectRef)
  const update = useUpdateSnippet(projectRef)
  const remove = useDeleteSnippets(projectRef)
  const base = `/project/${encodeURIComponent(projectRef)}/sql`

  const isOwn = (snippet: ContentItem) => userId !== undefined && snippet.owner_id === userId

  /** Creates a snippet with this name and text, then opens it. */
  const openAsNew = async (name: string, sql: string, failure: (message: string) => string) => {
    try {
      const item = await create.mutateAsync({ id: randomUuid(), name, sql })
      navigate(`${base}/${item.id}`)
      return true
    } catch (error) {
      toast.error(failure(errorMessage(error)))
      return false
    }
  }

  return {
    isOwn,
    /** user_content:create: creating, copying and favourites. */
    canCreate,
    /** Only the owner renames, shares and deletes (spec 2 §6). */
    canManage: (snippet: ContentItem) => canCreate && isOwn(snippet),

    rename: async (snippet: ContentItem, name: string) => {
      try {
        await update.mutateAsync({ id: snippet.id, change: { name } })
        return true
      } catch (error) {
        toast.error(SNIPPET_MESSAGES.renameFailed(errorMessage(error)))
        return false
      }
    },

    share: async (snippet: ContentItem) => {
      try {
        await update.mutateAsync({ id: snippet.id, change: { visibility: 'project' } })
      } catch {
        toast.error(SNIPPET_MESSAGES.shareFailed)
      }
    },

    toggleFavorite: async (snippet: ContentItem) => {
      try {
        await update.mutateAsync({ id: snippet.id, change: { content: { favorite: !snippet.content.favorite } } })
      } catch (error) {
        toast.error(errorMessage(error))
      }
    },

    /** A copy of the member's own: 'Failed to create new query'; of someone else's: a personal copy. */
    duplicate: (snippet: ContentItem, sql = snippet.content.sql ?? '') =>
      openAsNew(
        SNIPPET_MESSAGES.copyName(snippet.name),
        sql,
        isOwn(snippet) ? SNIPPET_MESSAGES.createFailedWith : () => SNIPPET_MESSAGES.copyFailed,
      ),

    /** A template or quickstart opens as a new snippet named after it. */
    openTemplate: (title: string, sql: string) => openAsNew(title, sql, SNIPPET_MESSAGES.createFailedWith),

    /**
     * Deletes the member's own snippets. After it (spec 2 §4): /sql/new when none remain, the first remaining
     * snippet when the open one was deleted, else the page stays.
     */
    delete: async (ids: readonly string[]) => {
      const before = queryClient.getQueryData<ContentItem[]>(snippetListKey(projectRef)) ?? []
      try {
        await remove.mutateAsync(ids)
      } catch (error) {
        const message = errorMessage(error)
        toast.error(
          ids.length > 1 ? SNIPPET_MESSAGES.bulkDeleteFailed(message) : SNIPPET_MESSAGES.deleteFailed(message),
        )
        return false
      }
      forgetSnippets(projectRef, ids)
      const remaining = before.filter((s) => !ids.includes(s.id))
      if (remaining.length === 0) navigate(`${base}/new`, { replace: true, state: FRESH_QUERY_STATE })
      else if (openId && ids.includes(openId)) navigate(`${base}/${remaining[0]!.id}`, { replace: true })
      return true
    },

    pending: { create: create.isPending, update: update.isPending, remove: remove.isPending },
  }
}
