import {
  authUserParamsSchema,
  authUsersQuerySchema,
  banAuthUserBodySchema,
  createAuthUserBodySchema,
  updateAuthUserBodySchema,
  type Result,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import { actorOf } from '../http/session.ts'
import {
  banAuthUser,
  createAuthUser,
  deleteAuthUser,
  getAuthUser,
  listAuthUsers,
  unbanAuthUser,
  updateAuthUserMetadata,
} from '../pg-meta/auth-users.ts'
import { writeAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { refParams, type App } from './types.ts'

const USERS = '/api/platform/auth/:ref/users'
const authRead = { permission: 'auth:read', scope: 'project' } as const
const authWrite = { permission: 'auth:write', scope: 'project' } as const

/**
 * Auth › Users: the project's auth users in keyset pages (also the role impersonation picker's list), one
 * user, and create, metadata, ban, unban, delete — each through the executor as the member's project role,
 * and each change that happened audited (`auth.user.*`, with the project and the user, never a password).
 */
export function authUserRoutes(app: App, ctx: PlatformContext): void {
  /** Audits a change that was made, then answers it. */
  const audited = async <T>(
    req: FastifyRequest,
    action: string,
    result: Result<T>,
    who: (data: T) => { id: string; email: string | null },
    details: Record<string, unknown> = {},
  ): Promise<Result<T>> => {
    if (!result.ok) return result
    const p = req.projectAccess!.project
    const user = who(result.data)
    await writeAudit(ctx.db, {
      action,
      actor: actorOf(req),
      organization: p.organization_id ? { id: p.organization_id, slug: p.organization_slug } : null,
      target: user.email ?? user.id,
      details: { project: p.ref, userId: user.id, ...details },
    })
    return result
  }

  app.get(
    USERS,
    { config: authRead, schema: { params: refParams, querystring: authUsersQuerySchema } },
    async (req, reply) => reply.result(await req.project.read(undefined, (c) => listAuthUsers(c, req.query))),
  )

  app.get(`${USERS}/:id`, { config: authRead, schema: { params: authUserParamsSchema } }, async (req, reply) =>
    reply.result(await req.project.read(undefined, (c) => getAuthUser(c, req.params.id))),
  )

  app.post(
    USERS,
    { config: authWrite, schema: { params: refParams, body: createAuthUserBodySchema } },
    async (req, reply) => {
      const created = await req.project.write(undefined, (c) => createAuthUser(c, req.body))
      const details = { autoConfirm: req.body.autoConfirm }
      return reply.result(await audited(req, 'auth.user.create', created, (u) => u, details), 201)
    },
  )

  app.patch(
    `${USERS}/:id`,
    { config: authWrite, schema: { params: authUserParamsSchema, body: updateAuthUserBodySchema } },
    async (req, reply) => {
      const updated = await req.project.write(undefined, (c) => updateAuthUserMetadata(c, req.params.id, req.body))
      const fields = Object.keys(req.body).filter((k) => k.endsWith('_metadata'))
      return reply.result(await audited(req, 'auth.user.update', updated, (u) => u, { fields }))
    },
  )

  app.post(
    `${USERS}/:id/ban`,
    { config: authWrite, schema: { params: authUserParamsSchema, body: banAuthUserBodySchema } },
    async (req, reply) => {
      const banned = await req.project.write(undefined, (c) => banAuthUser(c, req.params.id, req.body.duration))
      const details = { duration: req.body.duration }
      return reply.result(await audited(req, 'auth.user.ban', banned, (u) => u, details))
    },
  )

  app.post(
    `${USERS}/:id/unban`,
    { config: authWrite, schema: { params: authUserParamsSchema } },
    async (req, reply) => {
      const unbanned = await req.project.write(undefined, (c) => unbanAuthUser(c, req.params.id))
      return reply.result(await audited(req, 'auth.user.unban', unbanned, (u) => u))
    },
  )

  app.delete(`${USERS}/:id`, { config: authWrite, schema: { params: authUserParamsSchema } }, async (req, reply) => {
    const deleted = await req.project.write(undefined, (c) => deleteAuthUser(c, req.params.id))
    return reply.result(await audited(req, 'auth.user.delete', deleted, (u) => u))
  })
}
