import { access, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { fail, ok, type Result } from '@basalt/contracts'
import { bootstrapProjectDatabase } from './bootstrap.ts'
import { storageOwnerOf } from './project-roles.ts'
import {
  POSTGRES_LOG_DIRECTORY,
  PROJECT_CLUSTER_SETTINGS,
  startEmbeddedPostgres,
  type EmbeddedCluster,
} from './embedded.ts'
import { archiveSettings } from '../backups/archive.ts'
import { createStandby, dropReplicaSlot, pointStandbyAtPrimary } from './replicas.ts'

/** Whether a directory holds an initialised cluster. */
const isCluster = (clusterDir: string) =>
  access(path.join(clusterDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  )

/** Where a project Basalt created lives, as the platform store records it. */
export interface ProjectPlacement {
  ref: string
  database_name: string
  /** The project's own cluster's port (embedded default); null on a shared server. */
  cluster_port: number | null
}

/**
 * The Postgres servers that hold the databases Basalt creates for projects:
 * - `clusters` (the embedded default): one PostgreSQL cluster per project under `DATA_DIR/projects/<ref>`,
 *   on its own port of 127.0.0.1, so a project cannot see another project or the platform at all;
 * - `shared` (`PLATFORM_DATABASE_URL`, and the tests): one database per project on that server, reachable
 *   only by the project's own roles (CONNECT revoked from PUBLIC).
 * Either way the superuser URLs it gives are for Basalt's own bootstrap and management, never for a
 * member's call.
 */
export interface ProjectDatabaseProvider {
  readonly kind: 'clusters' | 'shared'
  /** Name of the database Basalt creates for a project ref. */
  databaseNameFor(ref: string): string
  /** Names of the project's admin and read-only login roles. */
  roleNamesFor(ref: string): { admin: string; readonly: string }
  /** Makes the project's server run and its database exist (idempotent). */
  ensure(p: ProjectPlacement): Promise<void>
  /** Superuser URL of the project's database, for bootstrap and management only. */
  superuserUrl(p: ProjectPlacement): string
  /** Where members' connections go. */
  address(p: ProjectPlacement): { host: string; port: number }
  /** Stops serving the project (a paused project): its cluster stops; a shared server is left alone. */
  stop(p: ProjectPlacement): Promise<void>
  /** Removes the project's database and roles, or its whole cluster; no error when already gone. */
  remove(p: ProjectPlacement): Promise<void>
  /**
   * Where the project's Postgres writes its jsonlog files, for the logs collector (logs/postgres-logs.ts):
   * only Basalt's own clusters; a shared or attached server's logs are not Basalt's to read.
   */
  postgresLogDirectory?(ref: string): string
  /** Whether the project's server is up now (false while a dead cluster is being restarted). */
  isRunning(p: ProjectPlacement): boolean
  /** Stops every cluster this process started. */
  closeAll(): Promise<void>
  /** The directory of a project's own cluster (`<dir>/<ref>`, holding `cluster/`); null on a shared server. */
  directoryOf(ref: string): string | null
  /**
   * Makes a read replica of the project run: a hot standby of its cluster, streaming from it (embedded
   * default only; on a shared server a replica is attached by connection string).
   */
  ensureReplica(p: ProjectPlacement, replica: ReplicaPlacement): Promise<void>
  /** Stops and deletes a replica, and drops its replication slot on the primary. */
  removeReplica(p: ProjectPlacement, replicaId: string): Promise<void>
  /** Connects once and reads the server version; the failure message never contains the password. */
  testConnection(connectionString: string): Promise<Result<ConnectionFacts>>
  /**
   * Brings a database up to the project-database contract. `superuser`: the string is the superuser's of a
   * server Basalt manages (withSuperuser); otherwise an attached database's own string.
   */
  bootstrap(connectionString: string, opts?: { superuser?: boolean }): Promise<void>
}

/** Where a project's read replica lives (embedded default): its id and its own port on 127.0.0.1. */
export interface ReplicaPlacement {
  id: string
  port: number
}

/** Replicas made by Basalt need clusters of Basalt's own: not on a shared server. */
export const REPLICAS_NEED_CLUSTERS =
  'Basalt can make read replicas of projects on its embedded clusters; on this server, add a replica by its connection string'

/** What one connection with a connection string learns about it. */
export interface ConnectionFacts {
  serverVersion: string
  /** The role logs in as a superuser: anyone who may run SQL there can run programs on its host. */
  superuser: boolean
  /** The database is a Basalt platform database (it has `basalt.schema_migrations`), never a project's. */
  platform: boolean
}

const CONNECT_TIMEOUT_MS = 5_000

/**
 * Settings every session Basalt opens as a server's superuser starts with, whatever the project's database
 * and roles say: options sent when the session starts override `ALTER DATABASE … SET` and `ALTER ROLE … SET`,
 * which the project's admin role (the database's owner) may write. With them no tenant object is ever found
 * by an unqualified name (the search path is pg_catalog's, so a `public.pg_advisory_lock(integer)` or a
 * `public.hashtext(text)` is not considered: CVE-2018-1058), no trigger a member made fires on a table the
 * superuser writes (only `ENABLE ALWAYS` triggers fire in replica mode, and only a table's owner may mark
 * one so), no role or library is taken on at login, and no timeout or read-only default of the database's
 * cuts a bring-up short, and no statement of Basalt's is logged with its text (docs/logs.md). docs/isolation.md,
 * "Basalt's own superuser sessions".
 */
export function superuserSessionOptions(user: string): string {
  const settings: [string, string][] = [
    ['search_path', 'pg_catalog,pg_temp'],
    ['session_authorization', user],
    ['role', 'none'],
    ['session_replication_role', 'replica'],
    ['local_preload_libraries', ''],
    ['default_transaction_read_only', 'off'],
    ['statement_timeout', '0'],
    ['lock_timeout', '0'],
    ['idle_in_transaction_session_timeout', '0'],
    // A statement of Basalt's that fails is not written to the server's log with its text: it may carry a
    // role's password, and a project's Postgres log is read by every member with the logs permission.
    ['log_min_error_statement', 'panic'],
  ]
  // In startup options a space separates arguments; a backslash keeps one (and itself) in a value.
  return settings.map(([k, v]) => `-c ${k}=${v.replace(/[\\ ]/g, (c) => '\\' + c)}`).join(' ')
}

export async function withClient<T>(
  connectionString: string,
  fn: (c: pg.Client) => Promise<T>,
  options?: string,
): Promise<T> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'basalt',
    ...(options === undefined ? {} : { options }),
  })
  // A server closing the connection after connect must reject the call, not crash the process.
  client.on('error', () => {})
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * fn on a session as the superuser of a server Basalt manages (a project's cluster, or the shared server),
 * with superuserSessionOptions: for bring-up, bootstrap, roles, replicas and upgrades only — never for a
 * member's call.
 */
export function withSuperuser<T>(superuserUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  return withClient(superuserUrl, fn, superuserSessionOptions(decodeURIComponent(new URL(superuserUrl).username)))
}

/** An error message with the connection string's password, if it repeats it, masked. */
export function withoutPassword(message: string, connectionString: string): string {
  let password = ''
  try {
    password = decodeURIComponent(new URL(connectionString).password)
  } catch {
    return message
  }
  return password ? message.split(password).join('********') : message
}

const urlWithDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = '/' + encodeURIComponent(database)
  return u.toString()
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  await withSuperuser(adminUrl, async (c) => {
    const { rowCount } = await c.query('select 1 from pg_catalog.pg_database where datname = $1', [database])
    // Another replica creating the same database at the same moment is as good.
    if (!rowCount) {
      await c.query(`create database ${c.escapeIdentifier(database)}`).catch((err: unknown) => {
        if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw err
      })
    }
  })
}

