import { TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'

const PASSWORD = 'correct horse battery'
/** The code an authenticator shows `offset` steps of 30 s from now (-1, 0, 1 are all accepted). */
const code = (secret: string, offset = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 })

describe('auth, account and audit', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const owner = () => new Agent(t.app)
  let ownerAgent: Agent

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        signIn: { free: 3, delayMs: 60_000, maxDelayMs: 600_000, forgetMs: 3600_000 },
        address: { max: 6, windowMs: 60_000 },
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('offers setup before the first user, and the first sign-up becomes owner of a first organisation', async () => {
    ownerAgent = owner()
    const state = await ownerAgent.get('/api/auth/state')
    expect(state.json()).toEqual({ needsSetup: true, setupCodeRequired: false, mode: 'hosted' })
    expect(ownerAgent.cookies.get('basalt_csrf')).toBeTruthy()

    const res = await ownerAgent.post('/api/auth/sign-up', {
      email: 'Owner@Example.com',
      password: PASSWORD,
      displayName: 'Olive',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ mfaRequired: false })
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(/basalt_session=[^;]+; .*HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)

    const session = await ownerAgent.get('/api/auth/session')
    expect(session.statusCode).toBe(200)
    expect(session.json()).toMatchObject({
      user: { email: 'owner@example.com', displayName: 'Olive' },
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    })

    const orgs = (await ownerAgent.get('/api/organizations')).json()
    expect(orgs).toHaveLength(1)
    expect(orgs[0]).toMatchObject({ name: "Olive's Organization", slug: 'olive-s-organization', role: 'owner' })
    expect(orgs[0].permissions).toContain('org:delete')
    expect((await new Agent(t.app).get('/api/auth/state')).json().needsSetup).toBe(false)
  })

  it('refuses a later sign-up without an invitation', async () => {
    const res = await new Agent(t.app).signUp('stranger@example.com')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ code: 'forbidden', message: 'Sign-up is by invitation only' })
  })

  it('refuses state-changing calls without the CSRF header', async () => {
    const a = new Agent(t.app)
    await a.get('/api/auth/state')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie: `basalt_csrf=${a.cookies.get('basalt_csrf')}` },
      payload: { email: 'owner@example.com', password: PASSWORD },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_failed')
    const wrong = await a.request('POST', '/api/organizations', { name: 'X' }, { 'x-csrf-token': 'nope' })
    expect(wrong.json().code).toBe('csrf_failed')
  })

  it('joins an organisation through an invitation with the invited role', async () => {
    const [org] = (await ownerAgent.get('/api/organizations')).json()
    const inv = await ownerAgent.post(`/api/organizations/${org.slug}/invitations`, {
      email: 'dev@example.com',
      role: 'developer',
    })
    expect(inv.statusCode).toBe(201)
    const { token, url } = inv.json()
    expect(url).toBe(`http://localhost:8000/join?token=${token}`)

    const preview = await new Agent(t.app).get(`/api/invitations/${token}`)
    expect(preview.json()).toEqual({ organizationName: org.name, role: 'developer', email: 'dev@example.com' })

    const wrongEmail = await new Agent(t.app).signUp('other@example.com', PASSWORD, token)
    expect(wrongEmail.statusCode).toBe(403)

    // The invitee's browser has only opened the invitation link: that first GET hands out the CSRF token.
    const dev = new Agent(t.app)
    expect((await dev.get(`/api/invitations/${token}`)).statusCode).toBe(200)
    const signUp = await dev.post('/api/auth/sign-up', {
      email: 'dev@example.com',
      password: PASSWORD,
      inviteToken: token,
    })
    expect(signUp.statusCode).toBe(201)
    const orgs = (await dev.get('/api/organizations')).json()
    expect(orgs).toMatchObject([{ slug: org.slug, role: 'developer' }])
    expect((await new Agent(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(404)

    const members = (await ownerAgent.get(`/api/organizations/${org.slug}/members`)).json()
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['dev@example.com', 'developer'],
    ])
  })

  it('never removes or demotes the last owner', async () => {
    const [org] = (await ownerAgent.get('/api/organizations')).json()
    const me = (await ownerAgent.get('/api/auth/session')).json().user
    const demote = await ownerAgent.patch(`/api/organizations/${org.slug}/members/${me.id}`, { role: 'developer' })
    expect(demote.statusCode).toBe(409)
    expect((await ownerAgent.delete(`/api/organizations/${org.slug}/members/${me.id}`)).statusCode).toBe(409)
  })

  it('answers a wrong password with invalid_credentials, then delays the account at that address', async () => {
    const a = new Agent(t.app, '10.0.0.1')
    const wrong = await a.signIn('owner@example.com', 'not the password')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
    await a.signIn('owner@example.com', 'not the password')
    await a.signIn('owner@example.com', 'not the password')
    const limited = await a.signIn('owner@example.com', PASSWORD)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('rate_limited')
    expect(limited.json().message).toMatch(/Try again in 1 minute/)
    // Other accounts from another address are unaffected.
    expect((await new Agent(t.app, '10.0.0.2').signIn('dev@example.com')).statusCode).toBe(200)
  })

  it('rate-limits an address across accounts', async () => {
    const a = new Agent(t.app, '10.0.0.3')
    for (let i = 0; i < 6; i++) await a.signIn(`nobody${i}@example.com`, 'whatever1')
    const res = await a.signIn('dev@example.com')
    expect(res.json().code).toBe('rate_limited')
    // Later tests sign in again.
    await t.db.query('delete from basalt.attempt_limits')
  })

  it('MFA: enrol, then sign-in is aal1 and refused on protected routes until a code is verified', async () => {
    const dev = new Agent(t.app, '10.0.0.4')
    await dev.signIn('dev@example.com')
    const enroll = await dev.post('/api/account/mfa/enroll')
    expect(enroll.statusCode).toBe(200)
    const { secret, otpauthUrl } = enroll.json()
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Basalt:dev%40example.com\?/)
    expect((await dev.post('/api/account/mfa/confirm', { code: '000000' })).json().code).toBe('invalid_mfa_code')
    // Each code is accepted once, so each step below uses a later one: the previous, current and next code.
    const confirm = await dev.post('/api/account/mfa/confirm', { code: code(secret, -1) })
    expect(confirm.statusCode).toBe(200)
    expect(confirm.json().mfaEnabled).toBe(true)
    // The enrolling session itself passed the factor.
    expect((await dev.get('/api/auth/session')).json()).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

    const again = new Agent(t.app, '10.0.0.5')
    const signIn = await again.signIn('dev@example.com')
    expect(signIn.json()).toEqual({ mfaRequired: true })
    expect((await again.get('/api/auth/session')).json()).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    const refused = await again.get('/api/organizations')
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('mfa_required')

    expect((await again.post('/api/auth/mfa/verify', { code: '123456' })).json().code).toBe('invalid_mfa_code')
    const current = code(secret)
    const verified = await again.post('/api/auth/mfa/verify', { code: current })
    expect(verified.statusCode).toBe(200)
    // The same code again, from someone who saw it typed, is refused like a wrong one.
    const replayer = new Agent(t.app, '10.0.0.6')
    expect((await replayer.signIn('dev@example.com')).json()).toEqual({ mfaRequired: true })
    const replayed = await replayer.post('/api/auth/mfa/verify', { code: current })
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json().code).toBe('invalid_mfa_code')
    expect((await replayer.get('/api/organizations')).json().code).toBe('mfa_required')
    expect((await again.get('/api/organizations')).statusCode).toBe(200)

    // Removing needs a valid code.
    expect((await again.delete('/api/account/mfa', { code: '000000' })).statusCode).toBe(401)
    expect((await again.delete('/api/account/mfa', { code: code(secret, 1) })).json().mfaEnabled).toBe(false)
  })

  it('access tokens act as their owner; a revoked token is refused', async () => {
    const created = await ownerAgent.post('/api/account/tokens', { name: 'CI' })
    expect(created.statusCode).toBe(201)
    const { token, id, prefix } = created.json()
    expect(token).toMatch(/^bsl_[A-Za-z0-9]{40}$/)
    expect(token.startsWith(prefix)).toBe(true)
    const list = (await ownerAgent.get('/api/account/tokens')).json()
    expect(list).toEqual([expect.objectContaining({ id, name: 'CI', prefix })])
    expect(list[0].token).toBeUndefined()

    const bearer = { authorization: `Bearer ${token}` }
    const orgs = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: bearer })
    expect(orgs.json()[0].role).toBe('owner')
    // No CSRF for bearer calls.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: bearer,
      payload: { name: 'Token Org' },
    })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({ slug: 'token-org', role: 'owner' })

    expect((await ownerAgent.delete(`/api/account/tokens/${id}`)).statusCode).toBe(204)
    const after = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: bearer })
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('unauthenticated')
  })

  it('changing the password checks the current one and signs out other sessions', async () => {
    const other = new Agent(t.app, '10.0.0.6')
    await other.signIn('owner@example.com')
    expect((await other.get('/api/auth/session')).statusCode).toBe(200)
    const bad = await ownerAgent.post('/api/account/password', {
      currentPassword: 'wrong',
      newPassword: 'another password',
    })
    expect(bad.statusCode).toBe(401)
    const res = await ownerAgent.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'another password',
    })
    expect(res.statusCode).toBe(204)
    expect((await other.get('/api/auth/session')).statusCode).toBe(401)
    expect((await ownerAgent.get('/api/auth/session')).statusCode).toBe(200)
  })

  it('validation failures name the first issue', async () => {
    const res = await ownerAgent.patch('/api/account/me', { theme: 'purple' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('validation_failed')
    expect(res.json().message).toMatch(/^theme: /)
    const ok = await ownerAgent.patch('/api/account/me', { theme: 'dark' })
    expect(ok.json()).toMatchObject({ theme: 'dark', displayName: 'Olive' })
  })

  it('sign-out ends the session', async () => {
    const a = new Agent(t.app, '10.0.0.7')
    await a.signIn('owner@example.com', 'another password')
    expect((await a.post('/api/auth/sign-out')).statusCode).toBe(204)
    expect((await a.get('/api/auth/session')).statusCode).toBe(401)
  })

  it('writes audit entries, and the account log shows only the user’s own', async () => {
    const { entries, total, page } = (await ownerAgent.get('/api/account/audit')).json()
    expect(page).toBe(1)
    expect(total).toBe(entries.length)
    const actions = entries.map((e: { action: string }) => e.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.sign_up',
        'organization.create',
        'member.invite',
        'user.sign_in_failed',
        'user.sign_in',
        'user.sign_out',
        'token.create',
        'token.revoke',
        'user.password_change',
      ]),
    )
    expect(entries.every((e: { actorEmail: string }) => e.actorEmail === 'owner@example.com')).toBe(true)

    const [org] = (await ownerAgent.get('/api/organizations')).json()
    const orgLog = (await ownerAgent.get(`/api/organizations/${org.slug}/audit`)).json()
    expect(orgLog.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['organization.create', 'member.invite', 'member.accept']),
    )
    const devLog = (
      await t.db.query(`select action from basalt.audit_log where actor_email = 'dev@example.com'`)
    ).rows.map((r) => r.action)
    expect(devLog).toEqual(expect.arrayContaining(['user.mfa_enroll', 'user.mfa_remove', 'member.accept']))
  })
})
