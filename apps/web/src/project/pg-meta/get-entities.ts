import { useInfiniteQuery } from '@tanstack/react-query'
import { entitiesPageSchema, type EntitySort } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export interface EntitiesParams {
  schema: string
  /** Already trimmed. */
  search: string
  sort: EntitySort
}

export const entitiesQueryKey = (ref: string, params?: EntitiesParams) =>
  params ? ([...pgMetaKey(ref), 'entities', params] as const) : ([...pgMetaKey(ref), 'entities'] as const)

export const getEntities = (ref: string, params: EntitiesParams, page: number, signal?: AbortSignal) =>
  api(
    pgMetaPath(ref, 'entities', {
      schema: params.schema,
      search: params.search || undefined,
      sort: params.sort,
      page,
    }),
    { schema: entitiesPageSchema, signal },
  )

/** The entity list, 100 per page (spec 2 §9), with "load more". */
export const useEntities = (ref: string, params: EntitiesParams) =>
  useInfiniteQuery({
    queryKey: entitiesQueryKey(ref, params),
    queryFn: ({ pageParam, signal }) => getEntities(ref, params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })
