import { TOTP } from 'otpauth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'
import { buildApp } from '../app.ts'
import type { RateLimits } from '../platform/context.ts'
import { hashPassword } from '../platform/users.ts'
import type { App } from './types.ts'

const PASSWORD = 'correct horse battery'
const LIMITS: Partial<RateLimits> = {
  signIn: { free: 5, delayMs: 60_000, maxDelayMs: 3600_000, forgetMs: 24 * 3600_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
  mfa: { max: 5, windowMs: 15 * 60_000 },
}
const range = (n: number) => [...Array(n).keys()]
const statuses = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {}
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1
  return counts
}

/** Sign-in limits under parallel requests (README "Sign-in limits"; docs/security.md). */
describe('sign-in limits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  /** A second server on the same platform database: a replica. */
  let replica: App

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: LIMITS })
    replica = await buildApp({
      config: t.config,
      db: t.db,
      projectDatabases: t.projectDatabases,
      platformUrl: t.platformUrl,
      rateLimits: LIMITS,
      webDistDir: null,
    })
    expect((await new Agent(t.app).signUp('owner@example.com')).statusCode).toBe(201)
    // Thirty people who share one proxy address, all with the same password (hashed once, to save time).
    const hash = await hashPassword(PASSWORD)
    await t.db.query(
      `insert into basalt.users (email, password_hash) select 'user' || i || '@example.com', $1
                      from generate_series(1, 30) i`,
      [hash],
    )
  })
  afterAll(async () => {
    await replica?.close()
    await t?.close()
  })
  beforeEach(async () => {
    await t.db.query('delete from basalt.attempt_limits')
  })

  const browser = async (app: App, ip: string) => {
    const agent = new Agent(app, ip)
    await agent.get('/api/auth/state')
    return agent
  }
  const signIn = (agent: Agent, email: string, password = PASSWORD) =>
    agent.post('/api/auth/sign-in', { email, password })
  const failedChecks = async (email: string) =>
    Number(
      (
        await t.db.query(`select count(*) from basalt.audit_log where action = 'user.sign_in_failed' and target = $1`, [
          email,
        ])
      ).rows[0].count,
    )

  it('60 parallel wrong passwords for one account, on two servers, pass exactly the free number of checks', async () => {
    const here = await browser(t.app, '10.1.0.1')
    const there = await browser(replica, '10.1.0.1')
    const before = await failedChecks('owner@example.com')
    const answers = await Promise.all(
      range(60).map((i) => signIn(i % 2 ? here : there, 'owner@example.com', `wrong password ${i}`)),
    )
    expect(statuses(answers)).toEqual({ 401: 5, 429: 55 })
    expect((await failedChecks('owner@example.com')) - before).toBe(5)
    // (In the burst some may be refused by the address's ceiling, while 20 attempts are in flight.)
    const refused = await signIn(here, 'owner@example.com', 'one more guess')
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many failed attempts. Try again in 1 minute.',
    })
    // The owner, at their own address, is not kept out by someone who knows their e-mail.
    expect((await signIn(await browser(t.app, '10.1.0.2'), 'owner@example.com')).statusCode).toBe(200)
  })

  it('the delay doubles with each failure past the free ones, and the right password clears it', async () => {
    const a = await browser(t.app, '10.2.0.1')
    const key = 'sign-in:user1@example.com 10.2.0.1'
    const delaySeconds = async () =>
      Number(
        (
          await t.db.query(
            `select round(extract(epoch from next_at - last_at)) as s from basalt.attempt_limits where key = $1`,
            [key],
          )
        ).rows[0].s,
      )
    // Time passes: the delay is over.
    const wait = () => t.db.query('update basalt.attempt_limits set next_at = now() where key = $1', [key])

    for (const i of range(4)) expect((await signIn(a, 'user1@example.com', `wrong ${i}`)).statusCode).toBe(401)
    expect(await delaySeconds()).toBe(0)
    expect((await signIn(a, 'user1@example.com', 'wrong 4')).statusCode).toBe(401)
    expect(await delaySeconds()).toBe(60)
    expect((await signIn(a, 'user1@example.com')).json().message).toMatch(/Try again in 1 minute\.$/)
    await wait()
    expect((await signIn(a, 'user1@example.com', 'wrong 5')).statusCode).toBe(401)
    expect(await delaySeconds()).toBe(120)
    expect((await signIn(a, 'user1@example.com')).json().message).toMatch(/Try again in 2 minutes\.$/)
    await wait()
    expect((await signIn(a, 'user1@example.com', 'wrong 6')).statusCode).toBe(401)
    expect(await delaySeconds()).toBe(240)
    await wait()
    expect((await signIn(a, 'user1@example.com')).statusCode).toBe(200)
    expect((await t.db.query('select 1 from basalt.attempt_limits where key = $1', [key])).rowCount).toBe(0)
  })

  it('one address has a ceiling across accounts, exact under 60 parallel attempts on two servers', async () => {
    const here = await browser(t.app, '10.3.0.1')
    const there = await browser(replica, '10.3.0.1')
    const answers = await Promise.all(
      range(60).map((i) => signIn(i % 2 ? here : there, `nobody${i}@example.com`, 'a guess')),
    )
    expect(statuses(answers)).toEqual({ 401: 20, 429: 40 })
    // Another address is not affected.
    expect((await signIn(await browser(t.app, '10.3.0.2'), 'user2@example.com')).statusCode).toBe(200)
  })

  it('one busy proxy address does not lock every user out', async () => {
    // Thirty people sign in through one proxy (no TRUST_PROXY), ten at a time: more than the ceiling, none
    // refused, because right passwords are given back. (An attempt counts while its password is checked.)
    const people = await Promise.all(range(30).map(() => browser(t.app, '10.4.0.1')))
    const first = []
    for (const batch of [0, 10, 20]) {
      first.push(
        ...(await Promise.all(range(10).map((i) => signIn(people[batch + i]!, `user${batch + i + 1}@example.com`)))),
      )
    }
    expect(statuses(first)).toEqual({ 200: 30 })

    // Someone behind the same proxy guesses passwords for every account he can think of, up to the ceiling.
    const attacker = await browser(t.app, '10.4.0.1')
    const guesses = await Promise.all(range(40).map((i) => signIn(attacker, `user${(i % 30) + 1}@example.com`, 'x')))
    expect(statuses(guesses)).toEqual({ 401: 20, 429: 20 })
    // A browser new to the account is refused at that address for now…
    expect((await signIn(await browser(t.app, '10.4.0.1'), 'user1@example.com')).statusCode).toBe(429)
    // …but everyone whose browser signed in to their account before still gets in, parallel or not.
    const again = await Promise.all(people.map((p, i) => signIn(p, `user${i + 1}@example.com`)))
    expect(statuses(again)).toEqual({ 200: 30 })
    // The trusted-browser cookie is bound to its account: it does not lift the ceiling for another one.
    expect((await signIn(people[0]!, 'user2@example.com')).statusCode).toBe(429)
    // A forged cookie is not trusted either.
    const forger = await browser(t.app, '10.4.0.1')
    forger.cookies.set('basalt_device', `${people[0]!.cookies.get('basalt_device')!.split('.')[0]}.forged`)
    expect((await signIn(forger, 'user1@example.com')).statusCode).toBe(429)
  })

  it('a trusted browser has a growing delay of its own', async () => {
    const mine = await browser(t.app, '10.5.0.1')
    expect((await signIn(mine, 'user3@example.com')).statusCode).toBe(200)
    const answers = await Promise.all(range(20).map((i) => signIn(mine, 'user3@example.com', `typo ${i}`)))
    expect(statuses(answers)).toEqual({ 401: 5, 429: 15 })
  })

  it('records refused sign-ins in the audit log, without the password', async () => {
    const a = await browser(t.app, '10.6.0.1')
    await Promise.all(range(7).map((i) => signIn(a, 'stranger@example.com', `secret guess ${i}`)))
    const { rows } = await t.db.query(
      `select action, actor_email, ip, details::text from basalt.audit_log where target = 'stranger@example.com'`,
    )
    expect(rows.filter((r) => r.action === 'user.sign_in_failed')).toHaveLength(5)
    const refused = rows.filter((r) => r.action === 'user.sign_in_refused')
    expect(refused).toHaveLength(2)
    expect(refused[0]).toMatchObject({ actor_email: 'stranger@example.com', ip: '10.6.0.1' })
    expect(JSON.parse(refused[0].details)).toEqual({ reason: 'rate_limited', trustedBrowser: false })
    expect(JSON.stringify(rows)).not.toContain('secret guess')
  })

  it('20 parallel wrong MFA codes pass at most the limit of checks', async () => {
    const a = await browser(t.app, '10.7.0.1')
    await signIn(a, 'user5@example.com')
    const { secret } = (await a.post('/api/account/mfa/enroll')).json()
    const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate()
    expect((await a.post('/api/account/mfa/confirm', { code })).statusCode).toBe(200)
    const b = await browser(t.app, '10.7.0.2')
    expect((await signIn(b, 'user5@example.com')).json()).toEqual({ mfaRequired: true })
    const wrong = code === '000000' ? '000001' : '000000'
    const answers = await Promise.all(range(20).map(() => b.post('/api/auth/mfa/verify', { code: wrong })))
    expect(statuses(answers)).toEqual({ 401: 5, 429: 15 })
    const { rows } = await t.db.query(
      `select action, count(*)::int as n from basalt.audit_log
        where target = 'user5@example.com' and action like 'user.mfa_%' group by action order by action`,
    )
    expect(rows).toEqual([
      { action: 'user.mfa_enroll', n: 1 },
      { action: 'user.mfa_failed', n: 5 },
      { action: 'user.mfa_refused', n: 15 },
    ])
  })
})
