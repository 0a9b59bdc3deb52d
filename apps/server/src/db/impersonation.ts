import type { Impersonation as RoleChoice } from '@basalt/contracts'
import type pg from 'pg'
import { inTransaction, isLost } from './transaction.ts'

/**
 * Who SQL runs as: a role, and for `authenticated` a user of auth.users whose claims are made up as PostgREST
 * would — or, for a call that carries a verified project JWT (the Storage API), that token's own claims.
 */
export type Impersonation = RoleChoice & { claims?: Record<string, unknown> }

export class ImpersonationError extends Error {
  override name = 'ImpersonationError'
}

const TOKEN_LIFETIME_SECONDS = 3600

/** The JWT claims a request made with this role would carry, as PostgREST would set them. */
async function claimsFor(client: pg.ClientBase, imp: Impersonation): Promise<Record<string, unknown>> {
  if (imp.claims) return imp.claims
  const exp = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS
  if (imp.role !== 'authenticated') return { role: imp.role, exp }
  if (!imp.userId) throw new ImpersonationError('Choose a user to impersonate as authenticated')
  const { rows } = await client.query<{
    id: string
    email: string | null
    phone: string | null
    app: Record<string, unknown> | null
    usr: Record<string, unknown> | null
  }>('select id, email, phone, raw_app_meta_data as app, raw_user_meta_data as usr from auth.users where id = $1', [
    imp.userId,
  ])
  const user = rows[0]
  if (!user) throw new ImpersonationError(`User ${imp.userId} not found in auth.users`)
  return {
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    role: 'authenticated',
    aud: 'authenticated',
    aal: 'aal1',
    app_metadata: user.app ?? {},
    user_metadata: user.usr ?? {},
    exp,
  }
}

/**
 * A repeatable-read transaction's view of the database, lent to a second connection: see
 * {@link WithRoleOptions.shareSnapshot}.
 */
export interface SharedSnapshot {
  /**
   * Starts fn on another connection of the pool, in a read-only transaction that sees exactly what this one
   * sees, as the same role with the same claims, and answers `{ done }` at once — or undefined when the pool
   * has no connection to spare (then run the work on this connection instead). The other connection is
   * released when fn settles. Call it while this connection is idle: it exports the snapshot first.
   */
  alongside<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<{ done: Promise<T> } | undefined>
}

export interface WithRoleOptions {
  /** Roll back instead of committing, in a read-only transaction. */
  readOnly?: boolean
  /** Roll back instead of committing, in a transaction that may write (a change only tried). */
  rollBack?: boolean
  /**
   * Run fn in a repeatable-read transaction (even as the admin connection) whose snapshot other
   * connections can share, so that two statements running side by side see the same rows.
   */
  shareSnapshot?: boolean
  /** A statement_timeout for this transaction only (catalog reads), instead of the connection's. */
  timeoutMs?: number
  /**
   * A login whose privileges the impersonated read may not exceed: a Read-only member's impersonated read
   * runs on the admin login (the read-only one may not switch roles), and must show no relation or column
   * that the read-only login may not read itself, whatever the impersonated role may.
   */
  readCeiling?: string
}

/**
 * Sent with the end of every transaction on a project connection: a session-level advisory lock taken by the
 * tenant's code (a policy expression under test, a column default, a trigger) outlives its transaction, and
 * would go back to the pool with the connection, held for whoever uses it next. Transaction-level locks end
 * with the transaction anyway.
 */
export const RELEASE_SESSION_LOCKS = 'select pg_catalog.pg_advisory_unlock_all()'

/** Whether pool.connect() would hand out a connection now rather than queue for one. */
const hasSpareConnection = (pool: pg.Pool) =>
  pool.idleCount > 0 || pool.totalCount < (pool as unknown as { options: { max: number } }).options.max

/**
 * The transaction-local setting that caps an impersonated read at a login's own privileges (see
 * WithRoleOptions.readCeiling): relation-lookup.ts shows only the relations and columns that login may read.
 */
export const READ_CEILING_SETTING = 'basalt.read_ceiling'

