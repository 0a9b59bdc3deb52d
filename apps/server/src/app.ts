import { authUserRoutes } from './routes/auth-users.ts'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import Fastify from 'fastify'
import type pg from 'pg'
import type { Config } from './config.ts'
import { platformEvents } from './platform/events.ts'
import { startProjectJobs, type JobTimings, type ProjectJobs } from './platform/jobs.ts'
import { createProject, evictInactive, runSetUp } from './platform/projects.ts'
import { backupService } from './backups/service.ts'
import { backupStore, type BackupStore } from './backups/store.ts'
import { backupRoutes } from './routes/backups.ts'
import { branchRoutes } from './routes/branches.ts'
import { registerProjectExecutor } from './http/project-executor.ts'
import { PoolRegistry } from './db/pools.ts'
import type { ProjectDatabaseProvider } from './db/project-databases.ts'
import { registerCsrf } from './http/csrf.ts'
import { registerErrorHandling } from './http/errors.ts'
import { loggerOptions } from './http/logger.ts'
import { registerPermissions, routeAccessOf, type RouteAccess } from './http/permissions.ts'
import { registerRequestBodyChecks } from './http/request-body.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerServerTiming } from './http/server-timing.ts'
import { registerSession } from './http/session.ts'
import { registerSpa } from './http/spa.ts'
import { zodValidatorCompiler, type ZodTypeProvider } from './http/zod.ts'
import { DEFAULT_RATE_LIMITS, type PlatformContext, type RateLimits } from './platform/context.ts'
import { accountRoutes } from './routes/account.ts'
import { aiRoutes } from './routes/ai.ts'
import { authRoutes } from './routes/auth.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { organizationRoutes } from './routes/organizations.ts'
import { pgMetaRoutes } from './routes/pg-meta/index.ts'
import { contentRoutes } from './routes/content.ts'
import { projectRoutes } from './routes/projects.ts'
import { sqlEditorRoutes } from './routes/sql-editor.ts'
import { reportRoutes } from './routes/reports.ts'
import { resumableRoutes } from './routes/storage-api.ts'
import { projectApiKeyRoutes } from './routes/project-api-keys.ts'
import { storageProjectApiRoutes } from './routes/storage-project-api.ts'
import { shareLinkRoutes } from './routes/storage-share-links.ts'
import { resumableUploads } from './storage/resumable.ts'
import { storageRoutes } from './routes/storage.ts'
import type { App } from './routes/types.ts'
import { bucketJobs } from './storage/bucket-jobs.ts'
import { fsObjectStore } from './storage/fs-store.ts'
import type { ObjectStore } from './storage/object-store.ts'
import { s3ObjectStore } from './storage/s3-store.ts'
import { scheduleSweeps } from './storage/sweep.ts'
import { registerApiLog } from './logs/api-log.ts'
import { startLogs, type Logs } from './logs/logs-service.ts'
import { logRoutes } from './routes/logs.ts'

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

export interface AppDeps {
  config: Config
  /** The platform store; owned by the caller (closed by it). */
  db: pg.Pool
  projectDatabases: ProjectDatabaseProvider
  /**
   * The platform database's URL, for the connection that listens to other servers' events; without it,
   * events reach this server only.
   */
  platformUrl?: string
  /** Tests lower these. */
  rateLimits?: Partial<RateLimits>
  /** Tests only: see PlatformContext.afterSetupStep; and quicker job timings. */
  afterSetupStep?: PlatformContext['afterSetupStep']
  jobTimings?: JobTimings
  /** The built SPA; null serves none. Defaults to apps/web/dist. */
  webDistDir?: string | null
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void }
  /** Where objects' bytes live; defaults to S3 when configured (S3_*), else DATA_DIR/storage. Closed with the app. */
  objectStore?: ObjectStore
  /** Where projects' backups live (the one the clusters archive into); defaults as objects'. Closed with the app. */
  backupStore?: BackupStore
  /** Tests: how often the backups' tick runs (0: only when called). */
  backupTickMs?: number
}

export interface ApiRoute {
  method: string
  url: string
  access: RouteAccess
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What platform functions work with: the store, project pools, config (for other route areas). */
    platform: PlatformContext
    /** Every /api route with its declared access, in registration order. */
    apiRoutes: ApiRoute[]
    /** The logs: API log writer, log readers, collector and jobs (docs/logs.md). */
    logs: Logs
  }
}

