import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETUP_CODE_MISSING, SETUP_CODE_WRONG } from '../src/platform/auth.ts'
import { isLoopback } from '../src/platform/setup-code.ts'
import { freePort } from './global-setup.ts'

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts')

/** `npm start` as an operator runs it, listening beyond loopback on a fresh data directory. */
describe('first run beyond loopback', () => {
  let dataDir: string
  let port: number
  let server: ChildProcess
  let output = ''
  const url = (p: string) => `http://127.0.0.1:${port}${p}`

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-first-run-'))
    await chmod(dataDir, 0o755)
    port = await freePort()
    server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        HOST: '0.0.0.0',
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        // Everything the server would log, to look for secrets in.
        LOG_LEVEL: 'trace',
        ENCRYPTION_KEY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()))
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()))
    const deadline = Date.now() + 90_000
    while (!output.includes('Basalt is running')) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`Basalt did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 120_000)
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  /** A browser: the first GET hands out the CSRF token, which every POST echoes. */
  const cookies = new Map<string, string>()
  const call = async (method: 'GET' | 'POST', p: string, body?: object) => {
    const res = await fetch(url(p), {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'POST'
          ? { 'content-type': 'application/json', 'x-csrf-token': cookies.get('basalt_csrf')! }
          : {}),
      },
      body: body && JSON.stringify(body),
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [name, ...value] = pair!.split('=')
      cookies.set(name!, value.join('='))
    }
    return { status: res.status, body: await res.json() }
  }

  it("prints a setup code, and the owner's sign-up needs it", async () => {
    const printed = /sign up the owner account with the setup code ([A-Z2-9]{4}(?:-[A-Z2-9]{4}){3})\n/.exec(output)
    expect(printed, output).not.toBeNull()
    const code = printed![1]!

    expect((await call('GET', '/api/auth/state')).body).toEqual({
      needsSetup: true,
      setupCodeRequired: true,
      mode: 'hosted',
    })
    const owner = { email: 'owner@example.com', password: 'correct horse battery' }
    expect(await call('POST', '/api/auth/sign-up', owner)).toEqual({
      status: 403,
      body: { code: 'forbidden', message: SETUP_CODE_MISSING },
    })
    expect(await call('POST', '/api/auth/sign-up', { ...owner, setupCode: 'AAAA-BBBB-CCCC-DDDD' })).toEqual({
      status: 403,
      body: { code: 'forbidden', message: SETUP_CODE_WRONG },
    })
    // As typed: lower case, spaces for dashes.
    const typed = code.toLowerCase().replaceAll('-', ' ')
    expect((await call('POST', '/api/auth/sign-up', { ...owner, setupCode: typed })).status).toBe(201)
    expect((await call('GET', '/api/auth/state')).body).toMatchObject({ needsSetup: false, setupCodeRequired: false })
  })

  it("never prints or logs a cluster superuser's password", async () => {
    const files = (await readdir(dataDir, { recursive: true })).filter((f) => path.basename(f) === 'superuser-password')
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const password = (await readFile(path.join(dataDir, file), 'utf8')).trim()
      expect(password.length).toBeGreaterThan(10)
      expect(output).not.toContain(password)
      expect(output).not.toContain(encodeURIComponent(password))
    }
  })

  it('counts only loopback addresses as this machine', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopback(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'basalt.example']) expect(isLoopback(host), host).toBe(false)
  })
})
