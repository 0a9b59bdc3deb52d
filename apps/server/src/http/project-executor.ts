import {
  fail,
  PROJECT_DATABASE_BUSY_MESSAGE,
  READ_REPLICA_WRITE_MESSAGE,
  SQL_READ_ONLY_IMPERSONATION_MESSAGE,
  type Result,
} from '@basalt/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type pg from 'pg'
import { isConnectionLoss, UNAVAILABLE_SQLSTATES } from './errors.ts'
import { relationCacheOf, type RelationCache } from '../pg-meta/relation-lookup.ts'
import type { PlatformContext } from '../platform/context.ts'
import { notReady, resolveDatabase, type ProjectAccess } from '../platform/projects.ts'
import { ResultTooLargeError } from '../db/row-guard.ts'
import { loginOf, projectPool, type ProjectLogin } from '../db/connections.ts'
import { ImpersonationError, withRole, type Impersonation, type SharedSnapshot } from '../db/impersonation.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { isPoolBusy } from '../db/pools.ts'
import { StatementCeiling } from '../db/statement-ceiling.ts'

/** SQLSTATE of a write in a read-only transaction (every transaction on a hot standby). */
const READ_ONLY_TRANSACTION = '25006'

/** statement_timeout of catalog reads: a listing that takes longer than this is a bug, not a wait. */
export const CATALOG_TIMEOUT_MS = 8_000

/**
 * Every call a project route makes on the project's database (`req.project`). Each call connects as the
 * caller's login — the project's read-only role for Read-only members, its admin role otherwise (never a
 * superuser) — to the database x-connection-encrypted chooses, with the project's statement_timeout, and
 * answers a Result: Postgres errors keep their details, a database that is restarting is a 503, and a
 * failed Result rolls its transaction back.
 */
export interface ProjectCalls {
  /** A catalog read, in a read-only transaction with an 8 s statement_timeout. */
  catalog<T>(fn: (client: pg.ClientBase) => Promise<Result<T>>): Promise<Result<T>>
  /**
   * A data read, as the impersonated role when one is given (then in a read-only transaction); otherwise
   * outside any transaction, with the project's relation cache (see fetchTableRows).
   */
  read<T>(
    impersonation: Impersonation | undefined,
    fn: (client: pg.ClientBase, relations: RelationCache | undefined) => Promise<Result<T>>,
  ): Promise<Result<T>>
  /** A data write, as the impersonated role when one is given, in one transaction committed only on success. */
  write<T>(
    impersonation: Impersonation | undefined,
    fn: (client: pg.ClientBase) => Promise<Result<T>>,
  ): Promise<Result<T>>
  /** A schema change on the primary, in one transaction committed only on success. */
  ddl<T>(fn: (client: pg.ClientBase) => Promise<Result<T>>): Promise<Result<T>>
  /**
   * A schema change only tried: on the primary as the admin connection, in one transaction that is always
   * rolled back, whatever fn answers (the policy editor's 'Test as a user').
   */
  trial<T>(fn: (client: pg.ClientBase) => Promise<Result<T>>): Promise<Result<T>>
  /**
   * A long read (CSV export) in a repeatable-read transaction whose snapshot a second connection can share,
   * so that a count beside it sees the same rows.
   */
  stream<T>(
    impersonation: Impersonation | undefined,
    fn: (client: pg.ClientBase, snapshot: SharedSnapshot | undefined) => Promise<Result<T>>,
  ): Promise<Result<T>>
  /**
   * A run of the SQL editor: the member's own SQL, on one connection of the caller's login held for the
   * whole run (see SqlSession). Read-only members run on the read-only login and may not impersonate (403).
   */
  sql<T>(impersonation: Impersonation | undefined, fn: (session: SqlSession) => Promise<Result<T>>): Promise<Result<T>>
}

/**
 * The connection of an SQL editor run. When impersonating, it starts inside a transaction as the impersonated
 * role, with its claims; otherwise outside any (the run opens its transaction when it needs one). fn may end
 * and open transactions as the member's SQL does (`commit`, `begin`);
 * whatever fn leaves behind — an open transaction, `set`, `set role`, temporary tables, prepared
 * statements, advisory locks — is rolled back and discarded before the connection returns to the pool.
 */
