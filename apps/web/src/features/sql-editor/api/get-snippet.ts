import { useQuery } from '@tanstack/react-query'
import { contentItemSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { contentPath, snippetsKey } from './get-snippets'

/** GET …/content/item/{id}: one snippet the member sees (404 'Content not found' otherwise). */
export const getSnippet = (ref: string, id: string) =>
  api(`${contentPath(ref)}/item/${encodeURIComponent(id)}`, { schema: contentItemSchema })

export const snippetKey = (ref: string, id: string) => [...snippetsKey(ref), 'item', id] as const

export function useSnippet(ref: string, id: string, enabled = true) {
  return useQuery({
    queryKey: snippetKey(ref, id),
    queryFn: () => getSnippet(ref, id),
    enabled,
    // The open document is the source of the text once loaded; a background reload must not replace it.
    staleTime: Infinity,
  })
}
