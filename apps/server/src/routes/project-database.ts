import { fail, type ApiError, type Impersonation, type Result } from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import { ImpersonationError, withRole, type SharedSnapshot } from '../db/impersonation.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { relationCacheOf, type RelationCache } from '../pg-meta/relation-lookup.ts'
import type { PlatformContext } from '../platform/context.ts'
import { parseConnectionId, projectPool } from '../platform/projects.ts'

/** Carries a failure Result out of withRole, so that the transaction rolls back instead of committing. */
class FailedCall extends Error {
  constructor(readonly error: ApiError) {
    super(error.message)
  }
}

export interface ProjectCallOptions {
  /**
   * Reads run in a read-only transaction, or in none as the admin connection (then with the project's
   * relation cache: see fetchTableRows). Writes run in one transaction that commits only when fn succeeds.
   */
  readOnly: boolean
  /** Run in a repeatable-read transaction whose snapshot a second connection can share (see withRole). */
  shareSnapshot?: boolean
}

/**
 * Runs fn on the route's project database (the primary, or what x-connection-encrypted chooses), as the
 * impersonated role when one is given. A project that is not running, an unknown user to impersonate, a
 * Postgres error or an unreachable database are failures, not crashes.
 */
export async function onProject<T>(
  ctx: PlatformContext,
  req: FastifyRequest,
  impersonation: Impersonation | undefined,
  fn: (
    client: pg.ClientBase,
    relations: RelationCache | undefined,
    snapshot: SharedSnapshot | undefined,
  ) => Promise<Result<T>>,
  { readOnly, shareSnapshot = false }: ProjectCallOptions,
): Promise<Result<T>> {
  const { ref } = req.params as { ref: string }
  const connection = parseConnectionId(ctx, ref, req.headers['x-connection-encrypted'] as string | undefined)
  if (!connection.ok) return connection
  const pool = projectPool(ctx, req.projectAccess!.project)
  if (!pool.ok) return pool
  // Cached relations are checked by the statement that uses them, which is only done outside a
  // transaction (a failed statement would abort it): reads as the admin connection.
  const relations = readOnly && !impersonation && !shareSnapshot ? relationCacheOf(pool.data) : undefined
  try {
    return await withRole(
      pool.data,
      impersonation,
      async (client, snapshot) => {
        const result = await fn(client, relations, snapshot)
        if (!result.ok && !readOnly) throw new FailedCall(result.error)
        return result
      },
      { readOnly, shareSnapshot },
    )
  } catch (err) {
    if (err instanceof FailedCall) return { ok: false, error: err.error }
    if (err instanceof ImpersonationError) return fail('bad_request', err.message)
    if (isPgError(err)) return { ok: false, error: toApiError(err) }
    return unreachable(err)
  }
}

/** A socket error (ECONNREFUSED, ETIMEDOUT…) reaching the project database as a failure; anything else throws. */
export function unreachable(err: unknown): Result<never> {
  const code = (err as NodeJS.ErrnoException).code
  if (typeof code === 'string' && code.startsWith('E'))
    return fail('connection_failed', `Could not reach the project database (${code})`)
  throw err
}
