import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../test/platform-app.ts'
import { buildApp, DEFAULT_WEB_DIST } from '../app.ts'
import { sharedServerProjects } from '../db/project-databases.ts'
import { contentSecurityPolicy } from './security-headers.ts'

/** A <script> element without a src: inline code, which the CSP would block. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>/i

describe('security headers', () => {
  let dir: string
  let app: Awaited<ReturnType<typeof buildApp>>
  // A store nobody listens on: /api calls that need it fail, and their error answers are checked too.
  const db = new pg.Pool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 })
  db.on('error', () => {})

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-dist-'))
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Basalt</title>')
    await writeFile(path.join(dir, 'app.js'), 'console.log(1)')
    app = await buildApp({
      config: testConfig({ publicUrl: 'https://basalt.example' }),
      db,
      projectDatabases: sharedServerProjects('postgresql://nobody@127.0.0.1:1/none'),
      webDistDir: dir,
    })
  })
  afterAll(async () => {
    await app.close()
    await db.end()
    await rm(dir, { recursive: true, force: true })
  })

  it('are on every answer: the app, its files, API answers and errors', async () => {
    const answers = {
      page: await app.inject('/'),
      clientRoute: await app.inject('/project/default/sql/new'),
      file: await app.inject('/app.js'),
      apiNotFound: await app.inject('/api/nothing/here'),
      apiRefused: await app.inject({ method: 'POST', url: '/api/organizations', payload: {} }),
      apiStoreDown: await app.inject('/api/auth/state'),
    }
    expect(answers.apiStoreDown.statusCode).toBeGreaterThanOrEqual(500)
    for (const [what, res] of Object.entries(answers)) {
      const csp = String(res.headers['content-security-policy'])
      expect(csp, what).toBe(contentSecurityPolicy())
      expect(res.headers['x-content-type-options'], what).toBe('nosniff')
      expect(res.headers['referrer-policy'], what).toBe('same-origin')
      expect(res.headers['x-frame-options'], what).toBe('DENY')
      expect(res.headers['strict-transport-security'], what).toBe('max-age=31536000')
      expect(res.headers['cache-control'] === 'no-store', what).toBe(what.startsWith('api'))
    }
  })

  it('the policy: scripts only from Basalt, nothing framing it, workers for Monaco, the AI endpoint when set', () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy()
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    )
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'worker-src': "'self' blob:",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'none'",
    })
    expect(contentSecurityPolicy(['https://ai.example'])).toContain("connect-src 'self' https://ai.example;")
  })

  it('the web app has no inline script for the policy to block', async () => {
    const sources = [path.resolve(DEFAULT_WEB_DIST, '../index.html'), path.join(DEFAULT_WEB_DIST, 'index.html')]
    const html = await Promise.all(sources.filter((f) => existsSync(f)).map((f) => readFile(f, 'utf8')))
    expect(html.length).toBeGreaterThan(0)
    for (const page of html) {
      expect(page).toContain('<script')
      expect(page).not.toMatch(INLINE_SCRIPT)
    }
    expect('<script>alert(1)</script>').toMatch(INLINE_SCRIPT)
    expect('<script type="module">x</script>').toMatch(INLINE_SCRIPT)
  })
})
