import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { EntitiesPage, EntityType, PgColumn, PgRelationship } from '@basalt/contracts'
import { ApiError, isApiError } from '../../../lib/api-client'
import { entitiesQueryKey } from '../../../project/pg-meta/get-entities'
import { getForeignTable } from '../../../project/pg-meta/get-foreign-table'
import { getMaterializedView } from '../../../project/pg-meta/get-materialized-view'
import { getTable } from '../../../project/pg-meta/get-table'
import { getView } from '../../../project/pg-meta/get-view'
import { pgMetaKey } from '../../../project/pg-meta/pg-meta-path'

/** What the grid needs of any entity it opens, whatever its kind. */
export interface GridTable {
  id: number
  schema: string
  name: string
  type: EntityType
  comment: string | null
  columns: PgColumn[]
  /** Primary key column names (none for views, materialized views and foreign tables). */
  primaryKeys: string[]
  relationships: PgRelationship[]
}

type Kind = 'table' | 'view' | 'materialized view' | 'foreign table'

const LOADERS: Record<Kind, (ref: string, id: number) => Promise<GridTable>> = {
  table: async (ref, id) => {
    const t = await getTable(ref, id)
    return {
      id: t.id,
      schema: t.schema,
      name: t.name,
      type: t.is_partitioned ? 'partitioned table' : 'table',
      comment: t.comment,
      columns: t.columns ?? [],
      primaryKeys: t.primary_keys.map((k) => k.name),
      relationships: t.relationships,
    }
  },
  view: async (ref, id) => {
    const v = await getView(ref, id)
    return { ...common(v), type: 'view' }
  },
  'materialized view': async (ref, id) => {
    const v = await getMaterializedView(ref, id)
    return { ...common(v), type: 'materialized view' }
  },
  'foreign table': async (ref, id) => {
    const v = await getForeignTable(ref, id)
    return { ...common(v), type: 'foreign table' }
  },
}

function common(v: { id: number; schema: string; name: string; comment: string | null; columns?: PgColumn[] }) {
  return {
    id: v.id,
    schema: v.schema,
    name: v.name,
    comment: v.comment,
    columns: v.columns ?? [],
    primaryKeys: [],
    relationships: [],
  }
}

const ORDER: Kind[] = ['table', 'view', 'materialized view', 'foreign table']
const kindOf = (type: EntityType): Kind => (type === 'partitioned table' ? 'table' : type)

/**
 * One entity by oid. The entity list already loaded says its kind; a link opened directly (e.g. the
 * foreign-key button) does not, so the kinds are tried in turn, moving on when one answers 404.
 */
export async function getGridTable(ref: string, id: number, typeHint?: EntityType): Promise<GridTable> {
  const order = typeHint ? [kindOf(typeHint), ...ORDER.filter((k) => k !== kindOf(typeHint))] : ORDER
  for (const kind of order) {
    try {
      return await LOADERS[kind](ref, id)
    } catch (error) {
      if (isApiError(error) && error.status === 404) continue
      throw error
    }
  }
  throw new ApiError('not_found', `Table ${id} not found`, 404)
}

/** The entity's type as a loaded page of the entity list has it, if any. */
export function entityTypeFromCache(queryClient: QueryClient, ref: string, id: number): EntityType | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<EntitiesPage>>({ queryKey: entitiesQueryKey(ref) })) {
    for (const page of data?.pages ?? []) {
      const found = page.entities.find((e) => e.id === id)
      if (found) return found.type
    }
  }
  return undefined
}

export const gridTableQueryKey = (ref: string, id: number) => [...pgMetaKey(ref), 'grid-table', id] as const

export function useGridTable(ref: string, id: number) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: gridTableQueryKey(ref, id),
    queryFn: () => getGridTable(ref, id, entityTypeFromCache(queryClient, ref, id)),
  })
}
