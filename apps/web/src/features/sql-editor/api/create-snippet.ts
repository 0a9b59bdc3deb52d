import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { contentItemSchema, type ContentItem } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { contentPath, snippetListKey } from './get-snippets'
import { snippetKey } from './get-snippet'

export interface NewSnippet {
  /** Chosen in the browser, so work typed offline is saved under the same id later. */
  id: string
  name: string
  sql: string
}

/** POST …/content: a new snippet of the member's own (needs user_content:create). */
export const createSnippet = (ref: string, { id, name, sql }: NewSnippet) =>
  api(contentPath(ref), {
    method: 'POST',
    body: { id, type: 'sql', name, content: { sql } },
    schema: contentItemSchema,
  })

/** The created or changed snippet goes into its own key, and the list is read again. */
export function storeSnippet(queryClient: QueryClient, ref: string, item: ContentItem) {
  queryClient.setQueryData(snippetKey(ref, item.id), item)
  return queryClient.invalidateQueries({ queryKey: snippetListKey(ref) })
}

export function useCreateSnippet(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (snippet: NewSnippet) => createSnippet(ref, snippet),
    onSuccess: (item) => storeSnippet(queryClient, ref, item),
  })
}
