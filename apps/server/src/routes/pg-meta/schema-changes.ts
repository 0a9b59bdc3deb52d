import {
  addColumnBodySchema,
  columnIdQuerySchema,
  createTablePayloadSchema,
  deleteColumnQuerySchema,
  deleteTableQuerySchema,
  tableIdQuerySchema,
  updateColumnPayloadSchema,
  updateTablePayloadSchema,
} from '@basalt/contracts'
import {
  addColumn,
  createTable,
  deleteColumn,
  deleteTable,
  updateColumn,
  updateTable,
} from '../../pg-meta/table-ddl.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, write } from './access.ts'

/** Create, update and drop tables and columns (spec 2 §3, §7: POST/PATCH/DELETE …/tables and …/columns). */
export function schemaChangeRoutes(app: App): void {
  app.post(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, body: createTablePayloadSchema } },
    async (req, reply) => reply.result(await req.project.ddl((c) => createTable(c, req.body)), 201),
  )

  app.patch(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, querystring: tableIdQuerySchema, body: updateTablePayloadSchema } },
    async (req, reply) => reply.result(await req.project.ddl((c) => updateTable(c, req.query.id, req.body))),
  )

  app.delete(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, querystring: deleteTableQuerySchema } },
    async (req, reply) => reply.result(await req.project.ddl((c) => deleteTable(c, req.query.id, req.query.cascade))),
  )

  app.post(
    `${PG_META}/columns`,
    { config: write, schema: { params: refParams, body: addColumnBodySchema } },
    async (req, reply) => reply.result(await req.project.ddl((c) => addColumn(c, req.body)), 201),
  )

  app.patch(
    `${PG_META}/columns`,
    {
      config: write,
      schema: { params: refParams, querystring: columnIdQuerySchema, body: updateColumnPayloadSchema },
    },
    async (req, reply) => reply.result(await req.project.ddl((c) => updateColumn(c, req.query.id, req.body))),
  )

  app.delete(
    `${PG_META}/columns`,
    { config: write, schema: { params: refParams, querystring: deleteColumnQuerySchema } },
    async (req, reply) => reply.result(await req.project.ddl((c) => deleteColumn(c, req.query.id, req.query.cascade))),
  )
}
