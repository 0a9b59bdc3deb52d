import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { PlatformContext } from './context.ts'
import { ensureClusterPort, type ProjectRow } from './projects.ts'
import { PROJECT_CLUSTER_SETTINGS, startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.ts'
import { freePort } from '../db/ports.ts'
import { withSuperuser } from '../db/project-databases.ts'

const run = promisify(execFile)

export interface LayoutUpgrade {
  platformCluster: EmbeddedCluster
  /** The platform cluster's directory (`DATA_DIR/postgres`: `cluster/` and `superuser-password`). */
  platformDir: string
  /** Where projects' own clusters live (`DATA_DIR/projects`). */
  projectsDir: string
  /** Starts the platform cluster again after it was stopped for the copy. */
  restartPlatform(): Promise<EmbeddedCluster>
  notice(line: string): void
}

const databasesOf = (cluster: EmbeddedCluster) =>
  withSuperuser(cluster.urlFor('postgres'), async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_catalog.pg_database')
    return new Set(rows.map((r) => r.datname))
  })

const dropDatabase = (cluster: EmbeddedCluster, database: string) =>
  withSuperuser(cluster.urlFor('postgres'), (c) =>
    c.query(`drop database if exists ${c.escapeIdentifier(database)} with (force)`),
  )

/**
 * Moves the databases of projects from the data directory's former layout — every project database inside
 * the platform cluster — into clusters of their own, without losing data: the platform cluster is stopped
 * and copied whole (files, so every object, owner and setting comes along) once per project; each copy is
 * started alone, loses every database but its project's (the platform's first) and gets its own superuser
 * password; only then is the project recorded as moved (its cluster port) and its database dropped from the
 * platform cluster. A start interrupted at any step does the step again: an unrecorded copy is made anew,
 * and a recorded project's database still in the platform cluster is dropped. Returns the platform cluster,
 * started again when it had to be stopped.
 */
export async function upgradeSharedClusterLayout(ctx: PlatformContext, u: LayoutUpgrade): Promise<EmbeddedCluster> {
  const { rows } = await ctx.db.query<ProjectRow>("select * from basalt.projects where kind = 'embedded'")
  const present = await databasesOf(u.platformCluster)
  const toMove = rows.filter((p) => p.cluster_port === null && present.has(p.database_name!))
  const leftovers = rows.filter((p) => p.cluster_port !== null && present.has(p.database_name!))
  let platform = u.platformCluster
  if (toMove.length > 0) {
    u.notice(
      `Moving ${toMove.length} project database(s) out of Basalt's own PostgreSQL into clusters of their own (a copy each)…`,
    )
    await platform.stop()
    try {
      for (const p of toMove) {
        const dir = path.join(u.projectsDir, p.ref)
        await rm(dir, { recursive: true, force: true })
        await mkdir(dir, { recursive: true })
        // cp -a keeps the files' owner (the 'postgres' system user when Basalt runs as root).
        await run('cp', ['-a', path.join(u.platformDir, 'cluster'), path.join(dir, 'cluster')])
        await rm(path.join(dir, 'cluster', 'postmaster.pid'), { force: true })
        await copyFile(path.join(u.platformDir, 'superuser-password'), path.join(dir, 'superuser-password'))
      }
    } finally {
      platform = await u.restartPlatform()
    }
    for (const p of toMove) {
      const dir = path.join(u.projectsDir, p.ref)
      const copy = await startEmbeddedPostgres({ dir, port: await freePort(), settings: PROJECT_CLUSTER_SETTINGS })
      try {
        const others = [...(await databasesOf(copy))].filter(
          (d) => d !== p.database_name && d !== 'postgres' && !d.startsWith('template'),
        )
        for (const d of others) await dropDatabase(copy, d)
        const password = randomBytes(18).toString('base64url')
        await withSuperuser(copy.urlFor('postgres'), (c) =>
          c.query(`alter role postgres password ${c.escapeLiteral(password)}`),
        )
        await writeFile(path.join(dir, 'superuser-password'), password + '\n', { mode: 0o600 })
      } finally {
        await copy.stop()
      }
      await ensureClusterPort(ctx, p)
      leftovers.push(p)
      u.notice(`Project ${p.ref}: moved into ${dir}`)
    }
  }
  for (const p of leftovers) await dropDatabase(platform, p.database_name!)
  return platform
}
