// Basalt built in-process with buildApp and driven with app.inject (no socket), on one embedded Postgres
// holding the platform database, with a project on a cluster of its own as on the embedded default: the
// figures taken this way are the server's own time, HTTP parsing included, network excluded.
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp } from '@basalt/server/src/app.ts'
import { startEmbeddedPostgres, type EmbeddedCluster } from '@basalt/server/src/db/embedded.ts'
import { backupStore } from '@basalt/server/src/backups/store.ts'
import { projectClusters, type ProjectDatabaseProvider } from '@basalt/server/src/db/project-databases.ts'
import { adminUrlOf } from '@basalt/server/src/db/connections.ts'
import type { ProjectRow } from '@basalt/server/src/platform/projects.ts'
import { createPlatformPool, migratePlatform } from '@basalt/server/src/platform/store.ts'
import type { App } from '@basalt/server/src/routes/types.ts'
import { freePort } from './http.ts'

/** A browser: keeps cookies and sends the CSRF header the way the web app does. */
export class Agent {
  cookies = new Map<string, string>()
  /** The server's own time on the last request, from its Server-Timing header (ms). */
  serverTime = NaN
  constructor(private app: App) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get('basalt_csrf')
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { payload: body }),
    })
    this.serverTime = Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing']))?.[1])
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return res
  }

  /** A request that must answer 2xx; its JSON body. */
  async ok<T = unknown>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
    const res = await this.request(method, url, body)
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
}

/** Median and 95th percentile. */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return { median: at(0.5), p95: at(0.95) }
}
export const ms = (x: number) => `${x.toFixed(2)} ms`

/** The statements every pg client sends while fn runs (first 100 characters of each). */
export async function roundTrips(fn: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = proto.query
  const sent: string[] = []
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0]
    const text = typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '?')
    sent.push(text.replace(/\s+/g, ' ').trim().slice(0, 100))
    return original.apply(this, args)
  }
  try {
    await fn()
  } finally {
    proto.query = original
  }
  return sent
}

export interface InProcessProject {
  app: App
  platformDb: pg.Pool
  /** The owner, signed in. */
  owner: Agent
  ref: string
  /** The project's database as its admin role: its URL, and a client connected to it. */
  directUrl: string
  direct: pg.Client
  /** The project cluster's superuser (for what its admin role may not do: bulk loads into storage.objects). */
  superuserUrl(): Promise<string>
  close(): Promise<void>
}

/**
 * Starts the platform's Postgres, builds the app on it and signs an owner up who creates a project; the app
 * gives the project a cluster of its own, and `direct` connects to its database as the project's admin role.
 * With `backups`, as server.ts does: the clusters archive their WAL into DATA_DIR/backups (the fs store) and
 * the app takes base backups and restores (backups/).
 */
export async function inProcessProject(label: string, options: { backups?: boolean } = {}): Promise<InProcessProject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `basalt-bench-${label}-`))
  await chmod(dir, 0o755)
  let cluster: EmbeddedCluster | undefined
  let platformDb: pg.Pool | undefined
  let app: App | undefined
  let direct: pg.Client | undefined
  let projectDatabases: ProjectDatabaseProvider | undefined
  const close = async () => {
    await direct?.end().catch(() => {})
    await app?.close().catch(() => {})
    await projectDatabases?.closeAll().catch(() => {})
    await platformDb?.end().catch(() => {})
    await cluster?.stop().catch(() => {})
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const platformPort = await freePort()
    cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: platformPort })
    const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') })
    await admin.connect()
    await admin.query('create database bench_platform')
    await admin.end()

    platformDb = createPlatformPool(cluster.urlFor('bench_platform'), 5)
    const migrating = await platformDb.connect()
    await migratePlatform(migrating)
    migrating.release()
    // As on the embedded default: the project gets a cluster of its own, and the app connects as its admin role.
    const backups = options.backups ? backupStore(dir, null) : undefined
    projectDatabases = projectClusters(
      path.join(dir, 'projects'),
      {},
      backups ? { archiveDirOf: (ref) => backups.prepareWalDir(ref) } : {},
    )
    app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        mode: 'hosted',
        platformDatabaseUrl: undefined,
        encryptionKey: randomBytes(32),
        logLevel: 'silent',
        publicUrl: 'http://localhost:8000',
        embeddedPgPort: platformPort,
        trustProxy: false,
        projectPoolSize: 10,
        projectMaxConnections: 20,
        orgProjectLimit: 10,
      },
      db: platformDb,
      projectDatabases,
      webDistDir: null,
      ...(backups ? { backupStore: backups } : {}),
    })

    // The owner and a project whose database the app creates on its own cluster.
    const owner = new Agent(app)
    await owner.ok('GET', '/api/auth/state')
    await owner.ok('POST', '/api/auth/sign-up', { email: 'owner@example.com', password: 'correct horse battery' })
    const [org] = await owner.ok<{ slug: string }[]>('GET', '/api/organizations')
    const { ref } = await owner.ok<{ ref: string }>('POST', `/api/organizations/${org!.slug}/projects`, {
      name: 'Bench',
    })
    for (const deadline = Date.now() + 60_000; ;) {
      const { status } = await owner.ok<{ status: string }>('GET', `/api/projects/${ref}`)
      if (status === 'active') break
      if (status !== 'coming_up' || Date.now() > deadline) throw new Error(`project ${ref} is ${status}`)
      await new Promise((r) => setTimeout(r, 100))
    }

    const { rows } = await platformDb.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
    const directUrl = adminUrlOf(app.platform, rows[0]!)!
    direct = new pg.Client({ connectionString: directUrl })
    await direct.connect()
    const placement = rows[0]!
    const provider = projectDatabases
    return {
      app,
      platformDb,
      owner,
      ref,
      directUrl,
      direct,
      superuserUrl: async () => provider.superuserUrl({ ...placement, database_name: placement.database_name! }),
      close,
    }
  } catch (err) {
    await close()
    throw err
  }
}
