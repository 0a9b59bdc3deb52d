import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENCRYPTION_KEY_MISMATCH } from '../src/platform/store.ts'
import { startServer, type RunningServer } from '../src/server.ts'
import { freePort } from './global-setup.ts'
import { testConfig } from './platform-app.ts'

/** What start-up refuses, on the embedded default: a data dir another Basalt holds, and a different key. */
describe('starting Basalt', () => {
  let dataDir: string
  let port: number
  let first: RunningServer | undefined
  const keyA = Buffer.alloc(32, 1)
  const keyB = Buffer.alloc(32, 2)
  const config = (encryptionKey: Buffer) => testConfig({ dataDir, embeddedPgPort: port, encryptionKey })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-start-'))
    await chmod(dataDir, 0o755)
    port = await freePort()
  })
  afterAll(async () => {
    await first?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses a data dir another Basalt is using, naming it, and the first keeps serving', async () => {
    first = await startServer(config(keyA))
    await expect(startServer(config(keyA))).rejects.toThrow(
      /is in use by another PostgreSQL \(pid \d+\), most likely another Basalt on the same DATA_DIR/,
    )
    const res = await first.app.inject({ method: 'GET', url: '/api/auth/state' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses another ENCRYPTION_KEY than the one the platform database was first used with', async () => {
    await first!.stop()
    first = undefined
    await expect(startServer(config(keyB))).rejects.toThrow(ENCRYPTION_KEY_MISMATCH)
    // Nothing was left running: the right key starts.
    first = await startServer(config(keyA))
    expect((await first.app.inject({ method: 'GET', url: '/api/auth/state' })).statusCode).toBe(200)
  })
})
