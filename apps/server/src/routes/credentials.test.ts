import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'

const PASSWORD = 'correct horse battery'

/** Credentials follow the password: sessions and access tokens; tokens may expire. */
describe('access tokens and password changes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent

  beforeAll(async () => {
    t = await createTestApp()
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
  })
  afterAll(async () => {
    await t?.close()
  })

  const asToken = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/organizations', headers: { authorization: `Bearer ${token}` } })

  it('a token may carry an expiry, past which it is refused', async () => {
    const res = await owner.post('/api/account/tokens', { name: 'Week', expiresInDays: 7 })
    expect(res.statusCode).toBe(201)
    const { id, token, expiresAt } = res.json()
    const days = (new Date(expiresAt).getTime() - Date.now()) / (24 * 3600_000)
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    expect((await asToken(token)).statusCode).toBe(200)
    const listed = (await owner.get('/api/account/tokens')).json()
    expect(listed.find((x: { id: string }) => x.id === id).expiresAt).toBe(expiresAt)

    // A week later:
    await t.db.query(`update basalt.access_tokens set expires_at = now() - interval '1 second' where id = $1`, [id])
    const expired = await asToken(token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().code).toBe('unauthenticated')

    const forever = (await owner.post('/api/account/tokens', { name: 'Forever' })).json()
    expect(forever.expiresAt).toBeNull()
    expect(
      (await owner.post('/api/account/tokens', { name: 'Never', expiresInDays: null })).json().expiresAt,
    ).toBeNull()
    for (const expiresInDays of [0, -1, 1.5, 'soon', 10_000]) {
      const bad = await owner.post('/api/account/tokens', { name: 'Bad', expiresInDays })
      expect(bad.statusCode, String(expiresInDays)).toBe(400)
    }
  })

  it('changing the password ends every other session and revokes every access token', async () => {
    const laptop = new Agent(t.app, '10.0.0.2')
    const phone = new Agent(t.app, '10.0.0.3')
    await laptop.signIn('owner@example.com')
    await phone.signIn('owner@example.com')
    const tokens = await Promise.all(
      ['CI', 'Deploys'].map(async (name) => (await owner.post('/api/account/tokens', { name })).json().token as string),
    )
    for (const token of tokens) expect((await asToken(token)).statusCode).toBe(200)
    const before = (await owner.get('/api/account/tokens')).json().length

    const res = await owner.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a new passphrase',
    })
    expect(res.statusCode).toBe(204)
    expect((await owner.get('/api/auth/session')).statusCode).toBe(200)
    expect((await laptop.get('/api/auth/session')).statusCode).toBe(401)
    expect((await phone.get('/api/auth/session')).statusCode).toBe(401)
    for (const token of tokens) expect((await asToken(token)).statusCode).toBe(401)
    expect((await owner.get('/api/account/tokens')).json()).toEqual([])

    const { rows } = await t.db.query(
      `select details from basalt.audit_log where action = 'user.password_change' order by id desc limit 1`,
    )
    expect(rows[0].details).toEqual({ sessionsEnded: 2, tokensRevoked: before })
  })

  it('a wrong current password changes nothing', async () => {
    const token = (await owner.post('/api/account/tokens', { name: 'Kept' })).json().token
    const other = new Agent(t.app, '10.0.0.4')
    await other.signIn('owner@example.com', 'a new passphrase')
    const res = await owner.post('/api/account/password', { currentPassword: 'wrong', newPassword: 'another one!' })
    expect(res.statusCode).toBe(401)
    expect((await asToken(token)).statusCode).toBe(200)
    expect((await other.get('/api/auth/session')).statusCode).toBe(200)
  })
})
