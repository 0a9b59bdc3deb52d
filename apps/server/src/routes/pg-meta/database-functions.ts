import {
  databaseObjectIdQuerySchema,
  dropObjectQuerySchema,
  functionDefinitionSchema,
  schemaFilterQuerySchema,
} from '@basalt/contracts'
import {
  createDatabaseFunction,
  deleteDatabaseFunction,
  functionDependents,
  getDatabaseFunction,
  listDatabaseFunctions,
  updateDatabaseFunction,
} from '../../pg-meta/functions.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange, schemaFilterOf } from './database-change.ts'

const FUNCTIONS = `${PG_META}/database/functions`
const nameOf = (fn: { schema: string; name: string; identity_arguments: string }) =>
  `${fn.schema}.${fn.name}(${fn.identity_arguments})`

/** Database › Functions (issue 26 point 3): list, one, create, change, drop, and what depends on one. */
export function databaseFunctionRoutes(app: App): void {
  app.get(
    FUNCTIONS,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) =>
      reply.result(await req.project.catalog((c) => listDatabaseFunctions(c, schemaFilterOf(req.query)))),
  )

  app.get(
    `${FUNCTIONS}/one`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => getDatabaseFunction(c, req.query.id))),
  )

  app.get(
    `${FUNCTIONS}/dependents`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => functionDependents(c, req.query.id))),
  )

  app.post(
    FUNCTIONS,
    { config: write, schema: { params: refParams, body: functionDefinitionSchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createDatabaseFunction(c, req.body), {
          action: 'database.function.create',
          target: nameOf,
        }),
        201,
      ),
  )

  app.patch(
    FUNCTIONS,
    {
      config: write,
      schema: { params: refParams, querystring: databaseObjectIdQuerySchema, body: functionDefinitionSchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updateDatabaseFunction(c, req.query.id, req.body), {
          action: 'database.function.update',
          target: nameOf,
        }),
      ),
  )

  app.delete(
    FUNCTIONS,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteDatabaseFunction(c, req.query.id, req.query.cascade), {
          action: 'database.function.delete',
          target: nameOf,
          details: { cascade: req.query.cascade ?? false },
        }),
      ),
  )
}
