import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { logQueryResultSchema, logRecentQuerySchema, logSettingsSchema, type LogQueryBody } from '@basalt/contracts'
import { z } from 'zod'
import { api } from '../../../lib/api-client'

const logsPath = (ref: string, path: string) =>
  `/api/platform/projects/${encodeURIComponent(ref)}/analytics/logs${path}`
export const logsKey = (ref: string) => ['logs', ref] as const

/** POST …/analytics/logs/query: a log query over the project's logs of a time range. */
export const runLogQuery = (ref: string, body: LogQueryBody, signal?: AbortSignal) =>
  api(logsPath(ref, '/query'), { method: 'POST', body, schema: logQueryResultSchema, signal })

/** The explorer's query: its key holds the SQL and the range, so that a run is one fetch. */
export const useLogQuery = (ref: string, body: LogQueryBody | null, refetchMs: number | false = false) => {
  const client = useQueryClient()
  return useQuery({
    queryKey: [...logsKey(ref), 'query', body],
    queryFn: async ({ signal }) => {
      const result = await runLogQuery(ref, body!, signal)
      if (body!.remember !== false) void client.invalidateQueries({ queryKey: [...logsKey(ref), 'recent'] })
      return result
    },
    enabled: body !== null,
    retry: false,
    refetchInterval: refetchMs,
    placeholderData: (previous) => previous,
  })
}

/** GET …/analytics/logs/recent: the member's recent log queries, newest first. */
export const useRecentLogQueries = (ref: string) =>
  useQuery({
    queryKey: [...logsKey(ref), 'recent'],
    queryFn: ({ signal }) => api(logsPath(ref, '/recent'), { schema: z.array(logRecentQuerySchema), signal }),
  })

/** GET …/analytics/logs/settings: whether the project's Postgres logs are collected, and the retention. */
export const useLogSettings = (ref: string) =>
  useQuery({
    queryKey: [...logsKey(ref), 'settings'],
    queryFn: ({ signal }) => api(logsPath(ref, '/settings'), { schema: logSettingsSchema, signal }),
    staleTime: 60_000,
  })

export const useRunLogQuery = (ref: string) =>
  useMutation({ mutationFn: (body: LogQueryBody) => runLogQuery(ref, body) })
