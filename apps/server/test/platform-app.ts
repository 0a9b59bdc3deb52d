import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import type { OrgRole } from '@basalt/contracts'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import type { Config } from '../src/config.ts'
import { projectClusters, sharedServerProjects, type ProjectDatabaseProvider } from '../src/db/project-databases.ts'
import type { RateLimits } from '../src/platform/context.ts'
import { adminUrlOf } from '../src/db/connections.ts'
import type { ProjectRow } from '../src/platform/projects.ts'
import { createPlatformPool, migratePlatform } from '../src/platform/store.ts'
import type { App } from '../src/routes/types.ts'
import type { ObjectStore } from '../src/storage/object-store.ts'
import type { S3Config } from '../src/storage/s3-store.ts'
import { backupStore, type BackupStore } from '../src/backups/store.ts'
import { createTestDatabase, withAdminClient } from './databases.ts'
import { freePort } from './global-setup.ts'

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    mode: 'hosted',
    platformDatabaseUrl: undefined,
    encryptionKey: randomBytes(32),
    logLevel: (process.env.TEST_LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
    publicUrl: 'http://localhost:8000',
    embeddedPgPort: 0,
    trustProxy: false,
    projectPoolSize: 5,
    projectMaxConnections: 20,
    orgProjectLimit: 50,
    ...overrides,
  }
}

/**
 * The whole app against a fresh platform database on the test cluster. Project databases it creates are
 * named with this file's own prefix and dropped by close().
 */
export async function createTestApp(
  options: {
    rateLimits?: Partial<RateLimits>
    config?: Partial<Config>
    /** Projects on clusters of their own (the embedded default) instead of databases on the test cluster. */
    clusters?: boolean
    /** Where objects' bytes go (the storage tests run on both backends). */
    objectStore?: ObjectStore
    /**
     * With `clusters`: the clusters archive their WAL and base backups are taken (backups/), into a
     * temporary DATA_DIR/backups, or into this S3 bucket.
     */
    backups?: { s3?: S3Config }
  } = {},
) {
  const platformDb = await createTestDatabase('plat')
  const db = createPlatformPool(platformDb.url, 5)
  const client = await db.connect()
  await migratePlatform(client)
  client.release()
  const prefix = `${platformDb.name}_p_`
  let clustersDir: string | undefined
  let projectDatabases: ProjectDatabaseProvider
  let backups: BackupStore | undefined
  const config = testConfig(options.config)
  if (options.clusters) {
    // The clusters run as the 'postgres' system user, which must be able to enter the directory.
    clustersDir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-projects-'))
    await chmod(clustersDir, 0o755)
    if (options.backups) {
      config.dataDir = clustersDir
      config.s3 = options.backups.s3 ?? null
      backups = backupStore(clustersDir, config.s3)
      const store = backups
      projectDatabases = projectClusters(
        path.join(clustersDir, 'projects'),
        {},
        {
          archiveDirOf: (ref) => store.prepareWalDir(ref),
        },
      )
    } else projectDatabases = projectClusters(clustersDir)
    config.embeddedPgPort = await freePort()
  } else {
    projectDatabases = sharedServerProjects(inject('pgAdminUrl'), prefix)
  }
  const app = await buildApp({
    config,
    db,
    projectDatabases,
    platformUrl: platformDb.url,
    rateLimits: options.rateLimits,
    webDistDir: null,
    objectStore: options.objectStore,
    backupStore: backups,
    backupTickMs: options.backups ? 0 : undefined,
  })
  return {
    app,
    db,
    config,
    projectDatabases,
    platformUrl: platformDb.url,
    /** Where the projects' own clusters live (with `clusters`). */
    clustersDir,
    async close() {
      await app.close()
      await projectDatabases.closeAll()
      if (clustersDir) await rm(clustersDir, { recursive: true, force: true })
      await db.end()
      await withAdminClient(async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [prefix],
        )
        for (const r of rows) await c.query(`drop database if exists ${c.escapeIdentifier(r.datname)} with (force)`)
        const { rows: roles } = await c.query<{ rolname: string }>(
          'select rolname from pg_roles where starts_with(rolname, $1)',
          [prefix],
        )
        for (const r of roles) await c.query(`drop role if exists ${c.escapeIdentifier(r.rolname)}`)
      })
      await platformDb.drop()
    },
  }
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A browser: keeps cookies and sends the CSRF header the way the web app does. */
export class Agent {
  cookies = new Map<string, string>()
  constructor(
    private app: App,
    private ip = '127.0.0.1',
  ) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get('basalt_csrf')
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    })
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return res
  }

  get = (url: string) => this.request('GET', url)
  post = (url: string, body?: unknown) => this.request('POST', url, body)
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body)
  delete = (url: string, body?: unknown) => this.request('DELETE', url, body)

  /** GET /api/auth/state (which sets the CSRF cookie), then sign-up. */
  async signUp(email: string, password = 'correct horse battery', inviteToken?: string) {
    await this.get('/api/auth/state')
    return this.post('/api/auth/sign-up', { email, password, ...(inviteToken ? { inviteToken } : {}) })
  }

  async signIn(email: string, password = 'correct horse battery') {
    await this.get('/api/auth/state')
    return this.post('/api/auth/sign-in', { email, password })
  }
}

