import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/databases.ts'
import { createPool } from './pools.ts'
import { guardRowSizes, MAX_ROW_BYTES, ResultTooLargeError } from './row-guard.ts'

const MB = 1024 * 1024

describe('rows too big to hold', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    db = await createTestDatabase('rowguard')
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('close the connection before pg gathers them, and the call fails with what to do', async () => {
    const client = new pg.Client({ connectionString: db.url })
    client.on('error', () => {})
    await client.connect()
    guardRowSizes(client, { row: 1 * MB, read: 4 * MB })
    // Rows under the limits, one after another, in many socket chunks.
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from (select repeat('x', 1000) from generate_series(1, 3000)) s",
    )
    expect(rows[0]!.n).toBe(3000)
    const small = await client.query("select repeat('x', 1000) as v from generate_series(1, 3000)")
    expect(small.rows).toHaveLength(3000)

    await expect(client.query(`select repeat('x', ${2 * MB}) as v`)).rejects.toThrow(
      new ResultTooLargeError('A row of the result is over 1 MB: select fewer or shorter columns'),
    )
  })

  it('close it when the rows of one read are over the limit together', async () => {
    const client = new pg.Client({ connectionString: db.url })
    client.on('error', () => {})
    await client.connect()
    guardRowSizes(client, { row: 1 * MB, read: 4 * MB })
    await expect(client.query(`select repeat('x', ${MB / 2}) from generate_series(1, 10)`)).rejects.toThrow(
      /The rows read at once are over 4 MB/,
    )
  })

  it('every project pool is guarded, and a refused connection leaves the pool serving', async () => {
    const pool = createPool(db.url, { max: 1 })
    try {
      await expect(pool.query(`select repeat('x', ${MAX_ROW_BYTES + MB}) as v`)).rejects.toBeInstanceOf(
        ResultTooLargeError,
      )
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    } finally {
      await pool.end()
    }
  })
})
