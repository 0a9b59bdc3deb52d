import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contentDeleteResultSchema, type ContentItem } from '@basalt/contracts'
import { api, isApiError } from '../../../lib/api-client'
import { contentPath, snippetListKey } from './get-snippets'
import { snippetKey } from './get-snippet'

/**
 * DELETE …/content?ids=a,b: the member's own snippets, all or none. A 404 means none of them exists any
 * more, which is what deleting wanted (spec 2 §8: 'Content not found' is treated as success).
 */
export async function deleteSnippets(ref: string, ids: readonly string[]): Promise<string[]> {
  try {
    const answer = await api(contentPath(ref, { ids: ids.join(',') }), {
      method: 'DELETE',
      schema: contentDeleteResultSchema,
    })
    return answer.deleted
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [...ids]
    throw error
  }
}

export function useDeleteSnippets(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteSnippets(ref, ids),
    onSuccess: async (_, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: snippetKey(ref, id) })
      queryClient.setQueryData<ContentItem[]>(snippetListKey(ref), (list) => list?.filter((s) => !ids.includes(s.id)))
      await queryClient.invalidateQueries({ queryKey: snippetListKey(ref) })
    },
  })
}
