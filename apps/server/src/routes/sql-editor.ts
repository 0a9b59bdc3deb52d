import {
  databaseSettingsSchema,
  type SqlAnalysis,
  sqlAnalyzeBodySchema,
  sqlCancelBodySchema,
  sqlFormatBodySchema,
  sqlHistoryQuerySchema,
  sqlRunBodySchema,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import { actorOf } from '../http/session.ts'
import type { PlatformContext } from '../platform/context.ts'
import { databaseSettingsOf, updateDatabaseSettings } from '../platform/database-settings.ts'
import { recordMigration, schemaChangesOfRun, sqlEditorMigrationName } from '../platform/project-migrations.ts'
import { formatSql } from '../sql-editor/format.ts'
import { listHistory } from '../sql-editor/history.ts'
import { LiveRuns } from '../sql-editor/live-runs.ts'
import { DEFAULT_RUN_BUDGET, RunBudget } from '../sql-editor/run-budget.ts'
import { cancelQuery, runQuery, type RunContext } from '../sql-editor/runs.ts'
import { splitStatements } from '../sql-editor/statements.ts'
import { PG_META, read } from './pg-meta/access.ts'
import { refParams, type App } from './types.ts'

const project = (permission: 'settings:read' | 'settings:write') => ({ permission, scope: 'project' }) as const

declare module 'fastify' {
  interface FastifyInstance {
    /** The SQL editor's budget of concurrent runs and result memory on this server. */
    sqlRunBudget: RunBudget
  }
}

/** The member and project of a project route. */
export const ownerOf = (req: FastifyRequest) => ({
  projectId: req.projectAccess!.project.id,
  userId: req.auth!.user.id,
})

/**
 * The SQL editor's server side (issue 12, spec 2 §7; docs/sql-editor.md): run, cancel, analyze and format
 * SQL, the run history, and the project's statement timeout.
 */
export function sqlEditorRoutes(app: App, ctx: PlatformContext): void {
  // The runs going on in this server (see LiveRuns).
  const live = new LiveRuns(
    ctx.db,
    (task) => ctx.background(task),
    (err, message) => app.log.warn({ err }, message),
  )
  // What this server's runs may hold at once (sql-editor/run-budget.ts); on the app for diagnostics and tests.
  const budget = new RunBudget(ctx.config.sqlRunBudget ?? DEFAULT_RUN_BUDGET)
  app.decorate('sqlRunBudget', budget)
  const runContext = (req: FastifyRequest): RunContext => ({
    live,
    project: req.project,
    owner: ownerOf(req),
    budget,
    // Self-hosted mode's project belongs to no organisation: it counts for itself.
    organizationId: req.projectAccess!.project.organization_id ?? req.projectAccess!.project.id,
    // On a branch, the schema changes a run made go to its migration history, to be applied to the parent.
    recordChanges: req.projectAccess!.project.parent_project_ref
      ? async (statements, rolledBack) => {
          const changes = await schemaChangesOfRun(statements, rolledBack)
          const actor = actorOf(req)
          await recordMigration(ctx.db, {
            projectId: req.projectAccess!.project.id,
            name: sqlEditorMigrationName(changes),
            statements: changes,
            author: { id: actor.id, email: actor.email },
          })
        }
      : undefined,
  })

  // Read-only members run too: on the project's read-only login (the executor chooses it).
  app.post(
    `${PG_META}/query`,
    { config: read, schema: { params: refParams, body: sqlRunBodySchema } },
    async (req, reply) => {
      let streaming = false
      try {
        const result = await runQuery(runContext(req), req.body, (doc) => {
          streaming = true
          void reply.header('content-type', 'application/json; charset=utf-8').send(doc.stream)
        })
        return streaming ? reply : reply.result(result)
      } catch (err) {
        // Once the answer has started, a failure can only cut it short.
        if (!streaming) throw err
        req.log.warn({ err }, 'SQL run ended early')
        return reply
      }
    },
  )

  app.post(
    `${PG_META}/query/cancel`,
    { config: read, schema: { params: refParams, body: sqlCancelBodySchema } },
    async (req, reply) => reply.result(await cancelQuery(runContext(req), req.body.runId)),
  )

  app.post(
    `${PG_META}/query/analyze`,
    { config: read, schema: { params: refParams, body: sqlAnalyzeBodySchema } },
    async (req, reply) => {
      const split = await splitStatements(req.body.query)
      if (!split.ok) return reply.result(split)
      const statements = split.data.map(({ index, sql, start, end, line, kind, destructive }) => ({
        index,
        sql,
        start,
        end,
        line,
        kind,
        destructive,
      }))
      return { statements, destructive: statements.filter((s) => s.destructive.length > 0) } satisfies SqlAnalysis
    },
  )

  // Spec 2 §7: the answer is the formatted SQL text.
  app.post(
    `${PG_META}/query/format`,
    { config: read, schema: { params: refParams, body: sqlFormatBodySchema } },
    async (req, reply) => {
      const formatted = formatSql(req.body.query)
      if (!formatted.ok) return reply.result(formatted)
      return reply.header('content-type', 'text/plain; charset=utf-8').send(formatted.data)
    },
  )

  app.get(
    `${PG_META}/query/history`,
    { config: read, schema: { params: refParams, querystring: sqlHistoryQuerySchema } },
    async (req) => {
      // The member's runs whose answers ended on this server are listed as they ended, not as running.
      await live.endsRecorded(ownerOf(req))
      return listHistory(ctx.db, ownerOf(req), req.query)
    },
  )

  // Under /api/projects: a change there empties every server's remembered access (which holds the timeout).
  app.get(
    '/api/projects/:ref/database/settings',
    { config: project('settings:read'), schema: { params: refParams } },
    async (req) => databaseSettingsOf(req.projectAccess!),
  )

  app.patch(
    '/api/projects/:ref/database/settings',
    { config: project('settings:write'), schema: { params: refParams, body: databaseSettingsSchema } },
    async (req) => updateDatabaseSettings(ctx, req.projectAccess!, req.body, actorOf(req)),
  )
}
