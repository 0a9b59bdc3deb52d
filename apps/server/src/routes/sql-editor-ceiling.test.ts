import { randomUUID } from 'node:crypto'
import { PROJECT_DATABASE_BUSY_MESSAGE, type SqlRunResult } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectApp, type Agent } from '../../test/platform-app.ts'
import { ceilingMessage } from '../sql-editor/run.ts'

/**
 * The project's statement timeout is a ceiling a member's SQL cannot lift, and a full pool says that it is
 * busy (issue 23 point 6).
 */
describe('the statement timeout as a ceiling', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let developer: Agent
  const settings = () => `/api/projects/${p.ref}/database/settings`
  const query = () => `/api/platform/pg-meta/${p.ref}/query`
  /** Backends of the project running pg_sleep (seen by the admin's own connection). */
  const sleeping = async () =>
    (
      await p.database.query(
        "select count(*)::int as n from pg_stat_activity where query like '%pg_sleep(%' and state = 'active' and pid <> pg_backend_pid()",
      )
    ).rows[0].n as number
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50))
  }

  beforeAll(async () => {
    // A call waits a second for a connection of a full pool (10 s by default).
    p = await createProjectApp('Ceiling', { config: { projectPoolWaitMs: 1000 } })
    developer = await p.join('dev@example.com', 'developer')
  })
  afterAll(async () => {
    await p?.close()
  })

  it('cancels five runs that lifted statement_timeout at the project’s timeout, every way they lift it', async () => {
    expect((await p.owner.patch(settings(), { statementTimeoutMs: 1000 })).statusCode).toBe(200)
    const lifts = [
      'set statement_timeout = 0; select pg_sleep(60)',
      'set local statement_timeout = 0; select pg_sleep(60)',
      "select set_config('statement_timeout', '0', false); select pg_sleep(60)",
      'begin; set statement_timeout = 0; select pg_sleep(60); commit',
      "do $$ begin perform set_config('statement_timeout', '0', true); perform pg_sleep(60); end $$",
    ]
    const started = Date.now()
    const runs = await Promise.all(lifts.map((sql) => developer.post(query(), { query: sql })))
    // Each would sleep a minute: all five stopped at the ceiling (plus Basalt's half-second of grace).
    expect(Date.now() - started).toBeLessThan(20_000)
    for (const [i, res] of runs.entries()) {
      const r = res.json() as SqlRunResult
      expect(r.status, lifts[i]).toBe('timeout')
      expect(r.rolledBack).toBe(true)
      expect(r.error).toMatchObject({ pg: { code: '57014' } })
      // Stopped by Basalt; a setting changed inside the running statement (the do block) left Postgres' own
      // timer as it was, which then stopped it first.
      expect(r.error?.message).toBe(i < 4 ? ceilingMessage(1000) : 'canceling statement due to statement timeout')
    }
    expect(await sleeping()).toBe(0)
    // The connections went back to the pool in order: the next run works, with the project's timeout.
    const next = (await developer.post(query(), { query: "select current_setting('statement_timeout')" })).json()
    expect(next.results[0].rows).toEqual([['1s']])
  })

  it('ends a statement that catches the cancel and goes on', async () => {
    const r = (
      await developer.post(query(), {
        query: `set statement_timeout = 0;
          do $$ begin loop begin perform pg_sleep(60); exception when query_canceled then null; end; end loop; end $$`,
      })
    ).json() as SqlRunResult
    expect(r.status).toBe('timeout')
    expect(r.error?.message).toBe(ceilingMessage(1000))
    await until(async () => (await sleeping()) === 0)
    expect(await sleeping()).toBe(0)
  })

  it('answers a call that finds every connection busy that it is busy, not that the database restarts', async () => {
    expect((await p.owner.patch(settings(), { statementTimeoutMs: 60_000 })).statusCode).toBe(200)
    const ids = Array.from({ length: 5 }, () => randomUUID())
    const pending = ids.map((runId) => p.owner.post(query(), { query: 'select pg_sleep(50)', runId }))
    await until(async () => (await sleeping()) === 5)
    expect(await sleeping()).toBe(5)

    const grid = await p.owner.post(`/api/platform/pg-meta/${p.ref}/table-rows`, { schema: 'auth', table: 'users' })
    expect(grid.statusCode).toBe(503)
    expect(grid.json()).toEqual({ code: 'database_busy', message: PROJECT_DATABASE_BUSY_MESSAGE })
    // Cancelling needs no pooled connection: the runs stop while the pool is full.
    for (const runId of ids) {
      expect((await p.owner.post(`${query()}/cancel`, { runId })).json()).toEqual({ cancelled: true })
    }
    for (const res of await Promise.all(pending)) expect(res.json().status).toBe('cancelled')
    expect(
      (await p.owner.post(`/api/platform/pg-meta/${p.ref}/table-rows`, { schema: 'auth', table: 'users' })).statusCode,
    ).toBe(200)
  })
})
