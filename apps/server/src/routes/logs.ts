import {
  builtInReportQuerySchema,
  BUILT_IN_REPORTS,
  can,
  fail,
  logQueryBodySchema,
  ok,
  type LogRecentQuery,
  type LogSettings,
} from '@basalt/contracts'
import { z } from 'zod'
import { forbiddenMessage } from '../http/permissions.ts'
import { sampleProject } from '../logs/logs-service.ts'
import {
  apiOverviewReport,
  databaseReport,
  overviewActivity,
  queryPerformanceReport,
  resetQueryStats,
  statsOptionsOf,
  storageReport,
} from '../logs/reports.ts'
import type { Logs } from '../logs/logs-service.ts'
import type { PlatformContext } from '../platform/context.ts'
import { refParams, type App } from './types.ts'

const REPORTS = '/api/platform/projects/:ref/analytics/reports'
const reportParams = refParams.extend({ report: z.enum(BUILT_IN_REPORTS) })

const LOGS = '/api/platform/projects/:ref/analytics/logs'
const analyticsRead = { permission: 'analytics:read', scope: 'project' } as const
/** Recent queries kept per member and project. */
const RECENT_KEPT = 50

/**
 * The logs explorer's calls (analytics read): a member's log SQL over the project's logs (see LogReaders for
 * what keeps it there), their recent queries, and what the project's logs hold.
 */
export function logRoutes(app: App, ctx: PlatformContext, logs: Logs): void {
  app.post(
    `${LOGS}/query`,
    { config: analyticsRead, schema: { params: refParams, body: logQueryBodySchema } },
    async (req, reply) => {
      const { project } = req.projectAccess!
      const { sql, start, end, remember } = req.body
      const result = await logs.readers.query(project.ref, sql, start, end)
      if (result.ok && remember) {
        const user = req.auth!.user.id
        await ctx.db.query(
          `with added as (insert into basalt_logs.recent_queries (project_ref, user_id, sql) values ($1, $2, $3))
           delete from basalt_logs.recent_queries where id in (
             select id from basalt_logs.recent_queries where project_ref = $1 and user_id = $2
              order by ran_at desc offset $4)`,
          [project.ref, user, sql, RECENT_KEPT - 1],
        )
      }
      return reply.result(result)
    },
  )

  app.get(`${LOGS}/recent`, { config: analyticsRead, schema: { params: refParams } }, async (req, reply) => {
    const { rows } = await ctx.db.query<{ id: string; sql: string; ran_at: Date }>(
      `select id, sql, ran_at from basalt_logs.recent_queries where project_ref = $1 and user_id = $2
        order by ran_at desc limit $3`,
      [req.projectAccess!.project.ref, req.auth!.user.id, RECENT_KEPT],
    )
    const recent: LogRecentQuery[] = rows.map((r) => ({ id: r.id, sql: r.sql, ranAt: r.ran_at.toISOString() }))
    return reply.result(ok(recent))
  })

  app.get(`${LOGS}/settings`, { config: analyticsRead, schema: { params: refParams } }, async (req, reply) => {
    const settings: LogSettings = {
      postgresLogs: logs.collectsPostgresLogs(req.projectAccess!.project),
      retentionDays: logs.retentionDays,
    }
    return reply.result(ok(settings))
  })

  /** A sample of now when the newest is over a minute old, so that "over time" ends at the present. */
  const sampleIfStale = async (req: { projectAccess: { project: Parameters<typeof sampleProject>[1] } | null }) => {
    const project = req.projectAccess!.project
    const { rows } = await ctx.db.query(
      `select 1 from basalt_logs.samples where project_ref = $1 and ts > now() - interval '1 minute' limit 1`,
      [project.ref],
    )
    if (rows.length === 0) await sampleProject(ctx, project).catch(() => {})
  }

  // The built-in reports (spec 2 §2): storage also needs the storage permission, as its menu entry does.
  app.get(
    `${REPORTS}/:report`,
    { config: analyticsRead, schema: { params: reportParams, querystring: builtInReportQuerySchema } },
    async (req, reply) => {
      const { project, role } = req.projectAccess!
      const { period } = req.query
      switch (req.params.report) {
        case 'api-overview':
          return reply.result(ok(await apiOverviewReport(ctx.db, project.ref, period)))
        case 'storage':
          if (!can(role, 'storage:read')) return reply.result(fail('forbidden', forbiddenMessage('storage:read')))
          await sampleIfStale(req)
          return reply.result(ok(await storageReport(ctx.db, project.ref, period)))
        case 'database':
          await sampleIfStale(req)
          return reply.result(
            await req.project.read(undefined, async (c) => ok(await databaseReport(ctx.db, project.ref, period, c))),
          )
        case 'query-performance':
          return reply.result(
            await req.project.read(undefined, (c) => queryPerformanceReport(c, statsOptionsOf(project))),
          )
      }
    },
  )

  app.post(
    `${REPORTS}/query-performance/reset`,
    { config: { permission: 'tenant_sql:write', scope: 'project' }, schema: { params: refParams } },
    async (req, reply) => reply.result(await req.project.write(undefined, (c) => resetQueryStats(c))),
  )

  app.get(
    '/api/platform/projects/:ref/analytics/overview',
    { config: { permission: 'projects:read', scope: 'project' }, schema: { params: refParams } },
    async (req, reply) => {
      const { project } = req.projectAccess!
      return reply.result(
        await req.project.read(undefined, async (c) =>
          ok(await overviewActivity(ctx.db, project.ref, c, statsOptionsOf(project))),
        ),
      )
    },
  )
}
