import {
  createEnumBodySchema,
  databaseObjectIdQuerySchema,
  dropObjectQuerySchema,
  schemaFilterQuerySchema,
  updateEnumBodySchema,
} from '@basalt/contracts'
import { createEnum, deleteDatabaseType, listDatabaseTypes, typeDependents, updateEnum } from '../../pg-meta/types.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange, schemaFilterOf } from './database-change.ts'

const TYPES = `${PG_META}/database/types`
const target = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`

/** Database › Enumerated types (issue 26 point 9): types by kind, create an enum, add and rename values, drop. */
export function databaseTypeRoutes(app: App): void {
  app.get(
    TYPES,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) =>
      reply.result(await req.project.catalog((c) => listDatabaseTypes(c, schemaFilterOf(req.query)))),
  )

  app.get(
    `${TYPES}/dependents`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => typeDependents(c, req.query.id))),
  )

  app.post(TYPES, { config: write, schema: { params: refParams, body: createEnumBodySchema } }, async (req, reply) =>
    reply.result(await runChange(req, (c) => createEnum(c, req.body), { action: 'database.type.create', target }), 201),
  )

  app.patch(
    TYPES,
    {
      config: write,
      schema: { params: refParams, querystring: databaseObjectIdQuerySchema, body: updateEnumBodySchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updateEnum(c, req.query.id, req.body), {
          action: req.body.action === 'add' ? 'database.type.add_value' : 'database.type.rename_value',
          target,
        }),
      ),
  )

  app.delete(
    TYPES,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteDatabaseType(c, req.query.id, req.query.cascade), {
          action: 'database.type.delete',
          target,
          details: { cascade: req.query.cascade ?? false },
        }),
      ),
  )
}
