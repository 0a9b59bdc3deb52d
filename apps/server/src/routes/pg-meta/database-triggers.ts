import {
  createTriggerBodySchema,
  databaseObjectIdQuerySchema,
  dropObjectQuerySchema,
  schemaFilterQuerySchema,
  updateTriggerBodySchema,
} from '@basalt/contracts'
import { createTrigger, deleteTrigger, listTriggers, setTriggerEnabled } from '../../pg-meta/triggers.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { auditChange } from './audit-change.ts'

const TRIGGERS = `${PG_META}/database/triggers`
const nameOf = (t: { schema: string; table: string; name: string }) => `${t.name} on ${t.schema}.${t.table}`

/** Database › Triggers (issue 26 point 4): list, create, enable / disable, drop. */
export function databaseTriggerRoutes(app: App): void {
  app.get(
    TRIGGERS,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.catalog((c) =>
          listTriggers(c, {
            includedSchemas: req.query.included_schemas,
            excludedSchemas: req.query.excluded_schemas,
            includeSystemSchemas: req.query.include_system_schemas,
          }),
        ),
      ),
  )

  app.post(
    TRIGGERS,
    { config: write, schema: { params: refParams, body: createTriggerBodySchema } },
    async (req, reply) =>
      reply.result(
        await auditChange(
          req,
          await req.project.ddl((c) => createTrigger(c, req.body)),
          'database.trigger.create',
          nameOf,
        ),
        201,
      ),
  )

  app.patch(
    TRIGGERS,
    {
      config: write,
      schema: { params: refParams, querystring: databaseObjectIdQuerySchema, body: updateTriggerBodySchema },
    },
    async (req, reply) =>
      reply.result(
        await auditChange(
          req,
          await req.project.ddl((c) => setTriggerEnabled(c, req.query.id, req.body.enabled)),
          req.body.enabled ? 'database.trigger.enable' : 'database.trigger.disable',
          nameOf,
        ),
      ),
  )

  app.delete(
    TRIGGERS,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await auditChange(
          req,
          await req.project.ddl((c) => deleteTrigger(c, req.query.id, req.query.cascade)),
          'database.trigger.delete',
          nameOf,
        ),
      ),
  )
}
