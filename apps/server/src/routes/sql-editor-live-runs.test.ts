import { randomUUID } from 'node:crypto'
import { SQL_RUN_ID_TAKEN_MESSAGE, type SqlRunResult } from '@basalt/contracts'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { buildApp } from '../app.ts'
import { RECORD_AFTER_MS } from '../sql-editor/live-runs.ts'
import type { App } from './types.ts'

/**
 * When the platform database hears of a run (sql-editor/live-runs.ts): a short run once, as it ends; a longer
 * one as running after RECORD_AFTER_MS — which is how a cancel sent to another server finds it.
 */
describe('SQL editor runs across servers', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let developer: Agent
  /** A second server on the same platform database. */
  let other: App
  /** The developer, signed in, talking to the other server. */
  let developerThere: Agent
  const url = (path = '') => `/api/platform/pg-meta/${p.ref}/query${path}`
  const recordOf = async (runId: string) =>
    (
      await p.t.db.query<{ status: string; pid: number | null; query: string }>(
        'select status, pid, query from basalt.sql_runs where id = $1',
        [runId],
      )
    ).rows
  /** The run as the member's history lists it (which waits for the ends this server is recording). */
  const historyOf = async (runId: string, agent = developer) =>
    ((await agent.get(url('/history'))).json().runs as { id: string }[]).find((run) => run.id === runId)
  const sleeping = async () =>
    (
      await project.query(
        "select 1 from pg_stat_activity where query like '%pg_sleep(%' and state = 'active' and pid <> pg_backend_pid()",
      )
    ).rows.length > 0
  const until = async (what: () => Promise<boolean>, label: string) => {
    for (const deadline = Date.now() + 10_000; !(await what());) {
      if (Date.now() > deadline) throw new Error(`${label} did not happen`)
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  beforeAll(async () => {
    p = await createProjectApp('Live runs')
    project = p.database
    developer = await p.join('dev@example.com', 'developer')
    other = await buildApp({
      config: p.t.config,
      db: p.t.db,
      projectDatabases: p.t.projectDatabases,
      platformUrl: p.t.platformUrl,
      webDistDir: null,
    })
    developerThere = new Agent(other)
    developerThere.cookies = new Map(developer.cookies)
    await project.query('create table public.marks (id int primary key)')
  })
  afterAll(async () => {
    await other?.close()
    await p?.close()
  })

  it('records a short run once, as it ended, and a long one as running with its backend after a moment', async () => {
    const short = randomUUID()
    const r = (await developer.post(url(), { query: 'select 1', runId: short })).json() as SqlRunResult
    expect(r.status).toBe('success')
    expect(await historyOf(short)).toMatchObject({ status: 'success', query: 'select 1', rows: 1 })

    const long = randomUUID()
    const pending = developer.post(url(), { query: 'select pg_sleep(60)', runId: long })
    await until(async () => (await recordOf(long))[0]?.status === 'running', 'the running record')
    expect((await recordOf(long))[0]!.pid).toEqual(expect.any(Number))
    expect((await developer.post(url('/cancel'), { runId: long })).json()).toEqual({ cancelled: true })
    expect(((await pending).json() as SqlRunResult).status).toBe('cancelled')
    expect(await historyOf(long)).toMatchObject({ status: 'cancelled', query: 'select pg_sleep(60)' })
    expect(await recordOf(long)).toEqual([{ status: 'cancelled', pid: null, query: 'select pg_sleep(60)' }])
  })

  it('is cancelled through another server as soon as its statement runs, recorded or not yet', async () => {
    const runId = randomUUID()
    const started = Date.now()
    const pending = developer.post(url(), { query: 'select pg_sleep(60)', runId })
    await until(sleeping, 'the sleep')
    const cancel = await developerThere.post(url('/cancel'), { runId })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json()).toEqual({ cancelled: true })
    const r = (await pending).json() as SqlRunResult
    expect(r).toMatchObject({ runId, status: 'cancelled' })
    expect(Date.now() - started).toBeLessThan(10_000)
    // Someone else's run is not found there either.
    expect((await p.owner.post(url('/cancel'), { runId })).statusCode).toBe(404)
  })

  it('stops a run whose id another server used, once that is found, and rolls it back', async () => {
    const runId = randomUUID()
    expect(((await developer.post(url(), { query: 'select 1 as first', runId })).json() as SqlRunResult).status).toBe(
      'success',
    )
    // A short run is recorded once its answer has gone out; this server's history waits for that record. Not
    // waited for, the other server's run could be recorded first under load and keep the id (seen once).
    expect(await historyOf(runId)).toMatchObject({ status: 'success' })
    // The same id on the other server, which has not seen it: the run is refused once it is recorded.
    const res = await developerThere.post(url(), {
      query: `insert into public.marks values (1); select pg_sleep(${(RECORD_AFTER_MS * 500) / 1000})`,
      runId,
    })
    expect(res.statusCode).toBe(200)
    const r = res.json() as SqlRunResult
    expect(r).toMatchObject({ status: 'error', rolledBack: true })
    expect(r.error).toMatchObject({ code: 'conflict', message: SQL_RUN_ID_TAKEN_MESSAGE })
    expect((await project.query('select count(*)::int as n from public.marks')).rows[0].n).toBe(0)
    // The history keeps the run that had the id first.
    expect(await historyOf(runId, developerThere)).toMatchObject({ status: 'success', query: 'select 1 as first' })
    // On the server that ran it, the id is refused before anything runs.
    const again = await developer.post(url(), { query: 'insert into public.marks values (2)', runId })
    expect(again.statusCode).toBe(409)
    expect((await project.query('select count(*)::int as n from public.marks')).rows[0].n).toBe(0)
  })
})
