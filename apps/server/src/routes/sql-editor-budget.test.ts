import { randomUUID } from 'node:crypto'
import type { SqlRunResult } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectApp, waitForProject } from '../../test/platform-app.ts'
import { orgBytesFullMessage, orgRunsFullMessage } from '../sql-editor/run-budget.ts'

const MB = 1024 * 1024

/**
 * The SQL editor's runs have a server-wide and a per-organisation budget of concurrent runs and of result
 * memory (issue 23 point 8), here made small: one organisation over its share waits, then is refused with a
 * sentence, while another organisation keeps working.
 */
describe('the SQL editor’s budget of runs and memory', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let otherRef: string
  let orgA: string
  let orgB: string
  const query = (ref: string) => `/api/platform/pg-meta/${ref}/query`
  const run = async (ref: string, sql: string, runId = randomUUID()) => p.owner.post(query(ref), { query: sql, runId })
  const until = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50))
  }

  beforeAll(async () => {
    p = await createProjectApp('Budget A', {
      config: { sqlRunBudget: { runs: 10, runsPerOrg: 2, bytes: 64 * MB, bytesPerOrg: 8 * MB } },
    })
    // Another organisation of the same owner, with a project of its own.
    const slug = (await p.owner.post('/api/organizations', { name: 'Budget B' })).json().slug
    otherRef = (await p.owner.post(`/api/organizations/${slug}/projects`, { name: 'Budget B' })).json().ref
    expect(await waitForProject(p.owner, otherRef)).toMatchObject({ status: 'active' })
    const { rows } = await p.t.db.query<{ ref: string; organization_id: string }>(
      'select ref, organization_id from basalt.projects where ref = any($1)',
      [[p.ref, otherRef]],
    )
    orgA = rows.find((r) => r.ref === p.ref)!.organization_id
    orgB = rows.find((r) => r.ref === otherRef)!.organization_id
  })
  afterAll(async () => {
    await p?.close()
  })

  it('lets an organisation run as many queries at once as its share, refuses the next after a wait, and serves another', async () => {
    const budget = p.t.app.sqlRunBudget
    const ids = [randomUUID(), randomUUID()]
    const holding = ids.map((id) => run(p.ref, 'select pg_sleep(30)', id))
    await until(() => budget.usage(orgA).orgRuns === 2)
    expect(budget.usage(orgA).orgRuns).toBe(2)

    const refused = await run(p.ref, 'select 1')
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toEqual({ code: 'database_busy', message: orgRunsFullMessage(2) })
    const other = await run(otherRef, 'select 1 as b')
    expect(other.statusCode).toBe(200)
    expect((other.json() as SqlRunResult).results[0]!.rows).toEqual([[1]])

    // A run waits briefly for a place: one that frees meanwhile lets it in.
    const waiting = run(p.ref, 'select 2')
    expect((await p.owner.post(`${query(p.ref)}/cancel`, { runId: ids[0] })).statusCode).toBe(200)
    expect(((await waiting).json() as SqlRunResult).results[0]!.rows).toEqual([[2]])
    expect((await p.owner.post(`${query(p.ref)}/cancel`, { runId: ids[1] })).statusCode).toBe(200)
    for (const res of await Promise.all(holding)) expect(res.json().status).toBe('cancelled')
    // A run leaves its place once its connection is back in the pool, a moment after its answer.
    await until(() => budget.usage(orgA).orgRuns === 0)
    expect(budget.usage(orgA)).toMatchObject({ orgRuns: 0, orgBytes: 0 })
  })

  it('stops a run whose rows would pass its organisation’s memory, and serves another organisation', async () => {
    const budget = p.t.app.sqlRunBudget
    // 6 MB of rows read, then a wait before the read ends: they are held meanwhile.
    const holderId = randomUUID()
    const holder = run(
      p.ref,
      `select repeat('x', 3*1024*1024) from generate_series(1, 2) union all select pg_sleep(30)::text`,
      holderId,
    )
    await until(() => budget.usage(orgA).orgBytes >= 6 * MB)
    expect(budget.usage(orgA).orgBytes).toBeGreaterThanOrEqual(6 * MB)

    const over = (await run(p.ref, `select repeat('y', 3*1024*1024)`)).json() as SqlRunResult
    expect(over).toMatchObject({ status: 'error', rolledBack: true })
    expect(over.error).toMatchObject({ code: 'bad_request', message: orgBytesFullMessage(8 * MB) })
    const other = (await run(otherRef, `select length(v) from (select repeat('y', 3*1024*1024) as v) s`)).json()
    expect(other.results[0].rows).toEqual([[3 * MB]])
    const otherWide = (await run(otherRef, `select repeat('y', 3*1024*1024)`)).json() as SqlRunResult
    expect(otherWide.status).toBe('success')

    expect((await p.owner.post(`${query(p.ref)}/cancel`, { runId: holderId })).statusCode).toBe(200)
    expect((await holder).json().status).toBe('cancelled')
    await until(() => budget.usage(orgA).orgRuns === 0 && budget.usage(orgB).orgRuns === 0)
    expect(budget.usage(orgA)).toMatchObject({ orgRuns: 0, orgBytes: 0 })
    expect(budget.usage(orgB)).toMatchObject({ orgRuns: 0, orgBytes: 0 })
    // Its memory back, the organisation reads as much again.
    expect(((await run(p.ref, `select repeat('z', 3*1024*1024)`)).json() as SqlRunResult).status).toBe('success')
  })
})
