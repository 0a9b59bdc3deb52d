import { readDatabaseOverview } from '../../pg-meta/overview.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read } from './access.ts'

/** The project overview's database figures (size, tables, connections), read now as the member's role. */
export function overviewRoutes(app: App): void {
  app.get(`${PG_META}/overview`, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => readDatabaseOverview(c))),
  )
}
