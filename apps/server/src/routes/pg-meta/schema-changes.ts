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
import { runChange } from './database-change.ts'

const tableName = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`
const columnName = (c: { schema: string; table: string; name: string }) => `${c.schema}.${c.table}.${c.name}`

/**
 * Create, update and drop tables and columns (spec 2 §3, §7: POST/PATCH/DELETE …/tables and …/columns); each
 * change audited and recorded as a migration (issue 26 points 10 and 14).
 */
export function schemaChangeRoutes(app: App): void {
  app.post(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, body: createTablePayloadSchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createTable(c, req.body), { action: 'table.create', target: tableName }),
        201,
      ),
  )

  app.patch(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, querystring: tableIdQuerySchema, body: updateTablePayloadSchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updateTable(c, req.query.id, req.body), {
          action: 'table.update',
          target: tableName,
        }),
      ),
  )

  app.delete(
    `${PG_META}/tables`,
    { config: write, schema: { params: refParams, querystring: deleteTableQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteTable(c, req.query.id, req.query.cascade), {
          action: 'table.delete',
          target: tableName,
        }),
      ),
  )

  app.post(
    `${PG_META}/columns`,
    { config: write, schema: { params: refParams, body: addColumnBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => addColumn(c, req.body), { action: 'column.create', target: columnName }),
        201,
      ),
  )

  app.patch(
    `${PG_META}/columns`,
    {
      config: write,
      schema: { params: refParams, querystring: columnIdQuerySchema, body: updateColumnPayloadSchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updateColumn(c, req.query.id, req.body), {
          action: 'column.update',
          target: columnName,
        }),
      ),
  )

  app.delete(
    `${PG_META}/columns`,
    { config: write, schema: { params: refParams, querystring: deleteColumnQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteColumn(c, req.query.id, req.query.cascade), {
          action: 'column.delete',
          target: columnName,
        }),
      ),
  )
}
