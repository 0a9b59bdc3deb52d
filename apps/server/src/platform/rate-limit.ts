import type pg from 'pg'
import { fail, ok, type Result } from '@basalt/contracts'

/** At most `max` attempts per key in each window of `windowMs`. */
export interface Ceiling {
  max: number
  windowMs: number
}

/**
 * A delay that grows with failures in a row: the first `free` attempts go through at once; from then on
 * each one waits `delayMs`, doubling with every further failure up to `maxDelayMs`. A key quiet for
 * `forgetMs` starts again from nothing.
 */
export interface Backoff {
  free: number
  delayMs: number
  maxDelayMs: number
  forgetMs: number
}

/** An attempt taken under a ceiling, to give back when it turned out not to count (a correct password). */
export interface TakenAttempt {
  key: string
  /** As Postgres wrote it (a Date would lose the microseconds, and with them the match). */
  windowStart: string
}

type Db = pg.Pool | pg.ClientBase

/** What a refusal says, given the minutes until the next attempt may be made. */
export type LimitMessage = (minutes: number) => string

const plural = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`
export const TOO_MANY_FAILURES: LimitMessage = (m) => `Too many failed attempts. Try again in ${plural(m)}.`
export const TOO_MANY_PROBES: LimitMessage = (m) => `Too many connection tests. Try again in ${plural(m)}.`

/** The refusal, saying when to try again; `secondsLeft` comes from Postgres' clock, like the limits. */
const tooMany = (secondsLeft: number, message: LimitMessage = TOO_MANY_FAILURES) =>
  fail('rate_limited', message(Math.max(1, Math.ceil(secondsLeft / 60))))

/**
 * Takes one attempt of `key` under `ceiling`, or refuses. Counting and checking are one upsert: Postgres
 * runs concurrent upserts of one key one after the other under its row lock, each seeing the count the
 * previous one left, so N parallel attempts get exactly `max` through — whichever replica they reach.
 * Times are clock_timestamp(), not now(): a statement that waited for the lock must compare against the
 * time it runs, not the time it started, or it would see a later statement's time as the future.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  ceiling: Ceiling,
  message?: LimitMessage,
): Promise<Result<TakenAttempt>> {
  const window = `make_interval(secs => $2::float8 / 1000)`
  const { rows } = await db.query<{ window_start: string }>(
    `insert into basalt.attempt_limits as l (key, attempts) values ($1, 1)
     on conflict (key) do update set
       attempts = case when l.window_start <= clock_timestamp() - ${window} then 1 else l.attempts + 1 end,
       window_start = case when l.window_start <= clock_timestamp() - ${window} then clock_timestamp() else l.window_start end,
       last_at = clock_timestamp()
     where l.window_start <= clock_timestamp() - ${window} or l.attempts < $3
     returning window_start::text`,
    [key, ceiling.windowMs, ceiling.max],
  )
  if (rows[0]) return ok({ key, windowStart: rows[0].window_start })
  const { rows: held } = await db.query<{ left: number }>(
    `select extract(epoch from window_start + ${window} - clock_timestamp())::float8 as left
       from basalt.attempt_limits where key = $1`,
    [key, ceiling.windowMs],
  )
  return tooMany(held[0]?.left ?? 0, message)
}

/** Gives back an attempt that did not count, unless its window has passed meanwhile. */
export async function giveBack(db: Db, taken: TakenAttempt): Promise<void> {
  await db.query(
    `update basalt.attempt_limits set attempts = greatest(attempts - 1, 0) where key = $1 and window_start = $2::timestamptz`,
    [taken.key, taken.windowStart],
  )
}

/**
 * Takes one attempt of `key` under a growing delay, or refuses while the delay runs. Every attempt taken
 * counts as a failure until `forget` clears the key (the password was right): the delay is set before the
 * password is checked, so parallel attempts cannot slip in under it.
 */
export async function takeBackoffAttempt(db: Db, key: string, backoff: Backoff): Promise<Result<null>> {
  const failures = `case when l.last_at <= clock_timestamp() - make_interval(secs => $2::float8 / 1000) then 1 else l.attempts + 1 end`
  // The exponent is capped so that a key attacked for weeks cannot overflow the power.
  const delayOf = (n: string) =>
    `make_interval(secs => case when ${n} < $3 then 0
       else least($4::float8 * power(2, least(${n} - $3, 30)), $5::float8) / 1000 end)`
  const { rowCount } = await db.query(
    `insert into basalt.attempt_limits as l (key, attempts, next_at) values ($1, 1, clock_timestamp() + ${delayOf('1')})
     on conflict (key) do update set
       attempts = ${failures},
       next_at = clock_timestamp() + ${delayOf(failures)},
       last_at = clock_timestamp()
     where l.next_at <= clock_timestamp()`,
    [key, backoff.forgetMs, backoff.free, backoff.delayMs, backoff.maxDelayMs],
  )
  if (rowCount === 1) return ok(null)
  const { rows } = await db.query<{ left: number }>(
    'select extract(epoch from next_at - clock_timestamp())::float8 as left from basalt.attempt_limits where key = $1',
    [key],
  )
  return tooMany(rows[0]?.left ?? 0)
}

/** Clears a key: the right password or code was given. */
export async function forget(db: Db, key: string): Promise<void> {
  await db.query('delete from basalt.attempt_limits where key = $1', [key])
}

/** Removes keys nobody tried for a day: their windows and delays are long over. */
export async function pruneAttempts(db: Db, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.query(
    `delete from basalt.attempt_limits where last_at < clock_timestamp() - make_interval(secs => $1::float8 / 1000)`,
    [olderThanMs],
  )
}
