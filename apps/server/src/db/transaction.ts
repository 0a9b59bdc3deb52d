import type pg from 'pg'

/** Whether a value is a failed Result (`{ ok: false, error }`): such an answer rolls its transaction back. */
const isFailure = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && 'error' in value

/** Clients whose rollback failed after fn threw: their connection is gone. */
const lost = new WeakSet<pg.ClientBase>()

/** Whether a client's connection was found gone by a transaction that threw: release it broken. */
export const isLost = (client: pg.ClientBase) => lost.has(client)

export interface TransactionOptions {
  /** The statement that opens it (e.g. `begin isolation level repeatable read read only`). */
  begin?: string
  /** Roll back even when fn succeeds (reads). */
  rollBack?: boolean
  /**
   * SQL sent with the commit or rollback, in the same round trip, once the transaction has ended (a project
   * connection releases the session-level advisory locks its call took: see withRole).
   */
  after?: string
}

/**
 * Runs fn in one transaction on one client — the one transaction helper of the platform store and of
 * project databases: commits when fn resolves, rolls back when it throws or answers a failed Result (so a
 * refused change leaves nothing). Answers whether the client is still fit for its pool: a rollback that
 * fails means the connection is gone.
 */
export async function inTransaction<T>(
  client: pg.ClientBase,
  fn: () => Promise<T>,
  { begin = 'begin', rollBack = false, after }: TransactionOptions = {},
): Promise<{ value: T; broken: boolean }> {
  // One simple query: after a failed rollback nothing of `after` runs, and the connection is dropped anyway.
  const end = (verb: 'commit' | 'rollback') => client.query(after ? `${verb}; ${after}` : verb)
  await client.query(begin)
  let value: T
  try {
    value = await fn()
  } catch (err) {
    if (
      !(await end('rollback').then(
        () => true,
        () => false,
      ))
    )
      lost.add(client)
    throw err
  }
  if (rollBack || isFailure(value)) {
    const broken = await end('rollback').then(
      () => false,
      () => true,
    )
    return { value, broken }
  }
  try {
    await end('commit')
  } catch (err) {
    // A deferred constraint refused the commit, which ended the transaction before `after` could run.
    if (
      after &&
      !(await client.query(after).then(
        () => true,
        () => false,
      ))
    )
      lost.add(client)
    throw err
  }
  return { value, broken: false }
}

/** {@link inTransaction} on a client of the pool, released afterwards (dropped when the connection broke). */
export async function pooledTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    const done = await inTransaction(client, () => fn(client), options)
    broken = done.broken
    return done.value
  } finally {
    client.release(broken || isLost(client))
  }
}
