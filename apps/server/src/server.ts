import path from 'node:path'
import pg from 'pg'
import { buildApp } from './app.ts'
import { backupStore, type BackupStore } from './backups/store.ts'
import type { Config } from './config.ts'
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.ts'
import { upgradeSharedClusterLayout } from './platform/layout-upgrade.ts'
import { projectClusters, sharedServerProjects, type ProjectDatabaseProvider } from './db/project-databases.ts'
import { ensureDefaultProject, startProjects, type ProjectRow } from './platform/projects.ts'
import { checkEncryptionKey, createPlatformPool, migratePlatform } from './platform/store.ts'
import type { App } from './routes/types.ts'

const PLATFORM_DATABASE = 'basalt_platform'

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [database])
    if (rows.length === 0) await client.query(`create database ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

export interface RunningServer {
  app: App
  defaultProject: ProjectRow | null
  /** Stops everything that was started, in order: the app, the projects' clusters, the platform store. */
  stop(): Promise<void>
}

export interface StartOptions {
  /** Lines for the operator (restarts of a database, the layout upgrade). */
  notice?: (line: string) => void
}

/**
 * Starts Basalt (not listening yet): the platform store (an external server, or the embedded platform
 * cluster), its migrations, the app, the default project and every project that should be running — each
 * project in its own cluster on the embedded default, after moving the projects of an older data directory
 * out of the platform cluster. Whatever started is stopped again if a later step fails.
 */
export async function startServer(config: Config, { notice = () => {} }: StartOptions = {}): Promise<RunningServer> {
  const running: {
    app?: App
    db?: pg.Pool
    cluster?: EmbeddedCluster
    projects?: ProjectDatabaseProvider
    backups?: BackupStore
  } = {}
  const stop = async () => {
    await running.app?.close()
    await running.projects?.closeAll()
    await running.db?.end()
    await running.cluster?.stop()
  }
  try {
    let platformUrl: string
    if (config.platformDatabaseUrl) {
      // Project databases Basalt creates live on the same server as the platform store, each with its own roles.
      platformUrl = config.platformDatabaseUrl
      running.projects = sharedServerProjects(config.platformDatabaseUrl)
    } else {
      const platformDir = path.join(config.dataDir, 'postgres')
      const startPlatform = () =>
        startEmbeddedPostgres({
          dir: platformDir,
          port: config.embeddedPgPort,
          onRestart: (event, detail) => notice(`Basalt's database ${event}${detail ? `: ${detail}` : ''}`),
        })
      running.cluster = await startPlatform()
      await ensureDatabase(running.cluster.urlFor('postgres'), PLATFORM_DATABASE)
      platformUrl = running.cluster.urlFor(PLATFORM_DATABASE)
      // Each project Basalt creates gets its own cluster, which no project role of another can reach.
      // Each project's cluster archives its WAL into the backup store (backups/).
      const backups = backupStore(config.dataDir, config.s3)
      running.backups = backups
      running.projects = projectClusters(
        path.join(config.dataDir, 'projects'),
        {
          onRestart: (ref, event, detail) => notice(`Project ${ref}: database ${event}${detail ? `: ${detail}` : ''}`),
        },
        { archiveDirOf: (ref) => backups.prepareWalDir(ref) },
      )
    }

    running.db = createPlatformPool(platformUrl)
    const client = await running.db.connect()
    try {
      await migratePlatform(client, notice)
    } finally {
      client.release()
    }
    await checkEncryptionKey(running.db, config.encryptionKey)
    running.app = await buildApp({
      config,
      db: running.db,
      projectDatabases: running.projects,
      platformUrl,
      backupStore: running.backups,
    })
    if (running.cluster) {
      running.cluster = await upgradeSharedClusterLayout(running.app.platform, {
        platformCluster: running.cluster,
        platformDir: path.join(config.dataDir, 'postgres'),
        projectsDir: path.join(config.dataDir, 'projects'),
        restartPlatform: () =>
          startEmbeddedPostgres({
            dir: path.join(config.dataDir, 'postgres'),
            port: config.embeddedPgPort,
            onRestart: (event, detail) => notice(`Basalt's database ${event}${detail ? `: ${detail}` : ''}`),
          }),
        notice,
      })
    }
    const [defaultProject] = await Promise.all([
      ensureDefaultProject(running.app.platform),
      startProjects(running.app.platform),
    ])
    return { app: running.app, defaultProject, stop }
  } catch (err) {
    await stop().catch(() => {})
    throw err
  }
}
