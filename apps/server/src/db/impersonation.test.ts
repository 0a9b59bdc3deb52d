import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/databases.ts'
import { bootstrapProjectDatabase } from './bootstrap.ts'
import { createPool } from './pools.ts'
import { withRole } from './impersonation.ts'

/** A bootstrapped project database with the fixture, and a pool on it (as the cluster's superuser). */
async function projectDatabase(prefix: string, fixtureSql: string) {
  const database = await createTestDatabase(prefix)
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    await bootstrapProjectDatabase(client)
    await client.query(fixtureSql)
  } finally {
    await client.end()
  }
  const pool = createPool(database.url, { max: 3 })
  return {
    pool,
    url: database.url,
    /** Runs SQL outside any transaction under test (another session's commit). */
    exec: async (sql: string) => {
      await pool.query(sql)
    },
    drop: async () => {
      await pool.end()
      await database.drop()
    },
  }
}

const USER = 'aaaaaaaa-0000-4000-8000-00000000000a'

let db: Awaited<ReturnType<typeof projectDatabase>>
beforeAll(async () => {
  db = await projectDatabase(
    'snapshot',
    `
    insert into auth.users (id, email) values ('${USER}', 'ada@example.com');
    create table public.events (id int primary key);
    insert into public.events values (1);
    `,
  )
})
afterAll(async () => {
  await db.drop()
})

const count = async (c: { query: (sql: string) => Promise<{ rows: { n: number }[] }> }) =>
  (await c.query('select count(*)::int as n from public.events')).rows[0]!.n

describe('withRole with a shared snapshot', () => {
  it('lends its snapshot: the second connection sees the rows as of the first statement, not later commits', async () => {
    const seen = await withRole(
      db.pool,
      undefined,
      async (client, snapshot) => {
        const before = await count(client)
        await db.exec('insert into public.events values (2)')
        const alongside = await snapshot!.alongside(count)
        return { before, alongside: await alongside!.done, here: await count(client) }
      },
      { readOnly: true, shareSnapshot: true },
    )
    expect(seen).toEqual({ before: 1, alongside: 1, here: 1 })
    expect(await count(db.pool)).toBe(2)
    expect(db.pool.totalCount).toBe(db.pool.idleCount)
    await db.exec('delete from public.events where id = 2')
  })

  it('runs the second connection as the same role with the same claims', async () => {
    const who = (c: { query: (sql: string) => Promise<{ rows: unknown[] }> }) =>
      c.query("select current_user as role, current_setting('request.jwt.claims') as claims").then((r) => r.rows[0])
    const [here, there] = await withRole(
      db.pool,
      { role: 'authenticated', userId: USER },
      async (client, snapshot) => {
        const mine = await who(client)
        return [mine, await (await snapshot!.alongside(who))!.done]
      },
      { readOnly: true, shareSnapshot: true },
    )
    expect(there).toEqual(here)
    expect(here).toMatchObject({ role: 'authenticated' })
    expect(JSON.parse((here as { claims: string }).claims)).toMatchObject({ sub: USER, role: 'authenticated' })
  })

  it('answers undefined when the pool has no connection to spare, and the caller carries on alone', async () => {
    const single = createPool(db.url, { max: 1 })
    try {
      const result = await withRole(
        single,
        undefined,
        async (client, snapshot) => ({ alongside: await snapshot!.alongside(count), here: await count(client) }),
        { readOnly: true, shareSnapshot: true },
      )
      expect(result).toEqual({ alongside: undefined, here: 1 })
    } finally {
      await single.end()
    }
  })

  it('gives no snapshot to share unless asked', async () => {
    expect(await withRole(db.pool, undefined, async (_c, snapshot) => snapshot, { readOnly: true })).toBeUndefined()
  })
})
