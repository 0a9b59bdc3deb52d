import {
  ENTITY_PAGE_SIZE,
  ENTITY_TYPES,
  type EntitiesPage,
  type EntityListItem,
  type EntitySort,
  ok,
  type Result,
} from '@basalt/contracts'
import type pg from 'pg'
import { RELATION_IS_VISIBLE, runSql, toNumber } from './catalog.ts'

/**
 * The table editor's entity list (spec 2 §3): tables, views, materialized views, foreign tables and
 * partitioned tables of one schema, searched and sorted, a page at a time.
 */

interface EntityRow {
  id: string
  schema: string
  name: string
  relkind: keyof typeof ENTITY_TYPES
  comment: string | null
  rls_enabled: boolean
}

interface EntitiesPageRow {
  total: string
  entities: EntityRow[]
}

// $1 schema, $2 search (trimmed; '' for all), $3 sort, $4 limit, $5 offset.
// Search is a case-insensitive substring test with strpos, so '%' and '_' in it are plain characters.
// 'grouped-alphabetical' orders by entity type first (tables, partitioned tables, views, materialized
// views, foreign tables); names compare case-insensitively, then as stored so the order is total.
const ENTITIES_SQL = `
with matched as (
  select
    c.oid::int8 as id,
    n.nspname as schema,
    c.relname as name,
    c.relkind,
    obj_description(c.oid, 'pg_class') as comment,
    c.relrowsecurity as rls_enabled,
    case when $3::text = 'grouped-alphabetical'
      then array_position(array['r', 'p', 'v', 'm', 'f'], c.relkind::text) else 0 end as type_rank
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1::text
    and c.relkind in ('r', 'v', 'm', 'f', 'p')
    and ($2::text = '' or strpos(lower(c.relname), lower($2::text)) > 0)
    and ${RELATION_IS_VISIBLE}
),
page as (
  select *, row_number() over (order by type_rank, lower(name), name, id) as position
    from matched
   order by position
   limit $4 offset $5
)
select
  (select count(*) from matched) as total,
  coalesce(
    (select json_agg(json_build_object(
       'id', id, 'schema', schema, 'name', name, 'relkind', relkind, 'comment', comment, 'rls_enabled', rls_enabled
     ) order by position) from page),
    '[]'
  ) as entities
`

export function toEntity(row: EntityRow): EntityListItem {
  return {
    id: toNumber(row.id),
    schema: row.schema,
    name: row.name,
    type: ENTITY_TYPES[row.relkind],
    comment: row.comment,
    rls_enabled: row.rls_enabled,
  }
}

export interface ListEntitiesParams {
  schema: string
  search?: string | undefined
  sort?: EntitySort | undefined
  /** 1-based. */
  page?: number | undefined
  limit?: number | undefined
}

/** One page of the entity list of a schema, with the total number of matching entities. */
export async function listEntities(client: pg.ClientBase, params: ListEntitiesParams): Promise<Result<EntitiesPage>> {
  const page = params.page ?? 1
  const limit = params.limit ?? ENTITY_PAGE_SIZE
  const offset = (page - 1) * limit
  const rows = await runSql<EntitiesPageRow>(client, ENTITIES_SQL, [
    params.schema,
    (params.search ?? '').trim(),
    params.sort ?? 'alphabetical',
    limit,
    offset,
  ])
  if (!rows.ok) return rows
  const [row] = rows.data
  const total = toNumber(row?.total ?? 0)
  const entities = (row?.entities ?? []).map(toEntity)
  return ok({ entities, page, total, hasMore: offset + entities.length < total })
}
