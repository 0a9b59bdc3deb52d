import type pg from 'pg'
import { SHARE_LINK_MESSAGES, type ShareLink } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'

/**
 * Share links (issue 25 point 7) against a real platform database, a real project database and each object
 * store (the directory, and a real S3-compatible server): created by members who may write storage,
 * downloaded by anyone with the link, each download counted exactly and audited, refused alike when unknown,
 * revoked, expired or used up.
 */
describe.each(STORAGE_BACKENDS)('share links on the %s store', (_kind, open) => {
  let backend: OpenBackend
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let platform: pg.Pool
  let readOnly: Agent
  let outsider: Agent
  let anonymous: Agent
  let stranger: Agent
  const links = (bucket = 'files') => `/api/storage/${p.ref}/buckets/${bucket}/share-links`
  const revoke = (id: string) => `/api/storage/${p.ref}/share-links/${id}/revoke`
  const create = async (body: Record<string, unknown>) => {
    const res = await p.owner.post(links(), { path: 'docs/report.txt', expiresIn: 3600, ...body })
    expect(res.statusCode, res.body).toBe(201)
    const created: { link: ShareLink; url: string } = res.json()
    return { ...created, path: new URL(created.url).pathname }
  }
  const listed = async (id: string) => ((await readOnly.get(links())).json() as ShareLink[]).find((l) => l.id === id)!
  const form = (agent: Agent, path: string, password: string) =>
    agent.request('POST', path, `password=${encodeURIComponent(password)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    })

  beforeAll(async () => {
    backend = await open()
    p = await createProjectApp('Shares', {
      objectStore: backend.store,
      // Two wrong passwords free, then a delay (the sign-in limiter's shape, smaller).
      rateLimits: { signIn: { free: 2, delayMs: 60_000, maxDelayMs: 3_600_000, forgetMs: 86_400_000 } },
    })
    platform = p.t.db
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    stranger = new Agent(p.t.app, '203.0.113.9')
    expect((await p.owner.post(`/api/storage/${p.ref}/buckets`, { id: 'files' })).statusCode).toBe(201)
    const up = await p.owner.request(
      'POST',
      `/api/storage/${p.ref}/buckets/files/objects/upload?path=docs/report.txt`,
      Buffer.from('Quarterly figures'),
      { 'content-type': 'text/plain' },
    )
    expect(up.statusCode, up.body).toBe(201)
  })
  afterAll(async () => {
    await p?.close()
    await backend?.close()
  })

  it('streams the object to anyone with the link, Range included, and counts and audits each download', async () => {
    const { link, url, path } = await create({})
    expect(url).toMatch(/^http:\/\/localhost:8000\/share\/[A-Za-z0-9_-]{43}$/)
    expect(link).toMatchObject({ path: 'docs/report.txt', hasPassword: false, maxDownloads: null, downloads: 0 })
    expect(link.state).toBe('active')
    // Only the token's hash is stored.
    const stored = await platform.query('select token_hash from basalt.storage_share_links where id = $1', [link.id])
    expect(Buffer.from(stored.rows[0].token_hash).toString('utf8')).not.toContain(path.split('/').pop())

    const whole = await stranger.get(path)
    expect(whole.statusCode).toBe(200)
    expect(whole.body).toBe('Quarterly figures')
    expect(whole.headers['content-disposition']).toBe('attachment; filename="report.txt"')
    const part = await stranger.request('GET', path, undefined, { range: 'bytes=10-16' })
    expect(part.statusCode).toBe(206)
    expect(part.body).toBe('figures')
    // HEAD answers without counting.
    expect((await stranger.request('HEAD', path)).statusCode).toBe(200)
    expect((await listed(link.id)).downloads).toBe(2)

    const { rows } = await platform.query(
      `select action, actor_id, ip, organization_slug, target, details from basalt.audit_log
        where action = 'storage.share_link.download' and details->>'link' = $1 order by id`,
      [link.id],
    )
    expect(rows.map((r) => [r.target, r.ip, r.actor_id, r.details.download])).toEqual([
      ['files/docs/report.txt', '203.0.113.9', null, 1],
      ['files/docs/report.txt', '203.0.113.9', null, 2],
    ])
    expect(rows[0].organization_slug).toBe(p.slug)
  })

  it('gives exactly the allowed number of downloads, however many ask at once', async () => {
    const { link, path } = await create({ maxDownloads: 3 })
    const answers = await Promise.all(Array.from({ length: 8 }, () => stranger.get(path)))
    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.body)).toEqual(Array(3).fill('Quarterly figures'))
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(5)
    expect(await listed(link.id)).toMatchObject({ downloads: 3, maxDownloads: 3, state: 'used_up' })
  })

  it('answers unknown, revoked, expired and used-up links with the same 404 page', async () => {
    const revoked = await create({})
    const expired = await create({})
    const usedUp = await create({ maxDownloads: 1 })
    expect((await stranger.get(usedUp.path)).statusCode).toBe(200)
    expect((await stranger.get(revoked.path)).statusCode).toBe(200)
    const res = await p.owner.post(revoke(revoked.link.id))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ state: 'revoked', downloads: 1 })
    await platform.query(
      `update basalt.storage_share_links set expires_at = now() - interval '1 second' where id = $1`,
      [expired.link.id],
    )
    const unknown = `/share/${'A'.repeat(43)}`
    const answers = await Promise.all(
      [unknown, '/share/short', revoked.path, expired.path, usedUp.path].map((u) => stranger.get(u)),
    )
    for (const a of answers) {
      expect(a.statusCode).toBe(404)
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(a.body).toBe(answers[0]!.body)
      expect(a.body).toContain(SHARE_LINK_MESSAGES.unavailable)
    }
    expect((await form(stranger, revoked.path, 'whatever')).statusCode).toBe(404)
    expect((await listed(expired.link.id)).state).toBe('expired')
    expect((await listed(revoked.link.id)).state).toBe('revoked')
  })

  it('asks for the password, refuses a wrong one, and limits wrong ones like sign-in does', async () => {
    const { link, path } = await create({ password: 'open sesame', maxDownloads: 5 })
    expect(link.hasPassword).toBe(true)
    const stored = await platform.query('select password_hash from basalt.storage_share_links where id = $1', [link.id])
    expect(stored.rows[0].password_hash).toMatch(/^\$2[ab]\$10\$/)

    const asked = await stranger.get(path)
    expect(asked.statusCode).toBe(200)
    expect(asked.body).toContain(SHARE_LINK_MESSAGES.passwordTitle)
    expect(asked.body).not.toContain('Quarterly')
    const right = await form(stranger, path, 'open sesame')
    expect(right.statusCode).toBe(200)
    expect(right.body).toBe('Quarterly figures')

    const wrong = await form(stranger, path, 'open says me')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain(SHARE_LINK_MESSAGES.wrongPassword)
    expect(wrong.body).not.toContain('Quarterly')
    expect((await form(stranger, path, '')).statusCode).toBe(401)
    // The third wrong one in a row waits, and so does the right one meanwhile.
    const limited = await form(stranger, path, 'open sesame')
    expect(limited.statusCode).toBe(429)
    expect(limited.body).toContain('Too many failed attempts. Try again in 1 minute.')
    // Another address is not held back by this one's failures.
    const elsewhere = await form(new Agent(p.t.app, '198.51.100.7'), path, 'open sesame')
    expect(elsewhere.body).toBe('Quarterly figures')
    expect((await listed(link.id)).downloads).toBe(2)
    const { rows } = await platform.query(
      `select count(*)::int as n from basalt.audit_log where action = 'storage.share_link.password_failed' and details->>'link' = $1`,
      [link.id],
    )
    expect(rows[0].n).toBe(2)
  })

  it('does not count a download whose object is gone', async () => {
    await p.owner.request('POST', `/api/storage/${p.ref}/buckets/files/objects/upload?path=tmp.txt`, Buffer.from('x'), {
      'content-type': 'text/plain',
    })
    const res = await p.owner.post(links(), { path: 'tmp.txt', expiresIn: 600, maxDownloads: 1 })
    const { link, url } = res.json()
    await p.owner.post(`/api/storage/${p.ref}/buckets/files/objects/delete`, {
      items: [{ path: 'tmp.txt', kind: 'file' }],
    })
    expect((await stranger.get(new URL(url).pathname)).statusCode).toBe(404)
    expect((await listed(link.id)).downloads).toBe(0)
  })

  it('opens only the file it was made for: another uploaded where it was is not handed out', async () => {
    const put = (body: string) =>
      p.owner.request(
        'POST',
        `/api/storage/${p.ref}/buckets/files/objects/upload?path=private/plan.txt`,
        Buffer.from(body),
        {
          'content-type': 'text/plain',
        },
      )
    expect((await put('Shared plan')).statusCode).toBe(201)
    const res = await p.owner.post(links(), { path: 'private/plan.txt', expiresIn: 600 })
    const { link, url } = res.json()
    expect((await stranger.get(new URL(url).pathname)).body).toBe('Shared plan')
    await p.owner.post(`/api/storage/${p.ref}/buckets/files/objects/delete`, {
      items: [{ path: 'private/plan.txt', kind: 'file' }],
    })
    expect((await put('Someone else’s secret')).statusCode).toBe(201)
    const after = await stranger.get(new URL(url).pathname)
    expect(after.statusCode).toBe(404)
    expect(after.body).not.toContain('secret')
    expect(await listed(link.id)).toMatchObject({ state: 'file_deleted', downloads: 1 })
  })

  it('checks the body: an object that exists, an expiry, a password and a count in range', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ path: 'docs/missing.txt', expiresIn: 600 }, 404, 'Object not found'],
      [{ path: 'docs/report.txt', expiresIn: 0 }, 400, SHARE_LINK_MESSAGES.expiryRange],
      [{ path: 'docs/report.txt', expiresIn: 400 * 86_400 }, 400, SHARE_LINK_MESSAGES.expiryRange],
      [{ path: 'docs/report.txt', expiresIn: 600, password: 'abc' }, 400, SHARE_LINK_MESSAGES.passwordLength],
      [{ path: 'docs/report.txt', expiresIn: 600, password: 'é'.repeat(40) }, 400, SHARE_LINK_MESSAGES.passwordLength],
      [{ path: 'docs/report.txt', expiresIn: 600, maxDownloads: 0 }, 400, SHARE_LINK_MESSAGES.maxDownloadsRange],
      [{ path: '../etc/passwd', expiresIn: 600 }, 400, 'may not contain "." or ".."'],
    ]
    for (const [body, status, message] of cases) {
      const res = await p.owner.post(links(), body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json().message).toContain(message)
    }
    expect((await p.owner.post(links('nope'), { path: 'a.txt', expiresIn: 600 })).statusCode).toBe(404)
    expect((await p.owner.post(revoke('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404)
  })

  it('lets Read-only members list but not create or revoke; other organisations get 404, the signed-out 401', async () => {
    const { link, path } = await create({})
    expect((await readOnly.get(links())).statusCode).toBe(200)
    const refusedCreate = await readOnly.post(links(), { path: 'docs/report.txt', expiresIn: 600 })
    expect(refusedCreate.statusCode).toBe(403)
    expect(refusedCreate.json().message).toBe('You need additional permissions to change storage')
    expect((await readOnly.post(revoke(link.id))).statusCode).toBe(403)
    for (const [agent, status] of [
      [outsider, 404],
      [anonymous, 401],
    ] as const) {
      expect((await agent.get(links())).statusCode).toBe(status)
      expect((await agent.post(links(), { path: 'docs/report.txt', expiresIn: 600 })).statusCode).toBe(status)
      expect((await agent.post(revoke(link.id))).statusCode).toBe(status)
    }
    // None of that touched the link.
    expect(await listed(link.id)).toMatchObject({ state: 'active', revokedAt: null })
    expect((await stranger.get(path)).statusCode).toBe(200)
  })
})
