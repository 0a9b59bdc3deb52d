import type { SqlRunResult } from '@basalt/contracts'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectApp, type Agent } from '../../test/platform-app.ts'
import { HISTORY_PAGE_BYTES, pruneHistory, STORED_ERROR_BYTES, STORED_QUERY_BYTES } from '../sql-editor/history.ts'
import { MAX_NOTICES, NOTICES_LEFT_OUT } from '../sql-editor/run.ts'

/**
 * What a member's SQL may make the server hold or keep (issue 23): every protocol message is bounded, the
 * history keeps a bounded amount per run and per member, and no session-level lock outlives a run.
 */
describe('SQL editor bounds', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let readOnly: Agent
  const url = (path = '') => `/api/platform/pg-meta/${p.ref}/query${path}`
  const run = async (agent: Agent, query: string) => {
    const res = await agent.post(url(), { query })
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200)
    return res.json() as SqlRunResult
  }
  /** Bytes of SQL text and errors the platform keeps for a member of the project. */
  const storedBytes = async (email: string) =>
    Number(
      (
        await p.t.db.query(
          `select coalesce(sum(octet_length(query) + coalesce(octet_length(error), 0)), 0) as n
             from basalt.sql_runs r join basalt.users u on u.id = r.user_id where u.email = $1`,
          [email],
        )
      ).rows[0].n,
    )
  const ownerOf = async (email: string) => {
    const { rows } = await p.t.db.query(
      `select pr.id as "projectId", u.id as "userId" from basalt.projects pr, basalt.users u
        where pr.ref = $1 and u.email = $2`,
      [p.ref, email],
    )
    return rows[0] as { projectId: string; userId: string }
  }

  beforeAll(async () => {
    p = await createProjectApp('SQL editor bounds')
    project = p.database
    readOnly = await p.join('ro@example.com', 'read_only')
  })
  afterAll(async () => {
    await p?.close()
  })

  it('answers an error too big to hold as a Read-only member, five times, and the server and history go on', async () => {
    // The attack that ended the server quoted a 600 MB value, and the one that filled the history 48 MB: any
    // error over the bound is refused the same way (4 MB keeps the test quick on a busy machine).
    for (let i = 0; i < 5; i++) {
      const r = await run(readOnly, `select repeat('x', 4*1024*1024)::int`)
      expect(r).toMatchObject({ status: 'error', rolledBack: true })
      expect(r.error).toMatchObject({
        code: 'bad_request',
        message:
          'An error message from the database is over 1 MB: its query was stopped and its transaction rolled back',
        statementIndex: 0,
      })
    }
    // A notice as big is refused the same way; one under the bound arrives.
    const notice = await run(readOnly, `do $$ begin raise notice '%', repeat('x', 2*1024*1024); end $$`)
    expect(notice.error?.message).toMatch(/^A notice from the database is over 1 MB/)
    expect((await run(readOnly, 'select 1')).results[0]!.rows).toEqual([[1]])
    expect(
      (await p.owner.post(`/api/platform/pg-meta/${p.ref}/table-rows`, { schema: 'auth', table: 'users' })).statusCode,
    ).toBe(200)
    // Five failing runs keep a few hundred bytes, not 238 MB.
    expect(await storedBytes('ro@example.com')).toBeLessThan(4096)
  })

  it('keeps at most a thousand notices, or 1 MB of them, and says so', async () => {
    const many = await run(p.owner, `do $$ begin for i in 1..1500 loop raise notice 'n%', i; end loop; end $$`)
    expect(many.status).toBe('success')
    expect(many.notices).toHaveLength(MAX_NOTICES)
    expect(many.notices.at(-2)!.message).toBe(`n${MAX_NOTICES - 1}`)
    expect(many.notices.at(-1)!.message).toBe(NOTICES_LEFT_OUT)
    const wide = await run(
      p.owner,
      `do $$ begin for i in 1..20 loop raise notice '%', repeat('y', 500000); end loop; end $$`,
    )
    expect(wide.notices).toHaveLength(3)
    expect(wide.notices.at(-1)!.message).toBe(NOTICES_LEFT_OUT)
  })

  it('caps the SQL text and the error a run keeps, saying so, and bounds a history page in bytes', async () => {
    const filler = `'${'q'.repeat(200 * 1024)}'`
    const long = `select 'long_text_marker', ${filler}`
    const failing = `select repeat('e', 500000)::int -- long_error_marker`
    expect((await run(p.owner, long)).status).toBe('success')
    const failed = await run(p.owner, failing)
    // The answer itself has the whole error: only the history caps it.
    expect(failed.error!.message.length).toBeGreaterThan(500000)
    const history = (await p.owner.get(url('/history?search=marker'))).json()
    const [error, text] = history.runs
    expect(Buffer.byteLength(text.query)).toBeLessThan(STORED_QUERY_BYTES + 200)
    expect(text.query.startsWith(long.slice(0, 1000))).toBe(true)
    expect(text.query).toMatch(/\n-- Capped by Basalt: this query was 201 kB; the history keeps its first 100 kB\.$/)
    expect(Buffer.byteLength(error.error)).toBeLessThan(STORED_ERROR_BYTES + 200)
    expect(error.error).toMatch(/^invalid input syntax for type integer: "eee/)
    expect(error.error).toMatch(/… \(capped: this error was 489 kB; the history keeps its first 8 kB\)$/)
    expect(error.query).toBe(failing)

    // Runs of 100 kB each: a page stops before 2 MB, and says that more remain.
    for (let i = 0; i < 22; i++) await run(p.owner, `select 'page_marker ${i}', ${filler}`)
    const first = (await p.owner.get(url('/history?search=page_marker&limit=50'))).json()
    const bytes = (runs: { query: string }[]) => runs.reduce((n, r) => n + Buffer.byteLength(r.query), 0)
    expect(first.runs.length).toBeLessThan(22)
    expect(bytes(first.runs)).toBeLessThanOrEqual(HISTORY_PAGE_BYTES)
    expect(first.more).toBe(true)
    const next = (await p.owner.get(url(`/history?search=page_marker&limit=50&before=${first.runs.at(-1).id}`))).json()
    expect(first.runs.length + next.runs.length).toBe(22)
    expect(next.more).toBe(false)
    const exact = (await p.owner.get(url('/history?search=page_marker&limit=2'))).json()
    expect([exact.runs.length, exact.more]).toEqual([2, true])

    // A member's history has a byte budget as well as a count: the newest runs that fit are kept.
    const owner = await ownerOf('owner@example.com')
    await pruneHistory(p.t.db, owner, 1000, 1024 * 1024)
    expect(await storedBytes('owner@example.com')).toBeLessThanOrEqual(1024 * 1024)
    const kept = (await p.owner.get(url('/history?search=page_marker&limit=200'))).json().runs
    expect(kept[0].query).toMatch(/^select 'page_marker 21'/)
    expect(kept.length).toBeLessThan(11)
  })

  it('ends a run with no session-level advisory lock held (discard all), even one left in an open transaction', async () => {
    const held = async () =>
      (
        await project.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid in (42, 43, 44) and granted`,
        )
      ).rows[0].n
    // The session is reset after the answer has gone out: a moment after it.
    const released = async () => {
      for (let i = 0; i < 100 && (await held()) > 0; i++) await new Promise((r) => setTimeout(r, 20))
      return held()
    }
    expect((await run(p.owner, 'select pg_advisory_lock(42)')).status).toBe('success')
    expect(await released()).toBe(0)
    expect((await run(p.owner, 'begin; select pg_advisory_lock(43); select 1')).status).toBe('success')
    expect(await released()).toBe(0)
    expect((await run(readOnly, 'select pg_advisory_lock(44)')).status).toBe('success')
    expect(await released()).toBe(0)
  })
})
