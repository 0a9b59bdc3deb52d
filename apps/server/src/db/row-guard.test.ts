import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/databases.ts'
import { createPool } from './pools.ts'
import { guardRowSizes, MAX_MESSAGE_BYTES, MAX_ROW_BYTES, ResultTooLargeError } from './row-guard.ts'

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
    guardRowSizes(client, { row: 1 * MB, read: 4 * MB, message: MB / 4 })
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
    guardRowSizes(client, { row: 1 * MB, read: 4 * MB, message: MB / 4 })
    await expect(client.query(`select repeat('x', ${MB / 2}) from generate_series(1, 10)`)).rejects.toThrow(
      /The rows read at once are over 4 MB/,
    )
  })

  const guarded = async (limits = { row: 1 * MB, read: 4 * MB, message: MB / 4 }) => {
    const client = new pg.Client({ connectionString: db.url })
    client.on('error', () => {})
    await client.connect()
    guardRowSizes(client, limits)
    return client
  }

  it('bound errors, notices and notifications like rows: the call fails saying which, the server goes on', async () => {
    // The attack that ended the server: an error quoting a value too big for a string.
    const error = await guarded()
    await expect(error.query(`select repeat('x', ${MB})::int`)).rejects.toThrow(
      new ResultTooLargeError(
        'An error message from the database is over 0.25 MB: its query was stopped and its transaction rolled back',
      ),
    )
    const notice = await guarded()
    await expect(notice.query(`do $$ begin raise notice '%', repeat('x', ${MB}); end $$`)).rejects.toThrow(
      /^A notice from the database is over 0.25 MB: its query was stopped/,
    )
    const notification = await guarded({ row: MB, read: 4 * MB, message: 4096 })
    await notification.query('listen big')
    await expect(notification.query(`select pg_notify('big', repeat('x', 7000))`)).rejects.toThrow(
      /^A notification from the database is over 4 kB: its query was stopped/,
    )
    // Under the bounds, each arrives whole.
    const fine = await guarded()
    const notices: string[] = []
    fine.on('notice', (n) => notices.push(n.message ?? ''))
    await fine.query(`do $$ begin raise notice '%', repeat('y', 1000); end $$`)
    expect(notices).toEqual(['y'.repeat(1000)])
    await expect(fine.query(`select repeat('x', 1000)::int`)).rejects.toThrow(/^invalid input syntax for type integer/)
    expect((await fine.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('count the rows of a read whatever comes between them (a notice per row)', async () => {
    const client = await guarded()
    await client.query(`create or replace function pg_temp.noisy(i int) returns text language plpgsql as $$
      begin raise notice 'row %', i; return repeat('x', ${MB / 2}); end $$`)
    await expect(client.query('select pg_temp.noisy(g) from generate_series(1, 10) g')).rejects.toThrow(
      /^The rows read at once are over 4 MB/,
    )
  })

  it(`refuse a ${MAX_MESSAGE_BYTES / MB} MB error on every project pool, which goes on serving`, async () => {
    const pool = createPool(db.url, { max: 1 })
    try {
      await expect(pool.query(`select repeat('x', ${2 * MAX_MESSAGE_BYTES})::int`)).rejects.toThrow(
        /^An error message from the database is over 1 MB/,
      )
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    } finally {
      await pool.end()
    }
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
