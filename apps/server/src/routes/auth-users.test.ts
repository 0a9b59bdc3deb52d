import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_USER_MESSAGES, type AuthUser } from '@basalt/contracts'
import { Agent, createProjectApp, type Agent as AgentType } from '../../test/platform-app.ts'

/** 120 users: created a minute apart, every third signed in, every fourth confirmed, two anonymous, one banned. */
const SEED = `
  insert into auth.users (id, email, phone, created_at, last_sign_in_at, email_confirmed_at, is_anonymous, banned_until)
  select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
         case when i in (7, 8) then null else 'user' || lpad(i::text, 3, '0') || '@example.com' end,
         case when i = 9 then '+15550000009' end,
         '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 minute',
         case when i % 3 = 0 then '2026-02-01T00:00:00Z'::timestamptz + i * interval '1 second' end,
         case when i % 4 = 0 then now() end,
         i in (7, 8),
         case when i = 10 then now() + interval '1 day' end
    from generate_series(1, 120) as i;
`

describe('auth users routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: AgentType
  let developer: AgentType
  let outsider: AgentType
  const api = (path = '') => `/api/platform/auth/${p.ref}/users${path}`
  const count = async () => (await p.database.query('select count(*)::int as n from auth.users')).rows[0].n as number
  /** Every page of a listing, following nextCursor. */
  const all = async (query: string) => {
    const users: AuthUser[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res = await p.owner.get(api(`?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`))
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json()
      expect(page.users.length).toBeLessThanOrEqual(50)
      users.push(...page.users)
      cursor = page.nextCursor
      pages++
    } while (cursor)
    return { users, pages }
  }

  beforeAll(async () => {
    p = await createProjectApp('Auth users')
    readOnly = await p.join('ro@example.com', 'read_only')
    developer = await p.join('dev@example.com', 'developer')
    outsider = await p.outsider()
    await p.database.query(SEED)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('pages through every user 50 at a time in each sort, nulls last, without repeating one', async () => {
    const newest = await all('sort=created_at&order=desc')
    expect(newest.pages).toBe(3)
    expect(newest.users.map((u) => u.id)).toEqual(
      Array.from({ length: 120 }, (_, k) => `00000000-0000-4000-8000-${String(120 - k).padStart(12, '0')}`),
    )
    const signedIn = (await all('sort=last_sign_in_at&order=desc')).users
    expect(signedIn).toHaveLength(120)
    expect(signedIn[0]!.id.endsWith('000000000120')).toBe(true)
    expect(signedIn.slice(0, 40).every((u) => u.last_sign_in_at !== null)).toBe(true)
    expect(signedIn.slice(40).every((u) => u.last_sign_in_at === null)).toBe(true)
    const byEmail = (await all('sort=email&order=asc')).users
    expect(byEmail.map((u) => u.email).slice(0, 3)).toEqual([
      'user001@example.com',
      'user002@example.com',
      'user003@example.com',
    ])
    expect(byEmail.slice(-2).map((u) => u.email)).toEqual([null, null])
    expect(new Set(byEmail.map((u) => u.id)).size).toBe(120)
  })

  it('searches by e-mail, phone or id, and filters', async () => {
    const search = async (q: string) => (await p.owner.get(api(`?keywords=${encodeURIComponent(q)}`))).json().users
    expect((await search(' USER042@ ')).map((u: AuthUser) => u.email)).toEqual(['user042@example.com'])
    expect((await search('+1555')).map((u: AuthUser) => u.phone)).toEqual(['+15550000009'])
    expect((await search('8000-000000000077')).map((u: AuthUser) => u.email)).toEqual(['user077@example.com'])
    expect(await search('user_0')).toEqual([])

    expect((await all('filter=verified')).users).toHaveLength(30)
    // Not confirmed and not anonymous: 120 - 30 confirmed - user 7 (anonymous; user 8 is anonymous and confirmed).
    expect((await all('filter=unverified')).users).toHaveLength(89)
    expect((await all('filter=anonymous')).users.map((u) => u.email)).toEqual([null, null])
    expect((await all('filter=banned')).users.map((u) => u.email)).toEqual(['user010@example.com'])

    const bad = await p.owner.get(api('?cursor=nonsense'))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^The page cursor is not one this list gave/)
  })

  it('creates a user GoTrue can sign in, with their email identity, and refuses what it cannot create', async () => {
    const before = await count()
    const res = await developer.post(api(), {
      email: ' Grace@Example.com ',
      password: 'hopper-1906',
      autoConfirm: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({ email: 'grace@example.com', providers: ['email'], is_anonymous: false })
    expect(created.email_confirmed_at).not.toBeNull()
    expect(created.identities).toEqual([
      expect.objectContaining({ provider: 'email', provider_id: created.id, email: 'grace@example.com' }),
    ])
    const { rows } = await p.database.query(
      `select encrypted_password, aud, role, instance_id::text, confirmation_token from auth.users where id = $1`,
      [created.id],
    )
    expect(rows[0].encrypted_password).toMatch(/^\$2a\$10\$/)
    expect(await bcrypt.compare('hopper-1906', rows[0].encrypted_password)).toBe(true)
    expect(rows[0]).toMatchObject({ aud: 'authenticated', role: 'authenticated', confirmation_token: '' })

    const unconfirmed = await developer.post(api(), {
      email: 'pending@example.com',
      password: 'secret1',
      autoConfirm: false,
    })
    expect(unconfirmed.json().email_confirmed_at).toBeNull()

    const refusals: Array<[object, number, string]> = [
      [
        { email: 'GRACE@example.com', password: 'another-pass' },
        409,
        AUTH_USER_MESSAGES.emailTaken('grace@example.com'),
      ],
      [{ email: 'new@example.com', password: '' }, 400, AUTH_USER_MESSAGES.passwordRequired],
      [{ email: 'new@example.com', password: '12345' }, 400, AUTH_USER_MESSAGES.passwordTooShort],
      [{ email: 'new@example.com', password: 'x'.repeat(73) }, 400, AUTH_USER_MESSAGES.passwordTooLong],
      [{ email: 'not-an-address', password: 'secret1' }, 400, AUTH_USER_MESSAGES.emailInvalid],
      [{ email: '', password: 'secret1' }, 400, AUTH_USER_MESSAGES.emailRequired],
    ]
    for (const [body, status, message] of refusals) {
      const refused = await developer.post(api(), body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(status)
      expect(refused.json().message).toBe(message)
    }
    expect(await count()).toBe(before + 2)
    const audit = await p.t.db.query(
      `select actor_email, target, details from basalt.audit_log where action = 'auth.user.create' order by id`,
    )
    expect(audit.rows).toEqual([
      {
        actor_email: 'dev@example.com',
        target: 'grace@example.com',
        details: { project: p.ref, userId: created.id, autoConfirm: true },
      },
      expect.objectContaining({ target: 'pending@example.com' }),
    ])
    expect(JSON.stringify(audit.rows)).not.toContain('hopper')
  })

  it('shows one user, edits metadata, bans for a duration and unbans, and deletes with identities', async () => {
    const { id } = (await developer.post(api(), { email: 'ban@example.com', password: 'secret1' })).json()
    const detail = (await readOnly.get(api(`/${id}`))).json()
    expect(detail).toMatchObject({
      id,
      email: 'ban@example.com',
      user_metadata: {},
      identities: [{ provider: 'email' }],
    })

    const edited = await developer.patch(api(`/${id}`), {
      user_metadata: { name: 'Ban' },
      app_metadata: { plan: 'pro' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ user_metadata: { name: 'Ban' }, app_metadata: { plan: 'pro' } })
    const notObject = await developer.patch(api(`/${id}`), { user_metadata: ['a'] })
    expect(notObject.statusCode).toBe(400)
    expect(notObject.json().message).toBe(AUTH_USER_MESSAGES.metadataNotObject)

    const banned = await developer.post(api(`/${id}/ban`), { duration: '24h' })
    expect(banned.statusCode, banned.body).toBe(200)
    const until = Date.parse(banned.json().banned_until) - Date.now()
    expect(until).toBeGreaterThan(23.9 * 3600_000)
    expect(until).toBeLessThan(24.1 * 3600_000)
    for (const duration of ['forever', '', '0h', '-1h', '876001h']) {
      const refused = await developer.post(api(`/${id}/ban`), { duration })
      expect(refused.statusCode, duration).toBe(400)
      expect(refused.json().message).toBe(AUTH_USER_MESSAGES.banDurationInvalid(duration))
    }
    expect((await developer.get(api(`/${id}`))).json().banned_until).toBe(banned.json().banned_until)
    expect((await all('filter=banned')).users.map((u) => u.email)).toContain('ban@example.com')
    const unbanned = await developer.post(api(`/${id}/unban`))
    expect(unbanned.json().banned_until).toBeNull()

    const deleted = await developer.delete(api(`/${id}`))
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ id, email: 'ban@example.com' })
    expect(
      (await p.database.query('select count(*)::int as n from auth.identities where user_id = $1', [id])).rows[0].n,
    ).toBe(0)
    expect((await developer.get(api(`/${id}`))).statusCode).toBe(404)
    expect((await developer.delete(api(`/${id}`))).statusCode).toBe(404)

    const actions = await p.t.db.query(
      `select action, details->>'duration' as duration from basalt.audit_log
        where details->>'userId' = $1 order by id`,
      [id],
    )
    expect(actions.rows).toEqual([
      { action: 'auth.user.create', duration: null },
      { action: 'auth.user.update', duration: null },
      { action: 'auth.user.ban', duration: '24h' },
      { action: 'auth.user.unban', duration: null },
      { action: 'auth.user.delete', duration: null },
    ])
  })

  it('lets Read-only members see but not change, another organisation nothing, and nobody unsigned', async () => {
    const target = '00000000-0000-4000-8000-000000000001'
    const before = await count()
    const writes = [
      (a: AgentType) => a.post(api(), { email: 'x@example.com', password: 'secret1' }),
      (a: AgentType) => a.patch(api(`/${target}`), { user_metadata: { hacked: true } }),
      (a: AgentType) => a.post(api(`/${target}/ban`), { duration: '1h' }),
      (a: AgentType) => a.post(api(`/${target}/unban`)),
      (a: AgentType) => a.delete(api(`/${target}`)),
    ]
    expect((await readOnly.get(api())).statusCode).toBe(200)
    // Signed out, with the CSRF cookie a browser would have: the session is what is missing.
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    for (const write of writes) {
      expect((await write(readOnly)).statusCode).toBe(403)
      expect((await write(outsider)).statusCode).toBe(404)
      expect((await write(anonymous)).statusCode).toBe(401)
    }
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.get(api(`/${target}`))).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect(await count()).toBe(before)
    const { rows } = await p.database.query('select raw_user_meta_data, banned_until from auth.users where id = $1', [
      target,
    ])
    expect(rows[0]).toEqual({ raw_user_meta_data: null, banned_until: null })
  })
})
