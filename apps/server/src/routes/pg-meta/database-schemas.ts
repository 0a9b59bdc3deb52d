import {
  createSchemaBodySchema,
  databaseObjectIdQuerySchema,
  dropObjectQuerySchema,
  schemaDiagramQuerySchema,
} from '@basalt/contracts'
import { createSchema, dropSchema, schemaDependents, schemaDiagram } from '../../pg-meta/schemas.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange } from './database-change.ts'

const SCHEMAS = `${PG_META}/database/schemas`
const target = (s: { name: string }) => s.name

/** Database › Schemas (issue 26 point 1): create and drop schemas, what a drop takes, and a schema's diagram. */
export function databaseSchemaRoutes(app: App): void {
  app.get(
    `${SCHEMAS}/diagram`,
    { config: read, schema: { params: refParams, querystring: schemaDiagramQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => schemaDiagram(c, req.query.schema))),
  )

  app.get(
    `${SCHEMAS}/dependents`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => schemaDependents(c, req.query.id))),
  )

  app.post(
    SCHEMAS,
    { config: write, schema: { params: refParams, body: createSchemaBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createSchema(c, req.body), { action: 'database.schema.create', target }),
        201,
      ),
  )

  app.delete(
    SCHEMAS,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => dropSchema(c, req.query.id, req.query.cascade), {
          action: 'database.schema.delete',
          target,
          details: { cascade: req.query.cascade ?? false },
        }),
      ),
  )
}
