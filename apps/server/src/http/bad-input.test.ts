import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_OUT_OF_RANGE } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { buildApp } from '../app.ts'
import { internalErrorMessage } from './errors.ts'
import { MAX_JSON_DEPTH, nestsDeeperThan, NOT_UTF8, TOO_DEEP } from './request-body.ts'

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n)
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)

/** Bodies no route accepts, each as the bytes sent. */
const MALFORMED: Record<string, string | Buffer> = {
  'not JSON': '{"name": ',
  'an array': '[]',
  'a string': '"text"',
  'wrong types': JSON.stringify({
    name: 42,
    email: false,
    password: 1,
    connectionString: {},
    role: 7,
    code: 123456,
    confirm: [],
    schema: 1,
    table: {},
    page: 'first',
    id: true,
    theme: 0,
  }),
  'extra fields': JSON.stringify({ unexpected: true }),
  'huge numbers': JSON.stringify({ page: 1e308, limit: 1e308, expiresInDays: 1e308, id: 1e308, name: 1e308 }),
  'a number past float64': '{"page": 1e400, "limit": -1e400}',
  'deep arrays': deepArray(50_000),
  'deep objects': deepObject(50_000),
  'invalid UTF-8': Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
}

/** What a route expects, wrongly: placeholders filled with things that exist (or look right). */
describe('bad input never answers 500', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let bearer: Record<string, string>

  beforeAll(async () => {
    p = await createProjectApp('Bad input')
    bearer = { authorization: `Bearer ${(await p.owner.post('/api/account/tokens', { name: 'probe' })).json().token}` }
  })
  afterAll(async () => {
    await p?.close()
  })

  const fill = (url: string) =>
    url
      .replace(':slug', p.slug)
      .replace(':ref', p.ref)
      .replace(':token', 'no-such-invitation')
      .replace(/:(id|userId)/, randomUUID())

  it('a 50,000-deep body is refused before it is parsed or validated', async () => {
    const visitor = new Agent(p.t.app, '10.9.0.2')
    await visitor.get('/api/auth/state')
    for (const payload of [deepArray(50_000), deepObject(50_000)]) {
      const answers = [
        // Signed out, on a public route…
        await visitor.request('POST', '/api/auth/sign-in', payload, { 'content-type': 'application/json' }),
        // …and with a token, on one that validates a body.
        await p.t.app.inject({
          method: 'POST',
          url: '/api/organizations',
          headers: { 'content-type': 'application/json', ...bearer },
          payload,
        }),
      ]
      for (const res of answers) {
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 'bad_request', message: TOO_DEEP })
      }
    }
    // As deep as allowed is parsed (and then validated).
    expect(nestsDeeperThan(deepArray(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false)
    expect(nestsDeeperThan(deepArray(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true)
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[' }), 2)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify({ text: 'a "quoted" \\ [' }), 1)).toBe(false)
  })

  it('a body that is not UTF-8 is refused, not repaired', async () => {
    const res = await p.t.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { 'content-type': 'application/json', ...bearer },
      payload: MALFORMED['invalid UTF-8'],
    })
    expect(res.json()).toEqual({ code: 'bad_request', message: NOT_UTF8 })
    expect((await p.owner.get('/api/organizations')).json()).toHaveLength(1)
  })

  it('a page past what Postgres accepts is a 400 that says which pages exist', async () => {
    for (const url of [
      '/api/account/audit?page=99999999999999999999',
      `/api/organizations/${p.slug}/audit?page=1e400`,
      `/api/platform/pg-meta/${p.ref}/entities?schema=public&page=184467440737095516`,
    ]) {
      const res = await p.owner.get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ code: 'validation_failed', message: `page: ${PAGE_OUT_OF_RANGE}` })
    }
    const rows = await p.owner.post(`/api/platform/pg-meta/${p.ref}/table-rows`, {
      schema: 'public',
      table: 'anything',
      page: 1e15,
    })
    expect(rows.json()).toEqual({ code: 'validation_failed', message: `page: ${PAGE_OUT_OF_RANGE}` })
    expect((await p.owner.get('/api/account/audit?page=1000000000')).json().entries).toEqual([])
  })

  it('an unexpected error answers 500 with an id that the log entry carries', async () => {
    const lines: string[] = []
    const app = await buildApp({
      config: { ...p.t.config, logLevel: 'error' },
      db: p.t.db,
      projectDatabases: p.t.projectDatabases,
      webDistDir: null,
      logStream: { write: (line) => lines.push(line) },
    })
    app.get('/api/test/bug', { config: { auth: 'public' } }, async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'rows')")
    })
    const res = await app.inject('/api/test/bug')
    await app.close()
    expect(res.statusCode).toBe(500)
    const { code, message } = res.json()
    expect(code).toBe('internal')
    const errorId = /report error ([0-9a-f-]{36})\.$/.exec(message)?.[1]
    expect(message).toBe(internalErrorMessage(errorId!))
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.errorId === errorId)
    expect(logged).toMatchObject({ level: 50, msg: 'request failed', err: { type: 'TypeError' } })
    expect(logged.err.stack).toContain('bad-input.test.ts')
  })

  it('every /api route answers every malformed body with a 4xx', async () => {
    const routes = p.t.app.apiRoutes.filter((r) => r.method !== 'GET')
    expect(routes.length).toBeGreaterThan(25)
    const wrong: string[] = []
    for (const route of routes) {
      for (const [what, payload] of Object.entries(MALFORMED)) {
        const res = await p.t.app.inject({
          method: route.method as 'POST',
          url: fill(route.url),
          headers: { 'content-type': 'application/json', ...bearer },
          payload,
        })
        if (res.statusCode < 400 || res.statusCode >= 500) {
          wrong.push(`${route.method} ${route.url} with ${what} → ${res.statusCode} ${res.body.slice(0, 200)}`)
        }
      }
    }
    expect(wrong).toEqual([])
    // Nothing was changed by any of them: the owner still signs in with the same password, in one organisation.
    expect((await new Agent(p.t.app, '10.9.0.1').signIn('owner@example.com')).statusCode).toBe(200)
    expect((await p.owner.get('/api/organizations')).json()).toHaveLength(1)
  })

  it('every GET route answers a malformed query string without a 500', async () => {
    const wrong: string[] = []
    const query =
      '?page=99999999999999999999&limit=1e400&schema[]=x&table=%FF%FE&id=-1&sort=%00&search=' + 'x'.repeat(5000)
    for (const route of p.t.app.apiRoutes.filter((r) => r.method === 'GET')) {
      const res = await p.t.app.inject({ method: 'GET', url: fill(route.url) + query, headers: bearer })
      if (res.statusCode >= 500) wrong.push(`GET ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`)
    }
    expect(wrong).toEqual([])
  })
})
