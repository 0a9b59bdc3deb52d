import { dropExtensionQuerySchema, enableExtensionBodySchema, extensionNameQuerySchema } from '@basalt/contracts'
import { disableExtension, enableExtension, extensionDependents, listExtensions } from '../../pg-meta/extensions.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange } from './database-change.ts'

const EXTENSIONS = `${PG_META}/database/extensions`
const target = (e: { name: string }) => e.name

/** Database › Extensions (issue 26 point 5): what the server offers, enable into a schema, disable. */
export function databaseExtensionRoutes(app: App): void {
  app.get(EXTENSIONS, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listExtensions(c))),
  )

  app.get(
    `${EXTENSIONS}/dependents`,
    { config: read, schema: { params: refParams, querystring: extensionNameQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => extensionDependents(c, req.query.name))),
  )

  app.post(
    EXTENSIONS,
    { config: write, schema: { params: refParams, body: enableExtensionBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => enableExtension(c, req.body), {
          action: 'database.extension.enable',
          target,
          details: { schema: req.body.schema },
        }),
        201,
      ),
  )

  app.delete(
    EXTENSIONS,
    { config: write, schema: { params: refParams, querystring: dropExtensionQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => disableExtension(c, req.query.name, req.query.cascade), {
          action: 'database.extension.disable',
          target,
          details: { cascade: req.query.cascade ?? false },
        }),
      ),
  )
}