/** The HTTP app, not listening: main.ts listens, tests use `app.inject`. */
/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the first n addresses from the socket". */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logStream
      ? { ...(loggerOptions(deps.config) as object), stream: deps.logStream }
      : loggerOptions(deps.config),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(zodValidatorCompiler)

  const pending = new Set<Promise<void>>()
  let jobs: ProjectJobs | undefined
  const ctx: PlatformContext = {
    config: deps.config,
    db: deps.db,
    projectDatabases: deps.projectDatabases,
    projectPools: new PoolRegistry(),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits },
    events: platformEvents(deps.db, deps.platformUrl),
    afterSetupStep: deps.afterSetupStep,
    requestSetUp: async (ref) => {
      if (jobs) return jobs.setUp(ref)
      ctx.background(() => runSetUp(ctx, ref))
    },
    background(task) {
      const p = task().catch((err) => app.log.error({ err }, 'background task failed'))
      pending.add(p)
      void p.finally(() => pending.delete(p))
    },
  }
  app.decorate('platform', ctx)
  app.decorate('apiRoutes', [] as ApiRoute[])
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    const access = routeAccessOf(route.config)
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && typeof access !== 'string') app.apiRoutes.push({ method, url: route.url, access })
    }
  })
  // Set-ups run as durable jobs in the platform database, by whichever server is alive (docs/scaling.md).
  if (deps.platformUrl) {
    jobs = await startProjectJobs(deps.platformUrl, (ref) => runSetUp(ctx, ref), {
      timings: deps.jobTimings,
      onError: (err) => app.log.warn({ err }, 'job queue'),
    })
  }
  const store =
    deps.objectStore ??
    (deps.config.s3 ? s3ObjectStore(deps.config.s3) : fsObjectStore(path.join(deps.config.dataDir, 'storage')))
  const bucketJobQueue = await bucketJobs(ctx, store, jobs?.boss, app.log)
  const stopSweeps = scheduleSweeps(ctx, store, app.log)
  const logs = await startLogs(ctx, jobs?.boss, app.log)
  app.decorate('logs', logs)
  ctx.backups = await backupService(ctx, {
    store: deps.backupStore ?? backupStore(deps.config.dataDir, deps.config.s3),
    boss: jobs?.boss,
    log: app.log,
    schedule: deps.config.backups?.schedule,
    retentionDays: deps.config.backups?.retentionDays,
    firstDelaySeconds: deps.config.backups?.firstDelaySeconds,
    tickMs: deps.backupTickMs,
    // The clusters archive into the store the server gave them (server.ts); without one, nothing is archived.
    archiving: deps.backupStore !== undefined,
    createProjectFor: (a, name, actor, beforeSetUp) =>
      createProject(
        ctx,
        {
          organization: {
            id: a.project.organization_id!,
            slug: a.project.organization_slug,
            name: a.project.organization_name,
          },
          role: a.role,
        },
        { name },
        actor,
        beforeSetUp,
      ),
  })
  // Provisioning started by a request finishes before the pools it uses are closed.
  app.addHook('onClose', async () => {
    stopSweeps()
    await logs.close()
    await jobs?.stop()
    await ctx.backups?.close()
    await store.close()
    await Promise.all([...pending])
    await ctx.events.close()
    await ctx.projectPools.closeAll()
  })
  // Another server paused or deleted a project: its connections here close too. After listening (re)starts,
  // events may have been missed: close the pools of every project that is no longer active.
  ctx.events.subscribe((event) => {
    if (event.kind === 'project_closed') void ctx.projectPools.evict(event.ref).catch(() => {})
    if (event.kind === 'resync') void evictInactive(ctx).catch(() => {})
  })

  await app.register(fastifyCookie)
  // Explicit limits: the default file size (the body limit, 1 MiB) truncates silently. Routes that take
  // files raise them per request (CSV import) and check `truncated`.
  await app.register(fastifyMultipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10, parts: 20 } })
  registerErrorHandling(app)
  registerRequestBodyChecks(app)
  registerServerTiming(app)
  // Off the request's path: the line is appended to a batch written every second (docs/logs.md).
  registerApiLog(app, logs.writer)
  // The AI assistant's endpoint joins `connectSources` when the browser is to call it directly.
  registerSecurityHeaders(app, { strictTransport: deps.config.publicUrl.startsWith('https:') })
  registerSession(app, ctx)
  // After the session, so that a refusal's audit entry names who was signed in.
  registerCsrf(app, ctx)
  registerPermissions(app, ctx)
  registerProjectExecutor(app, ctx)

  authRoutes(app, ctx)
  accountRoutes(app, ctx)
  organizationRoutes(app, ctx)
  invitationRoutes(app, ctx)
  projectRoutes(app, ctx)
  pgMetaRoutes(app)
  authUserRoutes(app, ctx)
  sqlEditorRoutes(app, ctx)
  contentRoutes(app, ctx)
  reportRoutes(app, ctx)
  logRoutes(app, ctx, logs)
  aiRoutes(app, ctx)
  storageRoutes(app, ctx, { store, jobs: bucketJobQueue })
  backupRoutes(app, ctx)
  branchRoutes(app, ctx)
  storageProjectApiRoutes(app, ctx, store)
  shareLinkRoutes(app, ctx, store)
  projectApiKeyRoutes(app, ctx)
  resumableRoutes(app, ctx, resumableUploads(store, path.join(deps.config.dataDir, 'resumable-uploads')))

  await registerSpa(app, deps.webDistDir === undefined ? DEFAULT_WEB_DIST : deps.webDistDir)
  return app
}
