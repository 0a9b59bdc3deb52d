import type pg from 'pg'
import { fail, type Result } from '@basalt/contracts'
import type { AttemptLimit } from './context.ts'

/**
 * Refuses when `key` has `limit.max` failures within the window. Counted in Postgres, not memory,
 * so every replica sees the same count.
 */
export async function checkAttempts(db: pg.Pool, key: string, limit: AttemptLimit): Promise<Result<null>> {
  const { rows } = await db.query<{ n: string; oldest: Date | null }>(
    `select count(*) as n, min(at) as oldest from basalt.login_attempts
      where key = $1 and at > now() - make_interval(secs => $2)`,
    [key, limit.windowMs / 1000],
  )
  const { n, oldest } = rows[0]!
  if (Number(n) < limit.max || !oldest) return { ok: true, data: null }
  const retryMs = Math.max(0, oldest.getTime() + limit.windowMs - Date.now())
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000))
  return fail('rate_limited', `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
}

/** Records a failure for each key, and forgets failures older than the window. */
export async function recordFailure(db: pg.Pool, keys: string[], windowMs: number): Promise<void> {
  await db.query(`insert into basalt.login_attempts (key) select unnest($1::text[])`, [keys])
  await db.query(`delete from basalt.login_attempts where key = any($1) and at < now() - make_interval(secs => $2)`, [
    keys,
    windowMs / 1000,
  ])
}

/** A success clears the account's failures (not the address's: one good password must not unlock guessing). */
export async function clearFailures(db: pg.Pool, key: string): Promise<void> {
  await db.query('delete from basalt.login_attempts where key = $1', [key])
}
