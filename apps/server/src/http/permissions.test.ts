import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can, ORG_ROLES, PERMISSIONS, type OrgRole } from '@basalt/contracts'
import { Agent, createTestApp, waitForProject } from '../../test/platform-app.ts'
import { buildApp } from '../app.ts'

/** Every /api route × every role, plus signed out and a non-member: the server enforces each declaration. */
describe('route permissions', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let slug: string
  let ref: string
  const tokens = {} as Record<OrgRole | 'outsider', string>

  beforeAll(async () => {
    t = await createTestApp()
    const owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    slug = (await owner.get('/api/organizations')).json()[0].slug
    ref = (await owner.post(`/api/organizations/${slug}/projects`, { name: 'P' })).json().ref
    await waitForProject(owner, ref)
    const other = (await owner.post('/api/organizations', { name: 'Elsewhere' })).json().slug

    const join = async (email: string, orgSlug: string, role: OrgRole) => {
      const { token } = (await owner.post(`/api/organizations/${orgSlug}/invitations`, { email, role })).json()
      const a = new Agent(t.app)
      expect((await a.signUp(email, 'correct horse battery', token)).statusCode).toBe(201)
      return a
    }
    const agents: Record<OrgRole | 'outsider', Agent> = {
      owner,
      administrator: await join('admin@example.com', slug, 'administrator'),
      developer: await join('dev@example.com', slug, 'developer'),
      read_only: await join('ro@example.com', slug, 'read_only'),
      outsider: await join('outsider@example.com', other, 'owner'),
    }
    // Bearer tokens: acting as each role without session side effects (sign-out ends nothing).
    for (const [who, agent] of Object.entries(agents)) {
      tokens[who as OrgRole] = (await agent.post('/api/account/tokens', { name: 'table' })).json().token
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  const fill = (url: string) =>
    url
      .replace(':slug', slug)
      .replace(':ref', ref)
      .replace(':token', 'no-such-invitation')
      .replace(/:(id|userId)/, randomUUID())

  it('knows every route, and each declares its access', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(30)
    // Network probes are gated like creating a project (issue 10): no longer open to any signed-in user.
    expect(t.app.apiRoutes).toContainEqual({
      method: 'POST',
      url: '/api/organizations/:slug/projects/test-connection',
      access: { permission: 'projects:create', scope: 'org' },
    })
    expect(t.app.apiRoutes.map((r) => r.url)).not.toContain('/api/projects/test-connection')
    for (const r of t.app.apiRoutes) {
      if (!('permission' in r.access)) continue
      // A scoped route resolves its organisation or project from the path; without the parameter every
      // caller would get 404.
      expect(PERMISSIONS, `${r.method} ${r.url}`).toContain(r.access.permission)
      expect(r.url, `${r.method} ${r.url}`).toContain(r.access.scope === 'org' ? ':slug' : ':ref')
    }
  })

  it('refuses to register an /api route without an access declaration', async () => {
    const app = await buildApp({ config: t.config, db: t.db, projectDatabases: t.projectDatabases, webDistDir: null })
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access/)
    expect(() => app.get('/api/half', { config: { permission: 'org:read' } }, async () => 'oops')).toThrow(
      /without scope/,
    )
    await app.close()
  })

  it('signed out: 401 on everything not public', async () => {
    const anonymous = new Agent(t.app)
    await anonymous.get('/api/auth/state') // a browser holds the CSRF cookie
    for (const r of t.app.apiRoutes) {
      const res = await anonymous.request(r.method as 'GET', fill(r.url))
      const label = `${r.method} ${r.url} → ${res.statusCode} ${res.body}`
      if ('auth' in r.access && r.access.auth === 'public') expect(res.statusCode, label).not.toBe(401)
      else expect(res.json(), label).toMatchObject({ code: 'unauthenticated' })
    }
  })

  for (const role of [...ORG_ROLES, 'outsider'] as const) {
    it(`${role}: 403 exactly where the role lacks the permission`, async () => {
      for (const r of t.app.apiRoutes) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: fill(r.url),
          headers: { authorization: `Bearer ${tokens[role]}` },
        })
        const label = `${role} ${r.method} ${r.url} → ${res.statusCode} ${res.body}`
        expect(res.statusCode, label).not.toBe(401)
        if (!('permission' in r.access)) {
          expect(res.statusCode, label).not.toBe(403)
        } else if (role === 'outsider') {
          expect(res.json(), label).toMatchObject({ code: 'not_found' })
        } else if (can(role, r.access.permission)) {
          expect(res.statusCode, label).not.toBe(403)
        } else {
          expect(res.statusCode, label).toBe(403)
          expect(res.json().message, label).toMatch(/^You need additional permissions to /)
        }
      }
    })
  }
})
