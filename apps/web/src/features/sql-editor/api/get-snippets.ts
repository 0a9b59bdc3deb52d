import { useQuery } from '@tanstack/react-query'
import { contentListSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { contentPath } from '../../../project/content-path'

export { contentPath }

/** The root of every key of a project's snippets (the list and each snippet), for invalidation. */
export const snippetsKey = (ref: string) => ['content', ref, 'sql'] as const

/** GET …/content?type=sql: the member's own snippets and those shared with the project, sorted by name. */
export const getSnippets = (ref: string) =>
  api(contentPath(ref, { type: 'sql' }), { schema: contentListSchema }).then((answer) => answer.data)

export const snippetListKey = (ref: string) => [...snippetsKey(ref), 'list'] as const

export function useSnippets(ref: string) {
  return useQuery({ queryKey: snippetListKey(ref), queryFn: () => getSnippets(ref) })
}
