import type { Impersonation } from '@basalt/contracts'
import type pg from 'pg'

export type { Impersonation }

export class ImpersonationError extends Error {
  override name = 'ImpersonationError'
}

const TOKEN_LIFETIME_SECONDS = 3600

/** The JWT claims a request made with this role would carry, as PostgREST would set them. */
async function claimsFor(client: pg.ClientBase, imp: Impersonation): Promise<Record<string, unknown>> {
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
 * Runs fn on one connection inside a transaction that, when impersonating, first switches to the role
 * and sets request.jwt.claims — both local to the transaction, so nothing leaks back into the pool. fn's
 * SQL is sent as written (no prefix), so error positions need no offset. Commits when fn resolves and
 * rolls back when it throws (or when `readOnly` asks for it). A read-only call without impersonation runs
 * on the connection as it is, outside a transaction.
 */
export async function withRole<T>(
  pool: pg.Pool,
  impersonation: Impersonation | undefined,
  fn: (client: pg.PoolClient) => Promise<T>,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  const client = await pool.connect()
  let broken = false
  // A read as the admin connection needs no transaction: there is no role or claim to scope, and the two
  // round trips of begin/rollback were a third of a grid page's time (docs/performance.md).
  if (!impersonation && readOnly) {
    try {
      return await fn(client)
    } finally {
      client.release()
    }
  }
  try {
    await client.query(readOnly ? 'begin read only' : 'begin')
    try {
      if (impersonation) {
        const claims = await claimsFor(client, impersonation)
        await client.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
          impersonation.role,
          JSON.stringify(claims),
        ])
      }
      const result = await fn(client)
      await client.query(readOnly ? 'rollback' : 'commit')
      return result
    } catch (err) {
      await client.query('rollback').catch(() => {
        broken = true
      })
      throw err
    }
  } finally {
    client.release(broken)
  }
}
