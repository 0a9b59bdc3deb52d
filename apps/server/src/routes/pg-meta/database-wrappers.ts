import { createForeignServerBodySchema, databaseObjectIdQuerySchema, dropObjectQuerySchema } from '@basalt/contracts'
import {
  createForeignServer,
  dropForeignServer,
  foreignServerDependents,
  listWrappers,
} from '../../pg-meta/wrappers.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange } from './database-change.ts'

const WRAPPERS = `${PG_META}/database/wrappers`
const SERVERS = `${WRAPPERS}/servers`
const target = (s: { name: string }) => s.name

/** Database › Wrappers (issue 26 point 11): wrappers, servers and foreign tables; create and drop a server. */
export function databaseWrapperRoutes(app: App): void {
  app.get(WRAPPERS, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listWrappers(c))),
  )

  app.get(
    `${SERVERS}/dependents`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => foreignServerDependents(c, req.query.id))),
  )

  app.post(
    SERVERS,
    { config: write, schema: { params: refParams, body: createForeignServerBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createForeignServer(c, req.body), {
          action: 'database.foreign_server.create',
          target,
          // The user mapping's options hold credentials: only whether there is one is audited.
          details: {
            wrapper: req.body.wrapper,
            user_mapping: req.body.user_mapping != null,
            import: req.body.import ?? null,
          },
        }),
        201,
      ),
  )

  app.delete(
    SERVERS,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => dropForeignServer(c, req.query.id, req.query.cascade), {
          action: 'database.foreign_server.delete',
          target,
          details: { cascade: req.query.cascade ?? false },
        }),
      ),
  )
}