const common = {
  async testConnection(connectionString: string): Promise<Result<ConnectionFacts>> {
    try {
      const { rows } = await withClient(connectionString, (c) =>
        c.query<ConnectionFacts>(
          `select current_setting('server_version') as "serverVersion",
                  (select rolsuper from pg_roles where rolname = current_user) as superuser,
                  to_regclass('basalt.schema_migrations') is not null as platform`,
        ),
      )
      return ok(rows[0]!)
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'Connection failed'
      return fail('connection_failed', `Unable to connect: ${withoutPassword(message, connectionString)}`)
    }
  },
  async bootstrap(connectionString: string, { superuser = false } = {}): Promise<void> {
    await (superuser ? withSuperuser : withClient)(connectionString, (c) => bootstrapProjectDatabase(c))
  },
}

/**
 * Project databases on one shared server.
 *
 * @param adminUrl a superuser URL to any database of the server where project databases are created
 * @param databasePrefix prefix of created database and role names (tests use their own to clean up after
 *   themselves)
 */
export function sharedServerProjects(adminUrl: string, databasePrefix = 'basalt_project_'): ProjectDatabaseProvider {
  const u = new URL(adminUrl)
  const address = { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 5432) }
  return {
    kind: 'shared',
    databaseNameFor: (ref) => databasePrefix + ref,
    roleNamesFor: (ref) => ({ admin: `${databasePrefix}${ref}_admin`, readonly: `${databasePrefix}${ref}_readonly` }),
    ensure: (p) => createDatabaseIfMissing(adminUrl, p.database_name),
    superuserUrl: (p) => urlWithDatabase(adminUrl, p.database_name),
    address: () => address,
    stop: async () => {},
    async remove(p) {
      const roles = this.roleNamesFor(p.ref)
      await withSuperuser(adminUrl, async (c) => {
        await c.query(`drop database if exists ${c.escapeIdentifier(p.database_name)} with (force)`)
        for (const role of [roles.admin, roles.readonly, storageOwnerOf(roles.admin)]) {
          // The role may own objects in no other database (CONNECT is the project's only): drop it.
          await c.query(`drop role if exists ${c.escapeIdentifier(role)}`)
        }
      })
    },
    isRunning: () => true,
    closeAll: async () => {},
    directoryOf: () => null,
    ensureReplica: () => Promise.reject(new Error(REPLICAS_NEED_CLUSTERS)),
    removeReplica: async () => {},
    ...common,
  }
}

