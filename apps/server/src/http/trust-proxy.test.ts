import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp } from '../../test/platform-app.ts'

/** TRUST_PROXY decides whose X-Forwarded-For names the client, for rate limits and the audit log. */
describe('behind a trusted proxy', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A failed sign-in from this socket address with this X-Forwarded-For; the address the audit log kept. */
  async function auditedAddress(socket: string, forwardedFor: string): Promise<string> {
    const agent = new Agent(t.app, socket)
    await agent.get('/api/auth/state')
    const email = `nobody-${socket}@example.com`
    const res = await agent.request(
      'POST',
      '/api/auth/sign-in',
      { email, password: 'wrong password here' },
      { 'x-forwarded-for': forwardedFor },
    )
    expect(res.json().code).toBe('invalid_credentials')
    const { rows } = await t.db.query<{ ip: string }>(
      "select ip from basalt.audit_log where action = 'user.sign_in_failed' and target = $1",
      [email],
    )
    return rows[0]!.ip
  }

  it("takes the client's address from a trusted proxy's X-Forwarded-For", async () => {
    expect(await auditedAddress('10.1.2.3', '203.0.113.9')).toBe('203.0.113.9')
  })

  it('ignores X-Forwarded-For sent straight by a client', async () => {
    expect(await auditedAddress('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7')
  })
})
