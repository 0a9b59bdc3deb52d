import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { PlatformEvent } from '../src/platform/events.ts'
import { createPlatformPool } from '../src/platform/store.ts'
import type { App } from '../src/routes/types.ts'
import { startServer } from '../src/server.ts'
import { createTestDatabase, withAdminClient } from './databases.ts'
import { Agent, createTestApp, testConfig, waitForProject } from './platform-app.ts'

/** The same browser on another replica: its cookies, another app. */
function onReplica(agent: Agent, app: App): Agent {
  const other = new Agent(app)
  other.cookies = new Map(agent.cookies)
  return other
}

/** Several Basalt servers on one platform database (docs/scaling.md). */
describe('replicas on one platform database', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let second: App
  let secondDb: pg.Pool
  let owner: Agent
  let slug: string
  let ref: string

  /** The next event the second replica receives. */
  const nextEvent = () =>
    new Promise<PlatformEvent | { kind: 'resync' }>((resolve) => {
      let done = false
      second.platform.events.subscribe((event) => {
        if (!done) {
          done = true
          resolve(event)
        }
      })
    })

  beforeAll(async () => {
    t = await createTestApp()
    secondDb = createPlatformPool(t.platformUrl, 5)
    second = await buildApp({
      config: t.config,
      db: secondDb,
      projectDatabases: t.projectDatabases,
      platformUrl: t.platformUrl,
      webDistDir: null,
    })
    // Both replicas listen before anything happens.
    for (const deadline = Date.now() + 10_000; ;) {
      const { rows } = await t.db.query(
        `select count(*)::int as n from pg_stat_activity where application_name = 'basalt-events' and datname = current_database()`,
      )
      if (rows[0].n === 2) break
      if (Date.now() > deadline) throw new Error(`${rows[0].n} of 2 replicas listen`)
      await new Promise((r) => setTimeout(r, 50))
    }
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
    ref = (await owner.post(`/api/organizations/${slug}/projects`, { name: 'Shared' })).json().ref
    expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active' })
  })
  afterAll(async () => {
    await second?.close()
    await secondDb?.end()
    await t?.close()
  })

  it('sees a promotion made on another replica at once, not after its remembered access expires', async () => {
    const { token } = (
      await owner.post(`/api/organizations/${slug}/invitations`, { email: 'ro@example.com', role: 'read_only' })
    ).json()
    const member = new Agent(t.app)
    await member.signUp('ro@example.com', 'correct horse battery', token)
    const memberThere = onReplica(member, second)
    // The second replica remembers the member's access to the project (a grant, for a second).
    expect((await memberThere.get(`/api/projects/${ref}`)).json().role).toBe('read_only')
    expect((await memberThere.get(`/api/projects/${ref}`)).json().role).toBe('read_only')

    const heard = nextEvent()
    const { rows } = await t.db.query(`select id from basalt.users where email = 'ro@example.com'`)
    expect(
      (await owner.patch(`/api/organizations/${slug}/members/${rows[0].id}`, { role: 'developer' })).statusCode,
    ).toBe(204)
    expect(await heard).toEqual({ kind: 'access' })
    expect((await memberThere.get(`/api/projects/${ref}`)).json().role).toBe('developer')
  })

  it('closes its connections to a project paused on another replica', async () => {
    const ownerThere = onReplica(owner, second)
    const rowsThere = () =>
      ownerThere.post(`/api/platform/pg-meta/${ref}/table-rows`, { schema: 'auth', table: 'users' })
    expect((await rowsThere()).statusCode).toBe(200)
    expect(second.platform.projectPools.of(ref).length).toBeGreaterThan(0)

    const heard = nextEvent()
    expect((await owner.post(`/api/projects/${ref}/pause`)).statusCode).toBe(200)
    expect(await heard).toEqual({ kind: 'project_closed', ref })
    expect(second.platform.projectPools.of(ref)).toHaveLength(0)
    const refused = await rowsThere()
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('project_not_ready')
  })
})

describe('replicas starting together on an empty platform database', () => {
  it('all come up, and set the default project up once', async () => {
    const platform = await createTestDatabase('plat')
    const config = testConfig({
      platformDatabaseUrl: platform.url,
      mode: 'self-hosted',
      encryptionKey: Buffer.alloc(32, 3),
    })
    const servers = await Promise.all([startServer(config), startServer(config), startServer(config)])
    try {
      for (const s of servers) expect(s.defaultProject).toMatchObject({ ref: 'default', status: 'active' })
      const { rows } = await servers[0]!.app.platform.db.query('select count(*)::int as n from basalt.projects')
      expect(rows[0].n).toBe(1)
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
      await withAdminClient(async (c) => {
        await c.query('drop database if exists basalt_project_default with (force)')
        await c.query('drop role if exists basalt_project_default_admin')
        await c.query('drop role if exists basalt_project_default_readonly')
      })
      await platform.drop()
    }
  })
})
