import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { Member } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, withAdminClient } from './databases.ts'
import { freePort } from './global-setup.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const KEY = 'ab'.repeat(32)

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
type Json = any

/** A browser against one server: keeps cookies, sends the CSRF header as the web app does. */
class Browser {
  cookies = new Map<string, string>()
  constructor(public base: string) {}
  /** The same browser, its requests sent to another server (a load balancer's choice). */
  on(base: string): Browser {
    const other = new Browser(base)
    other.cookies = this.cookies
    return other
  }
  async call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: Json }> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const csrf = this.cookies.get('basalt_csrf')
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(this.base + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair!.indexOf('=')
      const value = pair!.slice(at + 1)
      if (value) this.cookies.set(pair!.slice(0, at), value)
      else this.cookies.delete(pair!.slice(0, at))
    }
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
}

/** Starts `npm start`'s server (main.ts) as its own process; resolves once it answers HTTP. */
function startReplica(env: Record<string, string>): {
  process: ChildProcess
  exited: Promise<{ code: number | null; stderr: string }>
} {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '..', 'src', 'main.ts')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', BASALT_MODE: 'hosted', ...env },
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  )
  return { process: child, exited }
}

async function answers(base: string, deadlineMs = 60_000): Promise<void> {
  for (const end = Date.now() + deadlineMs; Date.now() < end;) {
    try {
      if ((await fetch(`${base}/api/auth/state`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${base} did not answer`)
}

/**
 * Two Basalt processes on one platform database (issue 17, docs/scaling.md), driven over HTTP as a load
 * balancer would: they start together on an empty database, set projects up for each other, refuse a third
 * with another key, and what one changes the other sees at once.
 */
describe('two Basalt processes on one platform database', () => {
  let platform: Awaited<ReturnType<typeof createTestDatabase>>
  const replicas: ReturnType<typeof startReplica>[] = []
  const bases: string[] = []
  const refs: string[] = []

  beforeAll(async () => {
    platform = await createTestDatabase('plat')
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      bases.push(`http://127.0.0.1:${port}`)
      replicas.push(
        startReplica({
          PLATFORM_DATABASE_URL: platform.url,
          ENCRYPTION_KEY: KEY,
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        }),
      )
    }
    // Started together on an empty platform database: both come up.
    await Promise.all(bases.map((base) => answers(base)))
  }, 120_000)
  afterAll(async () => {
    for (const r of replicas) {
      r.process.kill('SIGTERM')
      await r.exited
    }
    await withAdminClient(async (c) => {
      for (const ref of refs) {
        await c.query(`drop database if exists ${c.escapeIdentifier(`basalt_project_${ref}`)} with (force)`)
        for (const role of ['admin', 'readonly']) {
          await c.query(`drop role if exists ${c.escapeIdentifier(`basalt_project_${ref}_${role}`)}`)
        }
      }
    })
    await platform?.drop()
  })

  it('refuses a third server with another ENCRYPTION_KEY, with one line naming it', async () => {
    const third = startReplica({
      PLATFORM_DATABASE_URL: platform.url,
      ENCRYPTION_KEY: 'cd'.repeat(32),
      PORT: String(await freePort()),
    })
    const { code, stderr } = await third.exited
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^ENCRYPTION_KEY does not match/)])
  }, 60_000)

  it('sets a project up on one and serves it on the other; a pause and a promotion on one reach the other', async () => {
    const [a, b] = bases as [string, string]
    const owner = new Browser(a)
    await owner.call('GET', '/api/auth/state')
    expect(
      (await owner.call('POST', '/api/auth/sign-up', { email: 'owner@example.com', password: 'correct horse battery' }))
        .status,
    ).toBe(201)
    const [org] = (await owner.call('GET', '/api/organizations')).json
    // Created through the second server, set up by whichever runs the job, read through the first.
    const created = await owner.on(b).call('POST', `/api/organizations/${org.slug}/projects`, { name: 'Shared' })
    expect(created.status).toBe(201)
    const ref: string = created.json.ref
    refs.push(ref)
    for (const end = Date.now() + 30_000; ;) {
      const { json } = await owner.call('GET', `/api/projects/${ref}`)
      if (json.status === 'active') break
      if (Date.now() > end) throw new Error(`project is ${json.status}`)
      await new Promise((r) => setTimeout(r, 100))
    }

    // A Read-only member reads through the second server, which remembers the grant.
    const { token } = (
      await owner.call('POST', `/api/organizations/${org.slug}/invitations`, {
        email: 'ro@example.com',
        role: 'read_only',
      })
    ).json
    const member = new Browser(a)
    await member.call('GET', '/api/auth/state')
    expect(
      (
        await member.call('POST', '/api/auth/sign-up', {
          email: 'ro@example.com',
          password: 'correct horse battery',
          inviteToken: token,
        })
      ).status,
    ).toBe(201)
    const memberOnB = member.on(b)
    expect((await memberOnB.call('GET', `/api/projects/${ref}`)).json.role).toBe('read_only')
    const members = (await owner.call('GET', `/api/organizations/${org.slug}/members`)).json as Member[]
    const ro = members.find((m) => m.email === 'ro@example.com')!
    expect(
      (await owner.call('PATCH', `/api/organizations/${org.slug}/members/${ro.userId}`, { role: 'developer' })).status,
    ).toBe(204)
    // The second server drops what it remembered when the event reaches it (NOTIFY, a few ms) and remembers a
    // grant for a second at most (docs/scaling.md): the new role is there within that, not necessarily on the
    // very next request (once, on a loaded machine, that request arrived before the event).
    for (const end = Date.now() + 5_000; ;) {
      const { json } = await memberOnB.call('GET', `/api/projects/${ref}`)
      if (json.role === 'developer' || Date.now() > end) {
        expect(json.role).toBe('developer')
        break
      }
      await new Promise((r) => setTimeout(r, 50))
    }

    // The second server holds connections to the project; a pause through the first closes them.
    const rows = () =>
      owner.on(b).call('POST', `/api/platform/pg-meta/${ref}/table-rows`, { schema: 'auth', table: 'users' })
    expect((await rows()).status).toBe(200)
    const sessions = async () => {
      const url = new URL(inject('pgAdminUrl'))
      url.pathname = '/postgres'
      const c = new pg.Client({ connectionString: url.toString() })
      await c.connect()
      const { rows: found } = await c.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and usename = $2`,
        [`basalt_project_${ref}`, `basalt_project_${ref}_admin`],
      )
      await c.end()
      return found[0].n as number
    }
    expect(await sessions()).toBeGreaterThan(0)
    expect((await owner.call('POST', `/api/projects/${ref}/pause`)).status).toBe(200)
    const refused = await rows()
    expect(refused.status).toBe(409)
    for (const end = Date.now() + 2_000; (await sessions()) > 0;) {
      if (Date.now() > end) throw new Error('the second server kept its connections to the paused project')
      await new Promise((r) => setTimeout(r, 50))
    }
  }, 120_000)
})
