import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'
import { MAX_ROW_BYTES } from '../../db/row-guard.ts'

/** POST …/table-cell: the whole value of a cell the grid showed truncated. */
describe('one whole cell', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let readOnly: Agent
  let outsider: Agent
  const url = () => `/api/platform/pg-meta/${p.ref}/table-cell`
  const cell = (agent: Agent, id: number) =>
    agent.post(url(), { schema: 'public', table: 'docs', column: 'body', primaryKey: { id } })

  beforeAll(async () => {
    p = await createProjectApp('Cells')
    project = p.database
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    // Stored compressed (a repeated letter), read back at its whole length.
    await project.query(`
      create table public.docs (id int primary key, body text);
      insert into public.docs values (1, repeat('a', 5000)), (2, repeat('x', ${MAX_ROW_BYTES + 1024 * 1024}));
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('answers the value, to a Read-only member too', async () => {
    const res = await cell(readOnly, 1)
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.json().value).toBe('a'.repeat(5000))
  })

  it('answers a value too big to hold with what to do, and goes on serving', async () => {
    const res = await cell(readOnly, 2)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'A row of the result is over 64 MB: select fewer or shorter columns',
    })
    expect((await cell(p.owner, 1)).statusCode).toBe(200)
  })

  it('is a 404 outside the organisation and a 401 signed out', async () => {
    expect((await cell(outsider, 1)).statusCode).toBe(404)
    // A browser without a session (it has the CSRF token of its pre-session).
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    expect((await cell(anonymous, 1)).statusCode).toBe(401)
  })
})
