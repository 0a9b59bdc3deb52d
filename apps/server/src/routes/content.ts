import {
  contentCreateBodySchema,
  contentDeleteQuerySchema,
  contentListQuerySchema,
  contentUpdateBodySchema,
  contentUpdateQuerySchema,
  pgUuidSchema,
} from '@basalt/contracts'
import { createContent, deleteContent, getContent, listContent, updateContent } from '../platform/content.ts'
import type { PlatformContext } from '../platform/context.ts'
import { ownerOf } from './sql-editor.ts'
import { refParams, type App } from './types.ts'

const CONTENT = '/api/platform/projects/:ref/content'

// Spec 2 §6: any member sees the project's shared content; creating, sharing and changing needs user_content.
const view = { permission: 'projects:read', scope: 'project' } as const
const create = { permission: 'user_content:create', scope: 'project' } as const

/** The content API (spec 2 §3, §7): a project's SQL snippets and custom reports. */
export function contentRoutes(app: App, ctx: PlatformContext): void {
  app.get(
    CONTENT,
    { config: view, schema: { params: refParams, querystring: contentListQuerySchema } },
    async (req) => ({ data: await listContent(ctx.db, ownerOf(req), req.query) }),
  )

  app.get(
    `${CONTENT}/item/:id`,
    { config: view, schema: { params: refParams.extend({ id: pgUuidSchema }) } },
    async (req, reply) => reply.result(await getContent(ctx.db, ownerOf(req), req.params.id)),
  )

  app.post(
    CONTENT,
    { config: create, schema: { params: refParams, body: contentCreateBodySchema } },
    async (req, reply) => reply.result(await createContent(ctx.db, ownerOf(req), req.body), 201),
  )

  app.patch(
    CONTENT,
    {
      config: create,
      schema: { params: refParams, querystring: contentUpdateQuerySchema, body: contentUpdateBodySchema },
    },
    async (req, reply) => reply.result(await updateContent(ctx.db, ownerOf(req), req.query.id, req.body)),
  )

  app.delete(
    CONTENT,
    { config: create, schema: { params: refParams, querystring: contentDeleteQuerySchema } },
    async (req, reply) => reply.result(await deleteContent(ctx.db, ownerOf(req), req.query.ids)),
  )
}
