import {
  addColumnBodySchema,
  columnIdQuerySchema,
  createTablePayloadSchema,
  deleteColumnQuerySchema,
  deleteTableQuerySchema,
  tableIdQuerySchema,
  updateColumnPayloadSchema,
  updateTablePayloadSchema,
  type Result,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import type { PlatformContext } from '../platform/context.ts'
import { projectPool } from '../platform/projects.ts'
import {
  addColumn,
  createTable,
  deleteColumn,
  deleteTable,
  inTransaction,
  updateColumn,
  updateTable,
} from '../pg-meta/table-ddl.ts'
import { unreachable } from './project-database.ts'
import { refParams, type App } from './types.ts'

/** Spec 1 §6: changing tables and columns needs write permission on SQL admin. */
const write = { permission: 'tenant_sql:write', scope: 'project' } as const

/**
 * Runs a schema change on the route's project database as the admin connection, in one transaction (schema
 * changes go to the primary, whatever x-connection-encrypted chooses for reads). An unreachable database is
 * a failure, not a crash.
 */
async function onPrimary<T>(
  ctx: PlatformContext,
  req: FastifyRequest,
  fn: (client: pg.ClientBase) => Promise<Result<T>>,
): Promise<Result<T>> {
  const pool = projectPool(ctx, req.projectAccess!.project)
  if (!pool.ok) return pool
  try {
    return await inTransaction(pool.data, fn)
  } catch (err) {
    return unreachable(err)
  }
}

/** Create, update and drop tables and columns (spec 2 §3, §7: POST/PATCH/DELETE …/tables and …/columns). */
export function tableDdlRoutes(app: App, ctx: PlatformContext): void {
  const base = '/api/platform/pg-meta/:ref'

  app.post(
    `${base}/tables`,
    { config: write, schema: { params: refParams, body: createTablePayloadSchema } },
    async (req, reply) => reply.result(await onPrimary(ctx, req, (c) => createTable(c, req.body)), 201),
  )

  app.patch(
    `${base}/tables`,
    { config: write, schema: { params: refParams, querystring: tableIdQuerySchema, body: updateTablePayloadSchema } },
    async (req, reply) => reply.result(await onPrimary(ctx, req, (c) => updateTable(c, req.query.id, req.body))),
  )

  app.delete(
    `${base}/tables`,
    { config: write, schema: { params: refParams, querystring: deleteTableQuerySchema } },
    async (req, reply) =>
      reply.result(await onPrimary(ctx, req, (c) => deleteTable(c, req.query.id, req.query.cascade))),
  )

  app.post(
    `${base}/columns`,
    { config: write, schema: { params: refParams, body: addColumnBodySchema } },
    async (req, reply) => reply.result(await onPrimary(ctx, req, (c) => addColumn(c, req.body)), 201),
  )

  app.patch(
    `${base}/columns`,
    {
      config: write,
      schema: { params: refParams, querystring: columnIdQuerySchema, body: updateColumnPayloadSchema },
    },
    async (req, reply) => reply.result(await onPrimary(ctx, req, (c) => updateColumn(c, req.query.id, req.body))),
  )

  app.delete(
    `${base}/columns`,
    { config: write, schema: { params: refParams, querystring: deleteColumnQuerySchema } },
    async (req, reply) =>
      reply.result(await onPrimary(ctx, req, (c) => deleteColumn(c, req.query.id, req.query.cascade))),
  )
}
