import { useQuery } from '@tanstack/react-query'
import { aiStatusSchema } from '@basalt/contracts'
import { api } from '../lib/api-client'
import { queryKeys } from '../lib/query-keys'

/**
 * Whether the project's AI assistant can be used (the server has a provider, the organisation shows AI
 * features) and, when not, the message that says why — for every AI control (SQL editor, policy editor).
 */
export const projectAiQueryKey = (ref: string) => [...queryKeys.project(ref), 'ai'] as const

export const getProjectAi = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/ai`, { schema: aiStatusSchema })

export const useProjectAi = (ref: string) =>
  useQuery({ queryKey: projectAiQueryKey(ref), queryFn: () => getProjectAi(ref), staleTime: 60_000 })