export interface SqlSession {
  client: pg.ClientBase
  /** The backend's pid: `pg_cancel_backend(pid)` from the same login cancels its running statement. */
  pid: number
  login: ProjectLogin
  /** Whether x-connection-encrypted chose a read replica (where every transaction is read-only). */
  replica: boolean
  /**
   * Whether the run is impersonating: the session then starts in the role's transaction, and must not run
   * anything outside a transaction, where no role is set.
   */
  impersonating: boolean
  /** Right after a transaction was opened (`begin`): switches it to the run's role and claims again. */
  reapplyRole(): Promise<void>
  /**
   * The project's statement timeout as a ceiling the member's SQL cannot lift: each statement runs under
   * `ceiling.watch`, which cancels it from Basalt's side once it runs past the timeout (db/statement-ceiling.ts).
   */
  ceiling: StatementCeiling
}

/**
 * Leaves an SQL editor connection as the pool handed it out. A connection whose reset failed is closed, so
 * that the pool drops it rather than hand out a session in an unknown state.
 */
async function resetSqlSession(client: pg.PoolClient): Promise<void> {
  try {
    if (client.getTransactionStatus() !== 'I') await client.query('rollback')
    await client.query('discard all')
  } catch {
    await (client as unknown as pg.Client).end().catch(() => {})
  }
}

/**
 * fn on the connection of an SQL editor run (see SqlSession), inside withRole's transaction; resets the
 * session afterwards, whatever fn did.
 */
async function runSqlSession<T>(
  client: pg.PoolClient,
  where: { login: ProjectLogin; replica: boolean; pool: pg.Pool; timeoutMs: number },
  impersonation: Impersonation | undefined,
  fn: (session: SqlSession) => Promise<Result<T>>,
): Promise<Result<T>> {
  // The role and claims withRole set are local to its transaction: read them back, to set them again in each
  // transaction the member's SQL opens after committing this one.
  const role = impersonation
    ? (
        await client.query<{ role: string; claims: string }>(
          "select current_setting('role') as role, current_setting('request.jwt.claims') as claims",
        )
      ).rows[0]!
    : undefined
  const known = (client as unknown as { processID: number | null }).processID
  const pid = known ?? (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  try {
    return await fn({
      client,
      pid,
      login: where.login,
      replica: where.replica,
      ceiling: new StatementCeiling(client, loginOfPool(where.pool), where.timeoutMs),
      impersonating: role !== undefined,
      reapplyRole: async () => {
        if (!role) return
        await client.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
          role.role,
          role.claims,
        ])
      },
    })
  } finally {
    await resetSqlSession(client)
  }
}

/** How a pool's connections log in: its options, with the password pg-pool keeps out of their enumeration. */
function loginOfPool(pool: pg.Pool): pg.ClientConfig {
  const options = (pool as unknown as { options: pg.ClientConfig }).options
  return { ...options, password: options.password }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The project executor of a project route (see ProjectCalls). */
    project: ProjectCalls
  }
}

/**
 * The failure of a call whose connection failed: a Basalt-run database is being restarted (503); an
 * attached one is unreachable (502). Socket errors, a connection that ended mid-call and a pool's connect
 * time-out all count. Anything else is thrown on.
 */
export function connectionFailure(access: ProjectAccess, err: unknown): Result<never> {
  // Every connection of the pool ran a call for as long as this one waited: the database is up, and busy.
  if (isPoolBusy(err)) return fail('database_busy', PROJECT_DATABASE_BUSY_MESSAGE)
  if (!isConnectionLoss(err)) throw err
  if (access.project.kind === 'embedded') {
    return fail('database_restarting', 'The project database is restarting. Try again in a moment.')
  }
  const { code, message } = err as { code?: string; message?: string }
  return fail('connection_failed', `Could not reach the project database (${code ?? message})`)
}

async function call<T>(access: ProjectAccess, run: () => Promise<Result<T>>, onReplica = false): Promise<Result<T>> {
  try {
    const result = await run()
    // A write on a read replica (spec 2 §6): the spec's note, with Postgres's details kept.
    if (!result.ok && onReplica && result.error.pg?.code === READ_ONLY_TRANSACTION) {
      return { ok: false, error: { ...result.error, code: 'bad_request', message: READ_REPLICA_WRITE_MESSAGE } }
    }
    return result
  } catch (err) {
    if (err instanceof ImpersonationError || err instanceof ResultTooLargeError) return fail('bad_request', err.message)
    if (isPgError(err) && onReplica && err.code === READ_ONLY_TRANSACTION) {
      return { ok: false, error: { ...toApiError(err), code: 'bad_request', message: READ_REPLICA_WRITE_MESSAGE } }
    }
    if (isPgError(err) && !UNAVAILABLE_SQLSTATES.has(err.code ?? '')) return { ok: false, error: toApiError(err) }
    return connectionFailure(access, err)
  }
}

