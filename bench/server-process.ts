// Basalt run as `npm start` runs it (apps/server/src/main.ts in a child process with its own embedded Postgres),
// signed up to over real HTTP, and the figures of its memory that /proc shows.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_ARGS } from '../scripts/server-command.mjs'
import { Client, freePort, waitForHttp } from './http.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface BasaltProcess {
  process: ChildProcess
  base: string
  /** The default project's database as its admin role (main.ts prints it). */
  databaseUrl: string
  /** The owner, signed up first, so the default project is theirs. */
  owner: Client
  /** The default project cluster's superuser (for what its admin role may not do: CHECKPOINT). */
  superuserUrl(): Promise<string>
  stop(): Promise<void>
}

/** Starts Basalt on a fresh data dir in `dataDir`, waits for it and signs its first member up. */
export async function startBasalt(dataDir: string): Promise<BasaltProcess> {
  const [port, pgPort] = [await freePort(), await freePort()]
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' },
  })
  const stop = async () => {
    if (server.exitCode !== null) return
    const exited = once(server, 'exit')
    server.kill('SIGINT')
    await exited
  }
  try {
    // main.ts prints the URL of the default project's admin role once it is up.
    let printed = ''
    const databaseUrl = await new Promise<string>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString()
        const match = /Default project database \(its admin role\): (\S+)/.exec(printed)
        if (match) resolve(match[1]!)
      })
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before starting`)))
    })
    const base = `http://127.0.0.1:${port}`
    await waitForHttp(`${base}/api/auth/state`, 120_000)
    // The first sign-up adopts the default project.
    const owner = new Client(base)
    await owner.fetch('/api/auth/state')
    await owner.json('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'correct horse battery' }),
    })
    return {
      process: server,
      base,
      databaseUrl,
      owner,
      superuserUrl: async () => {
        const su = new URL(databaseUrl)
        su.username = 'postgres'
        su.password = (await readFile(path.join(dataDir, 'projects', 'default', 'superuser-password'), 'utf8')).trim()
        return su.toString()
      },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

/** A figure of /proc/<pid>/status in bytes: VmRSS (resident now) or VmHWM (peak since the last reset). */
export async function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
}
export const peakRss = (pid: number) => procStatus(pid, 'VmHWM')
/** Writing 5 to clear_refs resets the peak to the current resident set. */
export const resetPeakRss = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5')

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
/** Growth of the peak over the resident set before: signed, in MB. */
export const growth = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`
/** RSS growth that still counts as flat memory (the CSV files are 100 MB, a capped result 32 MiB). */
export const FLAT_GROWTH = 64 * 1024 * 1024
