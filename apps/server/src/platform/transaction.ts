import type pg from 'pg'
import type { Result } from '@basalt/contracts'

/** Runs fn in one transaction on one pooled client: commit when it resolves, roll back when it throws. */
export async function withTransaction<T>(db: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect()
  try {
    await client.query('begin')
    const result = await fn(client)
    await client.query('commit')
    return result
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}

/** Like withTransaction, but an expected failure (`ok: false`) also rolls back: a refused change leaves nothing. */
export async function withResultTransaction<T>(
  db: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<Result<T>>,
): Promise<Result<T>> {
  const client = await db.connect()
  try {
    await client.query('begin')
    const result = await fn(client)
    await client.query(result.ok ? 'commit' : 'rollback')
    return result
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}
