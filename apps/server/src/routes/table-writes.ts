import {
  type Impersonation,
  type Result,
  tableDeleteBodySchema,
  tableInsertBodySchema,
  tableUpdateBodySchema,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import type { PlatformContext } from '../platform/context.ts'
import { deleteRows, insertRows, updateRow } from '../pg-meta/table-writes.ts'
import { onProject } from './project-database.ts'
import { refParams, type App } from './types.ts'

// Spec 1 §6: writing table data needs write permission on SQL admin.
const write = { permission: 'tenant_sql:write', scope: 'project' } as const

/** A write on the route's project database, in one transaction that rolls back on failure (see onProject). */
const writeOnProject = <T>(
  ctx: PlatformContext,
  req: FastifyRequest,
  impersonation: Impersonation | undefined,
  fn: (client: pg.ClientBase) => Promise<Result<T>>,
): Promise<Result<T>> => onProject(ctx, req, impersonation, (client) => fn(client), { readOnly: false })

/** The table editor's row writes (spec 1 §4, §5): insert rows, update a row, delete rows or all of them. */
export function tableWriteRoutes(app: App, ctx: PlatformContext): void {
  const base = '/api/platform/pg-meta/:ref/table-rows'

  app.post(
    `${base}/insert`,
    { config: write, schema: { params: refParams, body: tableInsertBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await writeOnProject(ctx, req, impersonation, (c) => insertRows(c, params)))
    },
  )

  app.post(
    `${base}/update`,
    { config: write, schema: { params: refParams, body: tableUpdateBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await writeOnProject(ctx, req, impersonation, (c) => updateRow(c, params)))
    },
  )

  app.post(
    `${base}/delete`,
    { config: write, schema: { params: refParams, body: tableDeleteBodySchema } },
    async (req, reply) => {
      const impersonation = req.body.impersonation
      return reply.result(
        await writeOnProject(ctx, req, impersonation, (c) =>
          deleteRows(c, req.body, { impersonating: impersonation !== undefined }),
        ),
      )
    },
  )
}
