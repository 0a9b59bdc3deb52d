import { decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'

/** Settings → API (issue 25, point 1): keys signed with the project's secret, reveals and rolls audited. */
describe('project API keys', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let developer: Agent
  let readOnly: Agent
  let outsider: Agent
  let anonymous: Agent
  const api = (rest = '') => `/api/projects/${p.ref}/settings/api${rest}`
  const auditActions = async () =>
    (
      await p.t.db.query<{ action: string; details: Record<string, unknown> }>(
        "select action, details from basalt.audit_log where action like 'project.%secret%' and target = $1 order by id",
        [p.ref],
      )
    ).rows

  beforeAll(async () => {
    p = await createProjectApp('Keys')
    developer = await p.join('dev@example.com', 'developer')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
  })
  afterAll(async () => {
    await p?.close()
  })

  it('shows the project URL and an anon key signed with the secret an Owner reveals', async () => {
    const res = await p.owner.get(api())
    expect(res.statusCode, res.body).toBe(200)
    const settings = res.json()
    expect(settings).toMatchObject({
      url: `http://localhost:8000/project-api/${p.ref}`,
      storageUrl: `http://localhost:8000/project-api/${p.ref}/storage/v1`,
      autoApiService: { endpoint: `localhost:8000/project-api/${p.ref}`, protocol: 'http' },
      canReveal: true,
    })
    expect(JSON.stringify(settings)).not.toMatch(/service_role/)
    expect(decodeJwt(settings.anonKey)).toMatchObject({ role: 'anon', ref: p.ref })

    const secret = (await p.owner.post(api('/reveal'), { secret: 'jwt_secret' })).json()
    expect(secret.secret).toBe('jwt_secret')
    const key = new TextEncoder().encode(secret.value)
    await expect(jwtVerify(settings.anonKey, key)).resolves.toBeTruthy()
    const service = (await p.owner.post(api('/reveal'), { secret: 'service_role' })).json().value
    expect((await jwtVerify(service, key)).payload).toMatchObject({ role: 'service_role', ref: p.ref })
    // The same secret always gives the same keys.
    expect((await p.owner.get(api())).json().anonKey).toBe(settings.anonKey)
    // The secret is kept encrypted: its text is nowhere in the platform row.
    const { rows } = await p.t.db.query('select jwt_secret_encrypted from basalt.projects where ref = $1', [p.ref])
    expect(rows[0].jwt_secret_encrypted).toMatch(/^v1:/)
    expect(rows[0].jwt_secret_encrypted).not.toContain(secret.value)
    expect((await auditActions()).map((a) => [a.action, a.details.secret])).toEqual([
      ['project.api_secret_reveal', 'jwt_secret'],
      ['project.api_secret_reveal', 'service_role'],
    ])
  })

  it('rolls the secret after confirmation: both keys change and the old ones no longer verify', async () => {
    const before = (await p.owner.get(api())).json().anonKey
    const oldSecret = (await p.owner.post(api('/reveal'), { secret: 'jwt_secret' })).json().value
    expect((await p.owner.post(api('/roll'), {})).statusCode).toBe(400)
    expect((await p.owner.get(api())).json().anonKey).toBe(before)

    const rolled = await p.owner.post(api('/roll'), { confirm: true })
    expect(rolled.statusCode, rolled.body).toBe(200)
    expect(rolled.json().anonKey).not.toBe(before)
    const newSecret = (await p.owner.post(api('/reveal'), { secret: 'jwt_secret' })).json().value
    expect(newSecret).not.toBe(oldSecret)
    await expect(jwtVerify(before, new TextEncoder().encode(newSecret))).rejects.toThrow()
    expect((await auditActions()).map((a) => a.action)).toContain('project.jwt_secret_roll')
  })

  it('shows a Developer and a Read-only member the anon key only; reveal and roll are theirs to ask not', async () => {
    for (const member of [developer, readOnly]) {
      const res = await member.get(api())
      expect(res.statusCode).toBe(200)
      expect(res.json().canReveal).toBe(false)
      for (const [url, body] of [
        [api('/reveal'), { secret: 'service_role' }],
        [api('/reveal'), { secret: 'jwt_secret' }],
        [api('/roll'), { confirm: true }],
      ] as const) {
        const refused = await member.post(url, body)
        expect(refused.statusCode, url).toBe(403)
        expect(refused.body).not.toMatch(/eyJ/)
      }
    }
  })

  it('is a 404 to a member of another organisation and a 401 signed out', async () => {
    for (const [agent, status] of [
      [outsider, 404],
      [anonymous, 401],
    ] as const) {
      expect((await agent.get(api())).statusCode).toBe(status)
      expect((await agent.post(api('/reveal'), { secret: 'jwt_secret' })).statusCode).toBe(status)
      expect((await agent.post(api('/roll'), { confirm: true })).statusCode).toBe(status)
    }
  })
})
