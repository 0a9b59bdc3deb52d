import {
  tableCellBodySchema,
  tableCountBodySchema,
  tableDeleteBodySchema,
  tableInsertBodySchema,
  tableRowsBodySchema,
  tableUpdateBodySchema,
} from '@basalt/contracts'
import { countTableRows } from '../../pg-meta/table-count.ts'
import { fetchCell, fetchTableRows } from '../../pg-meta/table-rows.ts'
import { deleteRows, insertRows, updateRow } from '../../pg-meta/table-writes.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'

/**
 * Table data (spec 1 §4, §5, §7): rows, counts and cells, and row writes (insert rows, update a row, delete
 * rows or all of them), each as the impersonated role when the body carries one.
 */
export function tableDataRoutes(app: App): void {
  // Data reads carry the impersonated role in the body, so they are POSTs (with the CSRF header).
  app.post(
    `${PG_META}/table-rows`,
    { config: read, schema: { params: refParams, body: tableRowsBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await req.project.read(impersonation, (c, relations) => fetchTableRows(c, params, relations)))
    },
  )

  app.post(
    `${PG_META}/table-count`,
    { config: read, schema: { params: refParams, body: tableCountBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await req.project.read(impersonation, (c) => countTableRows(c, params)))
    },
  )

  app.post(
    `${PG_META}/table-cell`,
    { config: read, schema: { params: refParams, body: tableCellBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await req.project.read(impersonation, (c) => fetchCell(c, params)))
    },
  )

  app.post(
    `${PG_META}/table-rows/insert`,
    { config: write, schema: { params: refParams, body: tableInsertBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await req.project.write(impersonation, (c) => insertRows(c, params)))
    },
  )

  app.post(
    `${PG_META}/table-rows/update`,
    { config: write, schema: { params: refParams, body: tableUpdateBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      return reply.result(await req.project.write(impersonation, (c) => updateRow(c, params)))
    },
  )

  app.post(
    `${PG_META}/table-rows/delete`,
    { config: write, schema: { params: refParams, body: tableDeleteBodySchema } },
    async (req, reply) => {
      const impersonation = req.body.impersonation
      return reply.result(
        await req.project.write(impersonation, (c) =>
          deleteRows(c, req.body, { impersonating: impersonation !== undefined }),
        ),
      )
    },
  )
}
