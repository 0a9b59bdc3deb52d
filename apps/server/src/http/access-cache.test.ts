import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp, waitForProject } from '../../test/platform-app.ts'
import { AccessCache, invalidatesAccess, type GrantedAccess } from './access-cache.ts'

describe('AccessCache', () => {
  const granted = {} as GrantedAccess

  it('forgets a grant after its TTL and keeps at most maxEntries', () => {
    let now = 0
    const cache = new AccessCache(1_000, 2, () => now)
    cache.set('a', granted)
    now = 1_000
    expect(cache.get('a')).toBe(granted)
    now = 1_001
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', granted)
    cache.set('c', granted)
    cache.set('d', granted)
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, granted, granted])
  })

  it('is emptied by writes to the platform, not by reads or project data calls', () => {
    expect(invalidatesAccess('POST', '/api/auth/sign-out')).toBe(true)
    expect(invalidatesAccess('DELETE', '/api/organizations/acme/members/1')).toBe(true)
    expect(invalidatesAccess('PATCH', '/api/projects/abc')).toBe(true)
    expect(invalidatesAccess('POST', '/api/account/password')).toBe(true)
    expect(invalidatesAccess('GET', '/api/projects/abc')).toBe(false)
    expect(invalidatesAccess('POST', '/api/platform/pg-meta/abc/table-rows')).toBe(false)
  })
})

describe('project access granted a moment ago', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let member: Agent
  let slug: string
  let ref: string
  let memberId: string
  const rows = (agent: Agent) =>
    agent.post(`/api/platform/pg-meta/${ref}/table-count`, { schema: 'auth', table: 'users' })

  beforeAll(async () => {
    t = await createTestApp()
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
    ref = (await owner.post(`/api/organizations/${slug}/projects`, { name: 'Cached' })).json().ref
    expect((await waitForProject(owner, ref)).status).toBe('active')
    const { token } = (
      await owner.post(`/api/organizations/${slug}/invitations`, { email: 'dev@example.com', role: 'developer' })
    ).json()
    member = new Agent(t.app)
    expect((await member.signUp('dev@example.com', 'correct horse battery', token)).statusCode).toBe(201)
    memberId = (await member.get('/api/auth/session')).json().user.id
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is gone the moment a member is removed or signs out', async () => {
    // Two reads in a row: the second is answered from the grant of the first.
    expect((await rows(member)).statusCode).toBe(200)
    expect((await rows(member)).statusCode).toBe(200)
    expect((await owner.delete(`/api/organizations/${slug}/members/${memberId}`)).statusCode).toBe(204)
    expect((await rows(member)).json()).toMatchObject({ code: 'not_found', message: 'Project not found' })

    expect((await rows(owner)).statusCode).toBe(200)
    expect((await owner.post('/api/auth/sign-out', {})).statusCode).toBeLessThan(300)
    expect((await rows(owner)).statusCode).toBe(401)
  })
})
