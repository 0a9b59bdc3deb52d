import { reportQueryBodySchema } from '@basalt/contracts'
import type { PlatformContext } from '../platform/context.ts'
import { runReportQuery } from '../sql-editor/report-query.ts'
import { PG_META, read } from './pg-meta/access.ts'
import { ownerOf } from './sql-editor.ts'
import { refParams, type App } from './types.ts'

/**
 * Custom reports (issue 14): a report is content of type 'report' (routes/content.ts); its blocks' charts
 * run their snippets here, for the report's period. Read-only members view reports too: their blocks run on
 * the project's read-only login.
 */
export function reportRoutes(app: App, ctx: PlatformContext): void {
  app.post(
    `${PG_META}/report-query`,
    { config: read, schema: { params: refParams, body: reportQueryBodySchema } },
    async (req, reply) => reply.result(await runReportQuery(ctx.db, req.project, ownerOf(req), req.body)),
  )
}