async function setRole(client: pg.ClientBase, role: string, claims: Record<string, unknown>, ceiling = '') {
  await client.query(
    "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config($3, $4, true)",
    [role, JSON.stringify(claims), READ_CEILING_SETTING, ceiling],
  )
}

/**
 * Switches the rest of the open transaction to the impersonated role with its claims, as withRole does before
 * fn: for a call that first works as the admin connection (applying a policy it is trying) and then acts as
 * the role. Throws ImpersonationError for an unknown user.
 */
export async function actAs(client: pg.ClientBase, impersonation: Impersonation): Promise<void> {
  await setRole(client, impersonation.role, await claimsFor(client, impersonation))
}

/**
 * Runs fn on one connection inside a transaction (see inTransaction: a failed Result rolls it back) that,
 * when impersonating, first switches to the role and sets request.jwt.claims — both local to the
 * transaction, so nothing leaks back into the pool. fn's SQL is sent as written (no prefix), so error
 * positions need no offset. Commits when fn succeeds and rolls back otherwise (or always when `readOnly`
 * asks for it). A read-only call without impersonation, snapshot or timeout of its own runs on the
 * connection as it is, outside a transaction.
 */
export async function withRole<T>(
  pool: pg.Pool,
  impersonation: Impersonation | undefined,
  fn: (client: pg.PoolClient, snapshot: SharedSnapshot | undefined) => Promise<T>,
  { readOnly = false, rollBack = false, shareSnapshot = false, timeoutMs, readCeiling }: WithRoleOptions = {},
): Promise<T> {
  const client = await pool.connect()
  // A read as the admin connection needs no transaction: there is no role or claim to scope, and the two
  // round trips of begin/rollback were a third of a grid page's time (docs/performance.md).
  if (!impersonation && readOnly && !shareSnapshot && timeoutMs === undefined) {
    try {
      return await fn(client, undefined)
    } finally {
      client.release()
    }
  }
  const mode = readOnly ? ' read only' : ''
  const begin =
    (shareSnapshot ? `begin isolation level repeatable read${mode}` : `begin${mode}`) +
    (timeoutMs === undefined ? '' : `; set local statement_timeout = ${Math.floor(timeoutMs)}`)
  let broken = false
  try {
    const done = await inTransaction(
      client,
      async () => {
        const claims = impersonation && (await claimsFor(client, impersonation))
        if (impersonation) await setRole(client, impersonation.role, claims!, readCeiling)
        const snapshot: SharedSnapshot | undefined = shareSnapshot
          ? {
              alongside: async (other) => {
                const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id')
                // Checked right before asking: waiting in the pool's queue while holding a connection could
                // leave every export waiting for one another's.
                if (!hasSpareConnection(pool)) return undefined
                const second = await pool.connect()
                const settle = async () => {
                  const rolledBack = await second.query(`rollback; ${RELEASE_SESSION_LOCKS}`).then(
                    () => true,
                    () => false,
                  )
                  second.release(!rolledBack)
                }
                // The snapshot is imported before this returns: it lives only as long as this transaction,
                // which a failing statement here would end.
                try {
                  await second.query(
                    'begin isolation level repeatable read read only; ' +
                      `set transaction snapshot ${second.escapeLiteral(rows[0]!.id)}`,
                  )
                  if (impersonation) await setRole(second, impersonation.role, claims!, readCeiling)
                } catch (err) {
                  await settle()
                  throw err
                }
                const done = (async () => {
                  try {
                    return await other(second)
                  } finally {
                    await settle()
                  }
                })()
                return { done }
              },
            }
          : undefined
        return fn(client, snapshot)
      },
      // Nothing to keep from a read: when fn had to close the connection (an abandoned COPY), the
      // transaction is over with it and the connection is dropped rather than pooled.
      { begin, rollBack: readOnly || rollBack, after: RELEASE_SESSION_LOCKS },
    )
    broken = done.broken
    return done.value
  } finally {
    client.release(broken || isLost(client))
  }
}
