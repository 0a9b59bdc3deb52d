import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { createProjectDatabaseProvider } from '../src/db/project-databases.ts'
import type { RateLimits } from '../src/platform/context.ts'
import { createPlatformPool, migratePlatform } from '../src/platform/store.ts'
import type { App } from '../src/routes/types.ts'
import { createTestDatabase, withAdminClient } from './databases.ts'

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    mode: 'hosted',
    platformDatabaseUrl: undefined,
    encryptionKey: randomBytes(32),
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
    publicUrl: 'http://localhost:8000',
    embeddedPgPort: 0,
    ...overrides,
  }
}

/**
 * The whole app against a fresh platform database on the test cluster. Project databases it creates are
 * named with this file's own prefix and dropped by close().
 */
export async function createTestApp(options: { rateLimits?: Partial<RateLimits>; config?: Partial<Config> } = {}) {
  const platformDb = await createTestDatabase('plat')
  const db = createPlatformPool(platformDb.url, 5)
  const client = await db.connect()
  await migratePlatform(client)
  client.release()
  const prefix = `${platformDb.name}_p_`
  const projectDatabases = createProjectDatabaseProvider(inject('pgAdminUrl'), prefix)
  const config = testConfig(options.config)
  const app = await buildApp({ config, db, projectDatabases, rateLimits: options.rateLimits, webDistDir: null })
  return {
    app,
    db,
    config,
    projectDatabases,
    async close() {
      await app.close()
      await db.end()
      await withAdminClient(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [prefix],
        )
        for (const r of rows) await c.query(`drop database if exists ${c.escapeIdentifier(r.datname)} with (force)`)
      })
      await platformDb.drop()
    },
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A browser: keeps cookies and sends the CSRF header the way the web app does. */
export class Agent {
  cookies = new Map<string, string>()
  constructor(
    private app: App,
    private ip = '127.0.0.1',
  ) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get('basalt_csrf')
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    })
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return res
  }

  get = (url: string) => this.request('GET', url)
  post = (url: string, body?: unknown) => this.request('POST', url, body)
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body)
  delete = (url: string, body?: unknown) => this.request('DELETE', url, body)

  /** GET /api/auth/state (which sets the CSRF cookie), then sign-up. */
  async signUp(email: string, password = 'correct horse battery', inviteToken?: string) {
    await this.get('/api/auth/state')
    return this.post('/api/auth/sign-up', { email, password, ...(inviteToken ? { inviteToken } : {}) })
  }

  async signIn(email: string, password = 'correct horse battery') {
    await this.get('/api/auth/state')
    return this.post('/api/auth/sign-in', { email, password })
  }
}

/** Polls until the project leaves 'coming_up'. */
export async function waitForProject(
  agent: Agent,
  ref: string,
  timeoutMs = 20_000,
): Promise<{ status: string; statusMessage: string | null }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await agent.get(`/api/projects/${ref}`)
    const body = res.json()
    if (body.status !== 'coming_up' || Date.now() > deadline) return body
    await new Promise((r) => setTimeout(r, 100))
  }
}
