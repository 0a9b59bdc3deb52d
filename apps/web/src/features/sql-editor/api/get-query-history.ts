import { useInfiniteQuery } from '@tanstack/react-query'
import { sqlHistorySchema, type SqlHistoryEntry } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** Runs a page of the history shows. */
export const HISTORY_PAGE_SIZE = 50

// Under the pg-meta keys: every run invalidates them (run-query), so an open history shows the new run.
export const queryHistoryKey = (ref: string, search: string) => [...pgMetaKey(ref), 'query-history', search] as const

/** GET …/query/history?search=&before=&limit=: the member's runs in the project, newest first. */
export const getQueryHistory = (ref: string, search: string, before: string | undefined, signal?: AbortSignal) =>
  api(pgMetaPath(ref, 'query/history', { search: search || undefined, before, limit: HISTORY_PAGE_SIZE }), {
    schema: sqlHistorySchema,
    signal,
  })

/**
 * The history, a page at a time ('Load more' asks for the runs before the last one shown). A page may hold
 * fewer runs than asked for when their text is long: the server says whether more remain.
 */
export const useQueryHistory = (ref: string, search: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryHistoryKey(ref, search),
    queryFn: ({ pageParam, signal }) => getQueryHistory(ref, search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { runs: SqlHistoryEntry[]; more: boolean }) =>
      last.more ? last.runs[last.runs.length - 1]?.id : undefined,
    enabled,
  })
