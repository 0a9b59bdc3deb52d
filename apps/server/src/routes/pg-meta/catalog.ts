import {
  entitiesQuerySchema,
  foreignKeysQuerySchema,
  relationsQuerySchema,
  type Result,
  schemaFilterQuerySchema,
  schemasQuerySchema,
  tableDefinitionQuerySchema,
  tablesQuerySchema,
  type SchemaFilterQuery,
} from '@basalt/contracts'
import type { SchemaFilter } from '../../pg-meta/catalog.ts'
import { listEntities } from '../../pg-meta/entities.ts'
import { listForeignKeys } from '../../pg-meta/foreign-keys.ts'
import { listFunctions } from '../../pg-meta/functions.ts'
import { getForeignTable, listForeignTables } from '../../pg-meta/foreign-tables.ts'
import { listKeywords } from '../../pg-meta/keywords.ts'
import { getMaterializedView, listMaterializedViews } from '../../pg-meta/materialized-views.ts'
import { basaltRolesOf, listRoles } from '../../pg-meta/roles.ts'
import { listSchemas } from '../../pg-meta/schemas.ts'
import { getTableDefinition } from '../../pg-meta/table-definition.ts'
import { listTableColumns } from '../../pg-meta/table-columns.ts'
import { getTable, listTables } from '../../pg-meta/tables.ts'
import { listTypes } from '../../pg-meta/types.ts'
import { getView, listViews } from '../../pg-meta/views.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read } from './access.ts'

const schemaFilter = (q: SchemaFilterQuery): SchemaFilter => ({
  includedSchemas: q.included_schemas,
  excludedSchemas: q.excluded_schemas,
  includeSystemSchemas: q.include_system_schemas,
})

/**
 * Catalog reads for the table editor and the SQL editor's autocomplete (spec 1 §7, spec 2 §7): schemas, entities,
 * tables, views, keys, roles, types, functions, key words.
 */
export function catalogRoutes(app: App): void {
  app.get(
    `${PG_META}/schemas`,
    { config: read, schema: { params: refParams, querystring: schemasQuerySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.catalog((c) => listSchemas(c, { includeSystemSchemas: req.query.include_system_schemas })),
      ),
  )

  app.get(
    `${PG_META}/entities`,
    { config: read, schema: { params: refParams, querystring: entitiesQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listEntities(c, req.query))),
  )

  app.get(
    `${PG_META}/tables`,
    { config: read, schema: { params: refParams, querystring: tablesQuerySchema } },
    async (req, reply) => {
      const q = req.query
      return reply.result(
        await req.project.catalog((c): Promise<Result<unknown>> =>
          q.id !== undefined
            ? getTable(c, q.id)
            : listTables(c, {
                ...schemaFilter(q),
                includeColumns: q.include_columns,
                limit: q.limit,
                offset: q.offset,
              }),
        ),
      )
    },
  )

  // Views, materialized views and foreign tables: one by id, or a listing.
  const relations = [
    ['views', getView, listViews],
    ['materialized-views', getMaterializedView, listMaterializedViews],
    ['foreign-tables', getForeignTable, listForeignTables],
  ] as const
  for (const [path, getOne, list] of relations) {
    app.get(
      `${PG_META}/${path}`,
      { config: read, schema: { params: refParams, querystring: relationsQuerySchema } },
      async (req, reply) => {
        const q = req.query
        return reply.result(
          await req.project.catalog((c): Promise<Result<unknown>> =>
            q.id !== undefined ? getOne(c, q.id) : list(c, { ...schemaFilter(q), includeColumns: q.include_columns }),
          ),
        )
      },
    )
  }

  app.get(
    `${PG_META}/foreign-keys`,
    { config: read, schema: { params: refParams, querystring: foreignKeysQuerySchema } },
    async (req, reply) =>
      reply.result(await req.project.catalog((c) => listForeignKeys(c, { schema: req.query.schema }))),
  )

  app.get(`${PG_META}/roles`, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listRoles(c, basaltRolesOf(req.projectAccess!.project)))),
  )

  app.get(
    `${PG_META}/types`,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listTypes(c, schemaFilter(req.query)))),
  )

  app.get(
    `${PG_META}/functions`,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listFunctions(c, schemaFilter(req.query)))),
  )

  app.get(
    `${PG_META}/table-columns`,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listTableColumns(c, schemaFilter(req.query)))),
  )

  app.get(`${PG_META}/keywords`, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listKeywords(c))),
  )

  app.get(
    `${PG_META}/table-definition`,
    { config: read, schema: { params: refParams, querystring: tableDefinitionQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => getTableDefinition(c, req.query.id))),
  )
}