export interface ClusterEvents {
  log?: (ref: string, line: string) => void
  onRestart?: (ref: string, event: 'died' | 'restarted' | 'failed', detail?: string) => void
}

/**
 * One embedded PostgreSQL cluster per project, under `<dir>/<ref>` (cluster and superuser password), on the
 * port the platform store gives it. Clusters are started on demand and kept running (restarted if they die)
 * until stopped.
 */
export function projectClusters(
  dir: string,
  events: ClusterEvents = {},
  {
    archiveDirOf,
  }: {
    /**
     * Continuous archiving (backups/): the directory each project's cluster archives its WAL into, made
     * ready for the cluster to write. Without it, clusters do not archive.
     */
    archiveDirOf?: (ref: string) => Promise<string>
  } = {},
): ProjectDatabaseProvider {
  const running = new Map<string, Promise<EmbeddedCluster>>()

  const clusterOf = (p: ProjectPlacement): Promise<EmbeddedCluster> => {
    let cluster = running.get(p.ref)
    if (!cluster) {
      if (p.cluster_port === null) throw new Error(`Project ${p.ref} has no cluster port`)
      const port = p.cluster_port
      cluster = (async () =>
        startEmbeddedPostgres({
          dir: path.join(dir, p.ref),
          port,
          settings: {
            ...PROJECT_CLUSTER_SETTINGS,
            ...(archiveDirOf ? archiveSettings(await archiveDirOf(p.ref)) : {}),
          },
          log: (line) => events.log?.(p.ref, line),
          onRestart: (event, detail) => events.onRestart?.(p.ref, event, detail),
        }))()
      running.set(p.ref, cluster)
      cluster.catch(() => running.delete(p.ref))
    }
    return cluster
  }
  // Read replicas, keyed `<ref>/<replica id>`.
  const replicas = new Map<string, Promise<EmbeddedCluster>>()
  const stopReplica = async (key: string) => {
    const replica = replicas.get(key)
    replicas.delete(key)
    await (await replica?.catch(() => undefined))?.stop()
  }
  const stopReplicasOf = (ref: string) =>
    Promise.all([...replicas.keys()].filter((key) => key.startsWith(`${ref}/`)).map(stopReplica))
  const stop = async (p: ProjectPlacement) => {
    await stopReplicasOf(p.ref)
    const cluster = running.get(p.ref)
    running.delete(p.ref)
    await (await cluster?.catch(() => undefined))?.stop()
  }
  const superuserUrl = (p: ProjectPlacement, database = p.database_name) => {
    const cluster = started.get(p.ref)
    if (!cluster) throw new Error(`The cluster of project ${p.ref} is not running`)
    return cluster.urlFor(database)
  }
  // Clusters whose start has finished, for synchronous lookups.
  const started = new Map<string, EmbeddedCluster>()

  return {
    kind: 'clusters',
    databaseNameFor: (ref) => `basalt_project_${ref}`,
    roleNamesFor: () => ({ admin: 'basalt_admin', readonly: 'basalt_readonly' }),
    postgresLogDirectory: (ref) => path.join(dir, ref, 'cluster', POSTGRES_LOG_DIRECTORY),
    async ensure(p) {
      const cluster = await clusterOf(p)
      started.set(p.ref, cluster)
      await createDatabaseIfMissing(cluster.urlFor('postgres'), p.database_name)
    },
    superuserUrl: (p) => superuserUrl(p),
    address: (p) => ({ host: '127.0.0.1', port: p.cluster_port ?? 0 }),
    async stop(p) {
      started.delete(p.ref)
      await stop(p)
    },
    async remove(p) {
      started.delete(p.ref)
      await stop(p)
      await rm(path.join(dir, p.ref), { recursive: true, force: true })
    },
    isRunning: (p) => started.get(p.ref)?.running ?? false,
    directoryOf: (ref) => path.join(dir, ref),
    async closeAll() {
      await Promise.all([...replicas.keys()].map(stopReplica))
      const all = [...running.values()]
      running.clear()
      started.clear()
      await Promise.all(all.map(async (c) => (await c.catch(() => undefined))?.stop()))
    },
    async ensureReplica(p, replica) {
      const key = `${p.ref}/${replica.id}`
      if (replicas.has(key)) {
        await replicas.get(key)
        return
      }
      const replicaDir = path.join(dir, p.ref, 'replicas', replica.id)
      const starting = (async () => {
        if (!(await isCluster(path.join(replicaDir, 'cluster')))) {
          await createStandby(await clusterOf(p), path.join(dir, p.ref), replicaDir, replica.id)
        } else {
          await pointStandbyAtPrimary(await clusterOf(p), path.join(dir, p.ref), replicaDir, replica.id)
        }
        return startEmbeddedPostgres({
          dir: replicaDir,
          port: replica.port,
          settings: PROJECT_CLUSTER_SETTINGS,
          standby: true,
          log: (line) => events.log?.(key, line),
          onRestart: (event, detail) => events.onRestart?.(key, event, detail),
        })
      })()
      replicas.set(key, starting)
      starting.catch(() => replicas.delete(key))
      await starting
    },
    async removeReplica(p, replicaId) {
      await stopReplica(`${p.ref}/${replicaId}`)
      const primary = running.get(p.ref)
      if (primary) await dropReplicaSlot(await primary, replicaId)
      await rm(path.join(dir, p.ref, 'replicas', replicaId), { recursive: true, force: true })
    },
    ...common,
  }
}
