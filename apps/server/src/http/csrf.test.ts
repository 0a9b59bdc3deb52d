import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'
import { CROSS_SITE_REFUSED, CSRF_FAILED } from './csrf.ts'

/** CSRF: the token is bound to the session, and the browser's Origin / Sec-Fetch-Site must be Basalt's. */
describe('CSRF defences', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent

  beforeAll(async () => {
    t = await createTestApp()
    owner = new Agent(t.app)
    expect((await owner.signUp('owner@example.com')).statusCode).toBe(201)
  })
  afterAll(async () => {
    await t?.close()
  })

  /** The owner's browser, with other cookies or headers than the page would send. */
  const forged = (cookies: Record<string, string>, headers: Record<string, string>, url = '/api/organizations') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: Object.entries({ ...Object.fromEntries(owner.cookies), ...cookies })
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        ...headers,
      },
      payload: { name: 'Forged' },
    })

  it('accepts the token handed out for the session, from the page itself', async () => {
    const token = owner.cookies.get('basalt_csrf')!
    const res = await forged(
      {},
      { 'x-csrf-token': token, origin: 'http://localhost:8000', 'sec-fetch-site': 'same-origin' },
    )
    expect(res.statusCode).toBe(201)
    // Reached by another name than PUBLIC_URL: the origin the browser asked for is Basalt's too.
    const byAddress = await forged(
      {},
      { 'x-csrf-token': token, host: '192.168.1.5:8000', origin: 'http://192.168.1.5:8000' },
    )
    expect(byAddress.statusCode).toBe(201)
  })

  it('refuses a planted basalt_csrf cookie with a matching header', async () => {
    const planted = 'a'.repeat(43)
    const res = await forged({ basalt_csrf: planted }, { 'x-csrf-token': planted })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ code: 'csrf_failed', message: CSRF_FAILED })
    // Before sign-in too (login CSRF): the token is bound to the browser's pre-session.
    const stranger = new Agent(t.app)
    await stranger.get('/api/auth/state')
    const login = await stranger.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'owner@example.com', password: 'correct horse battery' },
      {
        cookie: `basalt_presession=${stranger.cookies.get('basalt_presession')}; basalt_csrf=${planted}`,
        'x-csrf-token': planted,
      },
    )
    expect(login.json().code).toBe('csrf_failed')
  })

  it("refuses another session's token, and a signed-out session's", async () => {
    const other = new Agent(t.app)
    expect((await other.signIn('owner@example.com')).statusCode).toBe(200)
    const otherToken = other.cookies.get('basalt_csrf')!
    expect(otherToken).not.toBe(owner.cookies.get('basalt_csrf'))
    expect((await forged({ basalt_csrf: otherToken }, { 'x-csrf-token': otherToken })).statusCode).toBe(403)

    const before = otherToken
    expect((await other.post('/api/auth/sign-out')).statusCode).toBe(204)
    // Sign-out hands out a new pre-session and its token: signing in again needs no reload…
    expect(other.cookies.get('basalt_csrf')).not.toBe(before)
    expect(
      (await other.post('/api/auth/sign-in', { email: 'owner@example.com', password: 'correct horse battery' }))
        .statusCode,
    ).toBe(200)
    // …and the old token is worth nothing with the new session.
    const stale = await other.request('POST', '/api/organizations', { name: 'X' }, { 'x-csrf-token': before })
    expect(stale.json().code).toBe('csrf_failed')
  })

  it('refuses a valid token sent from another site', async () => {
    const token = owner.cookies.get('basalt_csrf')!
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8000' },
    ]
    for (const headers of crossSite) {
      const res = await forged({}, { 'x-csrf-token': token, ...headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
      expect(res.json()).toEqual({ code: 'csrf_failed', message: CROSS_SITE_REFUSED })
    }
    // Sign-in from another site is refused as well.
    const a = new Agent(t.app)
    await a.get('/api/auth/state')
    const login = await a.request(
      'POST',
      '/api/auth/sign-in',
      { email: 'owner@example.com', password: 'correct horse battery' },
      { origin: 'https://evil.example' },
    )
    expect(login.json().code).toBe('csrf_failed')
  })

  it('audits each refusal with who, where from and why, never the token', async () => {
    const token = owner.cookies.get('basalt_csrf')!
    await t.db.query(`delete from basalt.audit_log where action = 'request.csrf_refused'`)
    await forged({}, { 'x-csrf-token': token, origin: 'https://evil.example' })
    await forged({}, { 'x-csrf-token': 'wrong' })
    const { rows } = await t.db.query(
      `select actor_email, action, target, ip, details from basalt.audit_log
        where action = 'request.csrf_refused' order by id`,
    )
    expect(rows).toEqual([
      {
        actor_email: 'owner@example.com',
        action: 'request.csrf_refused',
        target: 'POST /api/organizations',
        ip: '127.0.0.1',
        details: { reason: 'origin', origin: 'https://evil.example', fetchSite: null },
      },
      {
        actor_email: 'owner@example.com',
        action: 'request.csrf_refused',
        target: 'POST /api/organizations',
        ip: '127.0.0.1',
        details: { reason: 'token', origin: null, fetchSite: null },
      },
    ])
    expect(JSON.stringify(rows)).not.toContain(token)
  })
})
