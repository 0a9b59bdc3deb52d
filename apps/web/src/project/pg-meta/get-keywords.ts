import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgKeywordSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const keywordsQueryKey = (ref: string) => [...pgMetaKey(ref), 'keywords'] as const

/** GET …/keywords: the SQL key words of the project's Postgres version. */
export const getKeywords = (ref: string) => api(pgMetaPath(ref, 'keywords'), { schema: z.array(pgKeywordSchema) })

export const keywordsQueryOptions = (ref: string) => ({
  queryKey: keywordsQueryKey(ref),
  queryFn: () => getKeywords(ref),
  // Key words change only with the server's major version.
  staleTime: Infinity,
})

export const useKeywords = (ref: string) => useQuery(keywordsQueryOptions(ref))
