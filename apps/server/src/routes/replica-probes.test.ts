import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { createProjectApp } from '../../test/platform-app.ts'
import { REPLICA_NOT_A_STANDBY } from '../db/replicas.ts'
import { REPLICA_UNREACHABLE } from '../platform/replicas.ts'

/**
 * Adding a read replica by connection string makes Basalt's host connect where the caller says (issue 23
 * point 7): it is counted with connection tests, and its refusals do not tell a closed port, a wrong password
 * and a server that is not Postgres apart.
 */
describe('replica connection strings as network probes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let notPostgres: net.Server
  let notPostgresPort: number
  const add = (connectionString: string) => p.owner.post(`/api/projects/${p.ref}/replicas`, { connectionString })

  beforeAll(async () => {
    // A project on a shared server: its replicas are standbys added by connection string.
    p = await createProjectApp('Probes', { rateLimits: { probe: { max: 6, windowMs: 15 * 60_000 } } })
    // A service that is not Postgres: answers like a web server and hangs up.
    notPostgres = net.createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'))
    await new Promise<void>((resolve) => notPostgres.listen(0, '127.0.0.1', resolve))
    notPostgresPort = (notPostgres.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    notPostgres?.close()
    await p?.close()
  })

  it('answers one sentence for a closed port, a wrong password and a service that is not Postgres', async () => {
    const server = new URL(inject('pgAdminUrl'))
    const wrongPassword = new URL(server)
    wrongPassword.password = 'not-the-password'
    const answers = []
    for (const target of [
      'postgresql://someone:pw@127.0.0.1:1/app',
      wrongPassword.toString(),
      `postgresql://someone:pw@127.0.0.1:${notPostgresPort}/app`,
    ]) {
      const res = await add(target)
      answers.push([res.statusCode, res.json()])
    }
    expect(answers).toEqual(Array(3).fill([400, { code: 'bad_request', message: REPLICA_UNREACHABLE }]))
    // A string that logs in may learn what it reached: its owner knows the password.
    const primary = await add(server.toString())
    expect(primary.json()).toEqual({ code: 'bad_request', message: REPLICA_NOT_A_STANDBY })
  })

  it('counts every attempt with the connection tests, and refuses past the limit before connecting', async () => {
    // Four probes above; the test of a connection string is the fifth, and the sixth is the last.
    const tested = await p.owner.post(`/api/organizations/${p.slug}/projects/test-connection`, {
      connectionString: 'postgresql://someone:pw@127.0.0.1:1/app',
    })
    expect(tested.statusCode).toBe(502)
    expect((await add('postgresql://someone:pw@127.0.0.1:1/app')).statusCode).toBe(400)
    for (const target of [
      'postgresql://someone:pw@127.0.0.1:1/app',
      `postgresql://x:y@127.0.0.1:${notPostgresPort}/a`,
    ]) {
      const refused = await add(target)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({
        code: 'rate_limited',
        message: 'Too many connection tests. Try again in 15 minutes.',
      })
    }
    const test = await p.owner.post(`/api/organizations/${p.slug}/projects/test-connection`, {
      connectionString: 'postgresql://someone:pw@127.0.0.1:1/app',
    })
    expect(test.statusCode).toBe(429)
    expect((await p.owner.get(`/api/platform/projects/${p.ref}/databases`)).json()).toHaveLength(1)
  })
})