/** Polls until the project leaves 'coming_up'. */
export async function waitForProject(
  agent: Agent,
  ref: string,
  timeoutMs = 20_000,
): Promise<{ status: string; statusMessage: string | null }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await agent.get(`/api/projects/${ref}`)
    const body = res.json()
    if (body.status !== 'coming_up' || Date.now() > deadline) return body
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A superuser URL of a project's database on the test cluster: for tests to inspect what roles cannot. */
export async function projectSuperuserUrl(t: { db: pg.Pool; projectDatabases: ProjectDatabaseProvider }, ref: string) {
  const { rows } = await t.db.query('select ref, database_name, cluster_port from basalt.projects where ref = $1', [
    ref,
  ])
  return t.projectDatabases.superuserUrl(rows[0])
}

/**
 * A URL that logs in as the project's admin role — what a member connecting with psql gets: tests arrange
 * their tables with it, so the tables belong to the project as they would in use.
 */
export async function projectAdminUrl(t: { app: App; db: pg.Pool }, ref: string) {
  const { rows } = await t.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
  return adminUrlOf(t.app.platform, rows[0]!)!
}

/**
 * What project route tests start from: an app with an owner, one active project of the owner's
 * organisation (on a cluster of its own with `clusters`), a connection to that project's database as its admin
 * role (see projectAdminUrl), `outsider` for a member of another organisation only, and `join` to add a member with a role
 * through an invitation. `close` ends the connection and the app.
 */
export async function createProjectApp(
  name: string,
  options: {
    clusters?: boolean
    config?: Partial<Config>
    objectStore?: ObjectStore
    rateLimits?: Partial<RateLimits>
    backups?: { s3?: S3Config }
  } = {},
) {
  const t = await createTestApp(options)
  const owner = new Agent(t.app)
  await owner.signUp('owner@example.com')
  const [org] = (await owner.get('/api/organizations')).json()
  const ref: string = (await owner.post(`/api/organizations/${org.slug}/projects`, { name })).json().ref
  const { status, statusMessage } = await waitForProject(owner, ref)
  if (status !== 'active') throw new Error(`project ${ref} is ${status}: ${statusMessage}`)
  const database = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
  await database.connect()

  const join = async (email: string, role: OrgRole): Promise<Agent> => {
    const { token } = (await owner.post(`/api/organizations/${org.slug}/invitations`, { email, role })).json()
    const agent = new Agent(t.app)
    const signUp = await agent.signUp(email, 'correct horse battery', token)
    if (signUp.statusCode !== 201) throw new Error(`${email} could not join: ${signUp.statusCode} ${signUp.body}`)
    return agent
  }
  /** A member of another organisation only: the project's routes must answer them 404. */
  const outsider = async (email = 'out@example.com'): Promise<Agent> => {
    const elsewhere = (await owner.post('/api/organizations', { name: 'Elsewhere' })).json().slug
    const { token } = (await owner.post(`/api/organizations/${elsewhere}/invitations`, { email, role: 'owner' })).json()
    const agent = new Agent(t.app)
    const signUp = await agent.signUp(email, 'correct horse battery', token)
    if (signUp.statusCode !== 201) throw new Error(`${email} could not join: ${signUp.statusCode} ${signUp.body}`)
    return agent
  }
  const close = async () => {
    await database.end()
    await t.close()
  }
  return { t, owner, slug: org.slug as string, ref, database, join, outsider, close }
}
