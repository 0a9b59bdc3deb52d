import { z } from 'zod'
import {
  changePasswordBodySchema,
  createTokenBodySchema,
  mfaCodeBodySchema,
  pageQuerySchema,
  updateMeBodySchema,
} from '@basalt/contracts'
import { actorOf } from '../http/session.ts'
import { createAccessToken, listAccessTokens, revokeAccessToken } from '../platform/access-tokens.ts'
import { changePassword, confirmMfa, enrollMfa, removeMfa, updateMe } from '../platform/account.ts'
import { listUserAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { toUser } from '../platform/users.ts'
import type { App } from './types.ts'

const session = { auth: 'session' } as const

export function accountRoutes(app: App, ctx: PlatformContext): void {
  app.get('/api/account/me', { config: session }, async (req) => toUser(req.auth!.user))

  app.patch('/api/account/me', { config: session, schema: { body: updateMeBodySchema } }, async (req) =>
    updateMe(ctx, req.auth!.user, req.body),
  )

  app.post(
    '/api/account/password',
    { config: session, schema: { body: changePasswordBodySchema } },
    async (req, reply) =>
      reply.result(await changePassword(ctx, req.auth!.user, req.auth!.sessionId, req.body, req.ip), 204),
  )

  app.post('/api/account/mfa/enroll', { config: session }, async (req, reply) =>
    reply.result(await enrollMfa(ctx, req.auth!.user)),
  )

  app.post('/api/account/mfa/confirm', { config: session, schema: { body: mfaCodeBodySchema } }, async (req, reply) =>
    reply.result(await confirmMfa(ctx, req.auth!.user, req.auth!.sessionId, req.body.code, req.ip)),
  )

  app.delete('/api/account/mfa', { config: session, schema: { body: mfaCodeBodySchema } }, async (req, reply) =>
    reply.result(await removeMfa(ctx, req.auth!.user, req.body.code, req.ip)),
  )

  app.get('/api/account/tokens', { config: session }, async (req) => listAccessTokens(ctx.db, req.auth!.user.id))

  app.post('/api/account/tokens', { config: session, schema: { body: createTokenBodySchema } }, async (req, reply) =>
    reply.code(201).send(await createAccessToken(ctx.db, req.body, actorOf(req))),
  )

  app.delete(
    '/api/account/tokens/:id',
    { config: session, schema: { params: z.object({ id: z.uuid({ message: 'Access token not found' }) }) } },
    async (req, reply) => reply.result(await revokeAccessToken(ctx.db, req.params.id, actorOf(req)), 204),
  )

  app.get('/api/account/audit', { config: session, schema: { querystring: pageQuerySchema } }, async (req) =>
    listUserAudit(ctx.db, req.auth!.user.id, req.query.page),
  )
}
