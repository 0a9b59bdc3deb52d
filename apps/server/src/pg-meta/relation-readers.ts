import { fail, ok, type PgColumn, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql, schemaFilterValues, type SchemaFilter } from './catalog.ts'
import { attachColumns } from './columns.ts'

export interface ListRelationsParams extends SchemaFilter {
  includeColumns?: boolean | undefined
}

/**
 * The listing and the get-by-id of one kind of relation (views, materialized views, foreign tables), from
 * its catalog query. The query takes $1 one oid (or null) and $2..$4 the schema filter.
 *
 * @example
 *   const views = relationReaders(VIEWS_SQL, toView, 'View')
 *   await views.get(client, 16384) // { ok: true, data: { id: 16384, …, columns: [...] } }
 */
export function relationReaders<R extends pg.QueryResultRow, T extends { id: number }>(
  sql: string,
  toRelation: (row: R) => T,
  label: string,
) {
  return {
    /** The relations the role can see, ordered by schema and name. */
    async list(
      client: pg.ClientBase,
      params: ListRelationsParams = {},
    ): Promise<Result<(T & { columns?: PgColumn[] })[]>> {
      const rows = await runSql<R>(client, sql, [null, ...schemaFilterValues(params)])
      if (!rows.ok) return rows
      return attachColumns(client, rows.data.map(toRelation), params.includeColumns ?? false)
    },
    /** One relation by its pg_class oid, with its columns; `not_found` when absent or not visible. */
    async get(client: pg.ClientBase, id: number): Promise<Result<T & { columns?: PgColumn[] }>> {
      const rows = await runSql<R>(client, sql, [id, null, null, true])
      if (!rows.ok) return rows
      const withColumns = await attachColumns(client, rows.data.map(toRelation), true)
      if (!withColumns.ok) return withColumns
      const [relation] = withColumns.data
      return relation ? ok(relation) : fail('not_found', `${label} ${id} not found`)
    },
  }
}
