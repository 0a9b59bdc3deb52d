import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../test/platform-app.ts'
import { buildApp } from './app.ts'
import { sharedServerProjects } from './db/project-databases.ts'
import { redactUrl } from './http/logger.ts'

describe('serving the web app', () => {
  let dir: string
  let app: Awaited<ReturnType<typeof buildApp>>
  // These requests never reach the store; the pool connects lazily.
  const db = new pg.Pool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none' })

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-dist-'))
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Basalt</title>')
    await writeFile(path.join(dir, 'app.js'), 'console.log(1)')
    app = await buildApp({
      config: testConfig(),
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

  it('serves files, and index.html for client-side routes', async () => {
    expect((await app.inject('/app.js')).body).toBe('console.log(1)')
    for (const url of ['/', '/project/default/sql/new', '/org/acme/team?x=1']) {
      const res = await app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<title>Basalt</title>')
    }
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject('/api/nothing/here')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'not_found', message: 'No API route GET /api/nothing/here' })
    const post = await app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { cookie: 'basalt_csrf=t', 'x-csrf-token': 't' },
    })
    expect(post.json().code).toBe('not_found')
  })

  it('keeps invitation tokens out of logged URLs', () => {
    expect(redactUrl('/api/invitations/abc123/accept')).toBe('/api/invitations/[redacted]/accept')
  })
})
