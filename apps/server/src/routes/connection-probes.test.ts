import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'

const UNREACHABLE = 'postgresql://someone:s3cret-pw@127.0.0.1:1/nothing'
const range = (n: number) => [...Array(n).keys()]

/** Connection tests and projects from connection strings are network probes: gated and limited per user. */
describe('network probes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let admin: Agent
  let developer: Agent
  let slug: string

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { probe: { max: 3, windowMs: 15 * 60_000 } } })
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
    const join = async (email: string, role: string) => {
      const { token } = (await owner.post(`/api/organizations/${slug}/invitations`, { email, role })).json()
      const agent = new Agent(t.app)
      expect((await agent.signUp(email, 'correct horse battery', token)).statusCode).toBe(201)
      return agent
    }
    admin = await join('admin@example.com', 'administrator')
    developer = await join('dev@example.com', 'developer')
  })
  afterAll(async () => {
    await t?.close()
  })

  const test = (agent: Agent, connectionString = UNREACHABLE) =>
    agent.post(`/api/organizations/${slug}/projects/test-connection`, { connectionString })

  it('needs the permission to create projects in the organisation named in the path', async () => {
    const refused = await test(developer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('You need additional permissions to create projects')
    expect((await developer.post('/api/organizations/no-such-org/projects/test-connection', {})).statusCode).toBe(404)
    // The old path, open to any signed-in user, is gone.
    expect((await developer.post('/api/projects/test-connection', { connectionString: UNREACHABLE })).statusCode).toBe(
      404,
    )
  })

  it('answers as clearly as before: what failed, never the password', async () => {
    const res = await test(admin)
    expect(res.statusCode).toBe(502)
    expect(res.json().code).toBe('connection_failed')
    expect(res.json().message).toMatch(/ECONNREFUSED|connect|refused/i)
    expect(res.json().message).not.toContain('s3cret-pw')
  })

  it('limits each user, exactly under parallel requests, counting projects created from a connection string', async () => {
    const answers = await Promise.all(range(8).map(() => test(owner)))
    expect(answers.filter((a) => a.statusCode === 502)).toHaveLength(3)
    const refused = answers.filter((a) => a.statusCode === 429)
    expect(refused).toHaveLength(5)
    expect(refused[0]!.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many connection tests. Try again in 15 minutes.',
    })
    const fromString = await owner.post(`/api/organizations/${slug}/projects`, {
      name: 'Ext',
      connectionString: UNREACHABLE,
    })
    expect(fromString.statusCode).toBe(429)
    // A project on Basalt's own server probes nothing.
    expect((await owner.post(`/api/organizations/${slug}/projects`, { name: 'Own' })).statusCode).toBe(201)
    // Another user has probes of their own (the administrator used one above).
    expect((await test(admin)).statusCode).toBe(502)
  })
})
