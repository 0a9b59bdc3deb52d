import { createIndexBodySchema, databaseObjectIdQuerySchema, schemaFilterQuerySchema } from '@basalt/contracts'
import { createIndex, deleteIndex, listIndexes } from '../../pg-meta/indexes.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange, schemaFilterOf } from './database-change.ts'

const INDEXES = `${PG_META}/database/indexes`
const target = (i: { schema: string; name: string; table: string }) => `${i.schema}.${i.name} on ${i.table}`

/** Database › Indexes (issue 26 point 8): list with size and scans, create, drop. */
export function databaseIndexRoutes(app: App): void {
  app.get(
    INDEXES,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listIndexes(c, schemaFilterOf(req.query)))),
  )

  app.post(INDEXES, { config: write, schema: { params: refParams, body: createIndexBodySchema } }, async (req, reply) =>
    reply.result(
      await runChange(req, (c) => createIndex(c, req.body), {
        action: 'database.index.create',
        target,
        details: { concurrently: req.body.concurrently ?? false },
      }),
      201,
    ),
  )

  app.delete(
    INDEXES,
    { config: write, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteIndex(c, req.query.id), { action: 'database.index.delete', target }),
      ),
  )
}
