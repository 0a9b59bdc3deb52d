import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { processAlive as alive, startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embedded.ts'
import { freePort } from './global-setup.ts'

/**
 * A Basalt that dies without stopping its clusters (a crash, SIGKILL, the OOM killer) leaves their
 * postmasters running with no parent of theirs. The next start stops such a leftover and starts the cluster
 * again, instead of saying another PostgreSQL holds the directory (issue 23, point 4).
 */
describe('a postmaster left by a Basalt that died', () => {
  let dir: string
  let cluster: EmbeddedCluster | undefined
  afterAll(async () => {
    await cluster?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('is stopped at the next start, which then serves the same cluster', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-orphan-'))
    await chmod(dir, 0o755)
    const port = await freePort()
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'cluster-holder.ts')],
      {
        env: { ...process.env, DIR: dir, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve())
      holder.once('exit', (code) => reject(new Error(`the holder exited (${code})`)))
    })
    const orphan = Number((await readFile(path.join(dir, 'cluster', 'postmaster.pid'), 'utf8')).split('\n')[0])
    holder.kill('SIGKILL')
    await once(holder, 'exit')
    expect(alive(orphan)).toBe(true)

    cluster = await startEmbeddedPostgres({ dir, port })
    expect(alive(orphan)).toBe(false)
    const client = new pg.Client({ connectionString: cluster.urlFor('postgres') })
    await client.connect()
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await client.end()
  }, 120_000)
})
