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
import { runChange, schemaFilterOf } from './database-change.ts'

const TRIGGERS = `${PG_META}/database/triggers`
const nameOf = (t: { schema: string; table: string; name: string }) => `${t.name} on ${t.schema}.${t.table}`

/** Database › Triggers (issue 26 point 4): list, create, enable / disable, drop. */
export function databaseTriggerRoutes(app: App): void {
  app.get(
    TRIGGERS,
    { config: read, schema: { params: refParams, querystring: schemaFilterQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => listTriggers(c, schemaFilterOf(req.query)))),
  )

  app.post(
    TRIGGERS,
    { config: write, schema: { params: refParams, body: createTriggerBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createTrigger(c, req.body), { action: 'database.trigger.create', target: nameOf }),
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
        await runChange(req, (c) => setTriggerEnabled(c, req.query.id, req.body.enabled), {
          action: req.body.enabled ? 'database.trigger.enable' : 'database.trigger.disable',
          target: nameOf,
        }),
      ),
  )

  app.delete(
    TRIGGERS,
    { config: write, schema: { params: refParams, querystring: dropObjectQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteTrigger(c, req.query.id, req.query.cascade), {
          action: 'database.trigger.delete',
          target: nameOf,
        }),
      ),
  )
}
