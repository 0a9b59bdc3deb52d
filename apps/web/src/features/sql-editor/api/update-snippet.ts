import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contentItemSchema, type ContentUpdateBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { storeSnippet } from './create-snippet'
import { contentPath } from './get-snippets'

/**
 * PATCH …/content?id=: only what changes. The text, name and visibility are the owner's; `content.favorite`
 * alone is each member's own.
 */
export const updateSnippet = (ref: string, id: string, change: ContentUpdateBody) =>
  api(contentPath(ref, { id }), { method: 'PATCH', body: change, schema: contentItemSchema })

export function useUpdateSnippet(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ContentUpdateBody }) => updateSnippet(ref, id, change),
    onSuccess: (item) => storeSnippet(queryClient, ref, item),
  })
}