function projectCalls(ctx: PlatformContext, req: FastifyRequest): ProjectCalls {
  const access = req.projectAccess
  if (!access) throw new Error(`${req.routeOptions.url} is not a project route`)
  /**
   * The pool of the call: the caller's login — except a Read-only member's impersonated read, which needs a
   * role that may SET ROLE to the API roles. The read-only role may not (so that SQL a Read-only member
   * runs can never become `service_role`); that read runs on the admin login, in a read-only transaction
   * Basalt opens, with SQL Basalt builds (no member's SQL text reaches it).
   */
  const checked = async (impersonatedRead = false): Promise<Result<{ pool: pg.Pool; replica: boolean }>> => {
    const refused = notReady(access.project)
    if (refused) return refused
    const chosen = await resolveDatabase(ctx, access, req.headers['x-connection-encrypted'] as string | undefined)
    if (!chosen.ok) return chosen
    const { database, replica } = chosen.data
    const login = impersonatedRead ? 'admin' : loginOf(access)
    return {
      ok: true,
      data: { pool: projectPool(ctx, access, database, login, replica), replica: replica !== undefined },
    }
  }
  const on = async <T>(fn: (pool: pg.Pool) => Promise<Result<T>>, impersonatedRead = false): Promise<Result<T>> => {
    const chosen = await checked(impersonatedRead)
    if (!chosen.ok) return chosen
    return call(access, () => fn(chosen.data.pool), chosen.data.replica)
  }
  // A Read-only member's impersonated read runs on the admin login: it may show no more than the read-only
  // login may read (an attached project's Read-only members use the project's one login, read-only).
  const readCeiling =
    loginOf(access) === 'read_only' && access.project.kind !== 'external'
      ? (access.project.readonly_role ?? undefined)
      : undefined
  return {
    catalog: (fn) =>
      on((pool) => withRole(pool, undefined, (c) => fn(c), { readOnly: true, timeoutMs: CATALOG_TIMEOUT_MS })),
    read: (impersonation, fn) =>
      on(
        (pool) =>
          withRole(pool, impersonation, (c) => fn(c, impersonation ? undefined : relationCacheOf(pool)), {
            readOnly: true,
            readCeiling,
          }),
        impersonation !== undefined,
      ),
    write: (impersonation, fn) => on((pool) => withRole(pool, impersonation, (c) => fn(c))),
    // Schema changes always go to the primary, whatever x-connection-encrypted chooses for reads.
    ddl: (fn) => {
      const refused = notReady(access.project)
      if (refused) return Promise.resolve(refused)
      return call(access, () => withRole(projectPool(ctx, access), undefined, (c) => fn(c)))
    },
    trial: (fn) => {
      const refused = notReady(access.project)
      if (refused) return Promise.resolve(refused)
      return call(access, () => withRole(projectPool(ctx, access), undefined, (c) => fn(c), { rollBack: true }))
    },
    stream: (impersonation, fn) =>
      on(
        (pool) => withRole(pool, impersonation, fn, { readOnly: true, shareSnapshot: true, readCeiling }),
        impersonation !== undefined,
      ),
    sql: async (impersonation, fn) => {
      const login = loginOf(access)
      if (impersonation && login === 'read_only') return fail('forbidden', SQL_READ_ONLY_IMPERSONATION_MESSAGE)
      const chosen = await checked()
      if (!chosen.ok) return chosen
      const { pool, replica } = chosen.data
      const where = { login, replica, pool, timeoutMs: access.project.statement_timeout_ms }
      const session = (client: pg.PoolClient) => runSqlSession(client, where, impersonation, fn)
      return call(
        access,
        async () => {
          if (impersonation) return withRole(pool, impersonation, session)
          // No role to set: the run starts outside a transaction and opens one when it needs it. A connection
          // whose reset failed was closed, and the pool drops it.
          const client = await pool.connect()
          try {
            return await session(client)
          } finally {
            client.release()
          }
        },
        replica,
      )
    },
  }
}

/** Gives every request `req.project` (used by project routes only; built when first used). */
export function registerProjectExecutor(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('project', {
    getter(this: FastifyRequest) {
      return projectCalls(ctx, this)
    },
  })
}
