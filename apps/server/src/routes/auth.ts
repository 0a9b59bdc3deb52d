import { authStateSchema, mfaCodeBodySchema, signInBodySchema, signUpBodySchema, type Session } from '@basalt/contracts'
import {
  actorOf,
  clearSessionCookie,
  clientMeta,
  ensureCsrfCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../http/session.ts'
import { authState, signIn, signOut, signUp, verifyMfa } from '../platform/auth.ts'
import type { PlatformContext } from '../platform/context.ts'
import { toUser } from '../platform/users.ts'
import type { App } from './types.ts'

export function authRoutes(app: App, ctx: PlatformContext): void {
  app.get('/api/auth/state', { config: { auth: 'public' } }, async () => authStateSchema.parse(await authState(ctx)))

  app.post(
    '/api/auth/sign-up',
    { config: { auth: 'public' }, schema: { body: signUpBodySchema } },
    async (req, reply) => {
      const result = await signUp(ctx, req.body, clientMeta(req))
      if (result.ok) setSessionCookie(reply, ctx.config, result.data.session)
      return reply.result(result.ok ? { ok: true, data: { mfaRequired: result.data.mfaRequired } } : result, 201)
    },
  )

  app.post(
    '/api/auth/sign-in',
    { config: { auth: 'public' }, schema: { body: signInBodySchema } },
    async (req, reply) => {
      const result = await signIn(ctx, req.body, clientMeta(req))
      if (result.ok) {
        setSessionCookie(reply, ctx.config, result.data.session)
        if (result.data.device) setDeviceCookie(reply, ctx.config, result.data.device)
      }
      return reply.result(result.ok ? { ok: true, data: { mfaRequired: result.data.mfaRequired } } : result)
    },
  )

  app.post(
    '/api/auth/mfa/verify',
    { config: { auth: 'session', allowAal1: true }, schema: { body: mfaCodeBodySchema } },
    async (req, reply) => {
      const { user, sessionId } = req.auth!
      const result = await verifyMfa(ctx, user, sessionId, req.body.code, req.ip)
      return reply.result(result.ok ? { ok: true, data: { mfaRequired: false } } : result)
    },
  )

  app.post('/api/auth/sign-out', { config: { auth: 'session', allowAal1: true } }, async (req, reply) => {
    const { sessionId } = req.auth!
    if (sessionId) await signOut(ctx.db, sessionId, actorOf(req))
    clearSessionCookie(reply, ctx.config)
    return reply.code(204).send()
  })

  app.get(
    '/api/auth/session',
    { config: { auth: 'session', allowAal1: true } },
    async (req, reply): Promise<Session> => {
      const { user, aal } = req.auth!
      return {
        user: toUser(user),
        currentLevel: aal,
        nextLevel: user.mfa_enabled ? 'aal2' : 'aal1',
        csrfToken: ensureCsrfCookie(req, reply, ctx.config),
        mode: ctx.config.mode,
      }
    },
  )
}
