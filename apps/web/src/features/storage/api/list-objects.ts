import { useInfiniteQuery } from '@tanstack/react-query'
import { objectPageSchema, OBJECTS_PAGE_SIZE, searchPageSchema, type ObjectSortColumn } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { objectsKey, objectsPath } from './storage-path'

/** The explorer's prefixes end with '/' (`a/b/`); the API names a folder without it (`a/b`, '' the root). */
const folderParam = (prefix: string) => prefix.replace(/\/+$/, '')

export interface ListOptions {
  sortBy: ObjectSortColumn
  order: 'asc' | 'desc'
}

/** GET …/objects?prefix=&cursor=&limit=200&sortBy=&order=: one keyset page of a folder's direct children. */
export const listObjects = (
  ref: string,
  bucketId: string,
  prefix: string,
  options: ListOptions,
  cursor?: string,
  signal?: AbortSignal,
) =>
  api(
    objectsPath(ref, bucketId, undefined, {
      prefix: folderParam(prefix),
      limit: String(OBJECTS_PAGE_SIZE),
      sortBy: options.sortBy,
      order: options.order,
      ...(cursor ? { cursor } : {}),
    }),
    { schema: objectPageSchema, signal },
  )

export const folderKey = (ref: string, bucketId: string, prefix: string, options: ListOptions) =>
  [...objectsKey(ref, bucketId), 'list', prefix, options.sortBy, options.order] as const

/** A folder's items, 200 a page; `fetchNextPage` reads the next keyset page (more on scroll). */
export const useFolder = (ref: string, bucketId: string, prefix: string, options: ListOptions, enabled = true) =>
  useInfiniteQuery({
    queryKey: folderKey(ref, bucketId, prefix, options),
    queryFn: ({ pageParam, signal }) => listObjects(ref, bucketId, prefix, options, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  })

/** GET …/objects/search?q=&prefix=&cursor=: files whose path contains q anywhere under the folder. */
export const searchObjects = (
  ref: string,
  bucketId: string,
  q: string,
  prefix: string,
  cursor?: string,
  signal?: AbortSignal,
) =>
  api(
    objectsPath(ref, bucketId, 'search', {
      q,
      prefix: folderParam(prefix),
      limit: String(OBJECTS_PAGE_SIZE),
      ...(cursor ? { cursor } : {}),
    }),
    { schema: searchPageSchema, signal },
  )

export const useSearch = (ref: string, bucketId: string, q: string, prefix: string) =>
  useInfiniteQuery({
    queryKey: [...objectsKey(ref, bucketId), 'search', prefix, q] as const,
    queryFn: ({ pageParam, signal }) => searchObjects(ref, bucketId, q, prefix, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: q !== '',
  })
