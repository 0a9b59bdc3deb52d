import type { QueryClient } from '@tanstack/react-query'

/** `/api/platform/pg-meta/{ref}/{call}` with an optional query. */
export function pgMetaPath(ref: string, call: string, query?: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return `/api/platform/pg-meta/${encodeURIComponent(ref)}/${call}${search ? `?${search}` : ''}`
}

/**
 * The root of every query key of what a project's database holds — its catalog (schemas, entities, tables,
 * columns, keys, roles, types), the auth users, and the rows the areas read through pg-meta — whichever area
 * reads it.
 */
export const pgMetaKey = (ref: string) => ['pg-meta', ref] as const

/**
 * After a change to the database's structure (DDL), from any area: every area's view of the project's
 * database is read again, since a table changed in one is shown in others (the table editor's grid, the
 * SQL editor's schema, …) and a rename or drop reaches its rows, counts and keys.
 */
export const invalidatePgMeta = (queryClient: QueryClient, ref: string) =>
  queryClient.invalidateQueries({ queryKey: pgMetaKey(ref) })
