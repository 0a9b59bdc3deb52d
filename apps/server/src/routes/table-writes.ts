import {
  type ApiError,
  fail,
  type Impersonation,
  type Result,
  tableDeleteBodySchema,
  tableInsertBodySchema,
  tableUpdateBodySchema,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import { ImpersonationError, withRole } from '../db/impersonation.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import type { PlatformContext } from '../platform/context.ts'
import { parseConnectionId, projectPool } from '../platform/projects.ts'
import { deleteRows, insertRows, updateRow } from '../pg-meta/table-writes.ts'
import { refParams, type App } from './types.ts'

// Spec 1 §6: writing table data needs write permission on SQL admin.
const write = { permission: 'tenant_sql:write', scope: 'project' } as const

/** Carries a failure Result out of withRole, so that the transaction rolls back instead of committing. */
class FailedWrite extends Error {
  constructor(readonly error: ApiError) {
    super(error.message)
  }
}

/**
 * Runs fn on the route's project database in one transaction, as the impersonated role when one is given.
 * The transaction commits only when fn succeeds: a failure rolls back everything fn did. A project that is
 * not running, an unknown user to impersonate, or an unreachable database are failures, not crashes.
 */
async function writeOnProject<T>(
  ctx: PlatformContext,
  req: FastifyRequest,
  impersonation: Impersonation | undefined,
  fn: (client: pg.ClientBase) => Promise<Result<T>>,
): Promise<Result<T>> {
  const { ref } = req.params as { ref: string }
  const connection = parseConnectionId(ctx, ref, req.headers['x-connection-encrypted'] as string | undefined)
  if (!connection.ok) return connection
  const pool = projectPool(ctx, req.projectAccess!.project)
  if (!pool.ok) return pool
  try {
    return await withRole(pool.data, impersonation, async (client) => {
      const result = await fn(client)
      if (!result.ok) throw new FailedWrite(result.error)
      return result
    })
  } catch (err) {
    if (err instanceof FailedWrite) return { ok: false, error: err.error }
    if (err instanceof ImpersonationError) return fail('bad_request', err.message)
    if (isPgError(err)) return { ok: false, error: toApiError(err) }
    const code = (err as NodeJS.ErrnoException).code
    if (typeof code === 'string' && code.startsWith('E'))
      return fail('connection_failed', `Could not reach the project database (${code})`)
    throw err
  }
}

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
