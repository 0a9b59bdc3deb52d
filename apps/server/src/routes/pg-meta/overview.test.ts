import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp, type Agent as AgentType } from '../../../test/platform-app.ts'

describe('project overview route', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: AgentType
  let outsider: AgentType
  const api = () => `/api/platform/pg-meta/${p.ref}/overview`

  beforeAll(async () => {
    p = await createProjectApp('Overview')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
  })
  afterAll(async () => {
    await p?.close()
  })

  it("counts the project's own tables, not auth's or storage's, and reads size and connections now", async () => {
    const before = (await p.owner.get(api())).json()
    expect(before.tables).toBe(0)
    await p.database.query(`
      create schema app;
      create table public.a (id int);
      create table app.b (id int);
      create table public.events (at date) partition by range (at);
      create table public.events_2026 partition of public.events for values from ('2026-01-01') to ('2027-01-01');
      insert into public.a select generate_series(1, 20000);
    `)
    const res = await readOnly.get(api())
    expect(res.statusCode, res.body).toBe(200)
    const after = res.json()
    // a, app.b and the partitioned events (its partition is not counted again).
    expect(after.tables).toBe(3)
    expect(after.sizeBytes).toBeGreaterThan(before.sizeBytes)
    // At least the test's own connection and the route's.
    expect(after.connections).toBeGreaterThanOrEqual(2)
    expect(after.maxConnections).toBeGreaterThanOrEqual(after.connections)
    expect(after.serverVersion).toMatch(/^\d+/)
  })

  it('answers another organisation 404 and nobody signed in 401', async () => {
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
  })
})
