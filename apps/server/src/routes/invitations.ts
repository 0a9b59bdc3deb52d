import { z } from 'zod'
import { actorOf } from '../http/session.ts'
import type { PlatformContext } from '../platform/context.ts'
import { acceptInvitation, previewInvitation } from '../platform/invitations.ts'
import type { App } from './types.ts'

const tokenParams = z.object({ token: z.string().min(1).max(200) })

export function invitationRoutes(app: App, ctx: PlatformContext): void {
  app.get(
    '/api/invitations/:token',
    { config: { auth: 'public' }, schema: { params: tokenParams } },
    async (req, reply) => reply.result(await previewInvitation(ctx.db, req.params.token)),
  )

  app.post(
    '/api/invitations/:token/accept',
    { config: { auth: 'session' }, schema: { params: tokenParams } },
    async (req, reply) => reply.result(await acceptInvitation(ctx.db, req.params.token, actorOf(req))),
  )
}
