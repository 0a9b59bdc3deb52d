import {
  authUsersQuerySchema,
  entitiesQuerySchema,
  foreignKeysQuerySchema,
  type Impersonation,
  type Result,
  relationsQuerySchema,
  schemasQuerySchema,
  schemaFilterQuerySchema,
  tableCellBodySchema,
  tableCountBodySchema,
  tableDefinitionQuerySchema,
  tableRowsBodySchema,
  tablesQuerySchema,
  type SchemaFilterQuery,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import type { PlatformContext } from '../platform/context.ts'
import { searchAuthUsers } from '../pg-meta/auth-users.ts'
import type { SchemaFilter } from '../pg-meta/catalog.ts'
import { listEntities } from '../pg-meta/entities.ts'
import { listForeignKeys } from '../pg-meta/foreign-keys.ts'
import { getForeignTable, listForeignTables } from '../pg-meta/foreign-tables.ts'
import { getMaterializedView, listMaterializedViews } from '../pg-meta/materialized-views.ts'
import type { RelationCache } from '../pg-meta/relation-lookup.ts'
import { listRoles } from '../pg-meta/roles.ts'
import { listSchemas } from '../pg-meta/schemas.ts'
import { countTableRows } from '../pg-meta/table-count.ts'
import { getTableDefinition } from '../pg-meta/table-definition.ts'
import { fetchCell, fetchTableRows } from '../pg-meta/table-rows.ts'
import { getTable, listTables } from '../pg-meta/tables.ts'
import { listTypes } from '../pg-meta/types.ts'
import { getView, listViews } from '../pg-meta/views.ts'
import { onProject } from './project-database.ts'
import { refParams, type App } from './types.ts'

const read = { permission: 'tenant_sql:read', scope: 'project' } as const
const authRead = { permission: 'auth:read', scope: 'project' } as const

const schemaFilter = (q: SchemaFilterQuery): SchemaFilter => ({
  includedSchemas: q.included_schemas,
  excludedSchemas: q.excluded_schemas,
  includeSystemSchemas: q.include_system_schemas,
})

/** A read on the route's project database (see onProject). */
const readProject = <T>(
  ctx: PlatformContext,
  req: FastifyRequest,
  impersonation: Impersonation | undefined,
  fn: (client: pg.ClientBase, relations: RelationCache | undefined) => Promise<Result<T>>,
): Promise<Result<T>> => onProject(ctx, req, impersonation, fn, { readOnly: true })

/** Catalog reads and table data for the table editor (spec 1 §7, spec 2 §7). */
export function pgMetaRoutes(app: App, ctx: PlatformContext): void {
  const base = '/api/platform/pg-meta/:ref'

  app.get(
    `${base}/schemas`,
    { config: read, schema: { params: refParams, querystring: schemasQuerySchema } },
    async (req, reply) =>
      reply.result(
        await readProject(ctx, req, undefined, (c) =>
          listSchemas(c, { includeSystemSchemas: req.query.include_system_schemas }),
        ),
      ),
  )

  app.get(
    `${base}/entities`,
    { config: read, schema: { params: refParams, querystring: entitiesQuerySchema } },
    async (req, reply) => reply.result(await readProject(ctx, req, undefined, (c) => listEntities(c, req.query))),
  )

  app.get(
    `${base}/tables`,
    { config: read, schema: { params: refParams, querystring: tablesQuerySchema } },
    async (req, reply) => {
      const q = req.query
      return reply.result(
        await readProject(ctx, req, undefined, (c): Promise<Result<unknown>> =>
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
      `${base}/${path}`,
      { config: read, schema: { params: refParams, querystring: relationsQuerySchema } },
      async (req, reply) => {
        const q = req.query
        return reply.result(
          await readProject(ctx, req, undefined, (c): Promise<Result<unknown>> =>
            q.id !== undefined ? getOne(c, q.id) : list(c, { ...schemaFilter(q), includeColumns: q.include_columns }),
          ),
        )
      },
    )
  }

  app.get(
    `${base}/foreign-keys`,
    { config: read, schema: { params: refParams, querystring: foreignKeysQuerySchema } },
    async (req, reply) =>
      reply.result(await readProject(ctx, req, undefined, (c) => listForeignKeys(c, { schema: req.query.schema }))),
  )

  app.get(`${base}/roles`, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await readProject(ctx, req, undefined, (c) => listRoles(c))),
  )

  app.get(
    `${base}/types`,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) =>
      reply.result(await readProject(ctx, req, undefined, (c) => listTypes(c, schemaFilter(req.query)))),
  )

  app.get(
    `${base}/table-definition`,
    { config: read, schema: { params: refParams, querystring: tableDefinitionQuerySchema } },
    async (req, reply) =>
      reply.result(await readProject(ctx, req, undefined, (c) => getTableDefinition(c, req.query.id))),
  )

  // Data reads carry the impersonated role in the body, so they are POSTs (with the CSRF header).
  app.post(
    `${base}/table-rows`,
    { config: read, schema: { params: refParams, body: tableRowsBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(
        await readProject(ctx, req, impersonation, (c, relations) => fetchTableRows(c, params, relations)),
      )
    },
  )

  app.post(
    `${base}/table-count`,
    { config: read, schema: { params: refParams, body: tableCountBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await readProject(ctx, req, impersonation, (c) => countTableRows(c, params)))
    },
  )

  app.post(
    `${base}/table-cell`,
    { config: read, schema: { params: refParams, body: tableCellBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await readProject(ctx, req, impersonation, (c) => fetchCell(c, params)))
    },
  )

  app.get(
    '/api/platform/auth/:ref/users',
    { config: authRead, schema: { params: refParams, querystring: authUsersQuerySchema } },
    async (req, reply) => reply.result(await readProject(ctx, req, undefined, (c) => searchAuthUsers(c, req.query))),
  )
}
