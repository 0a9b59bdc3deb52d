import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { resolveAccessToken } from '../platform/access-tokens.ts'
import type { Actor, PlatformContext } from '../platform/context.ts'
import type { ProjectAccess } from '../platform/projects.ts'
import { hashToken, randomToken } from '../platform/secrets.ts'
import { DEVICE_LIFETIME_MS } from '../platform/trusted-devices.ts'
import { AccessCache, invalidatesAccess } from './access-cache.ts'
import { resolveSession, SESSION_LIFETIME_MS, type Aal, type NewSession } from '../platform/sessions.ts'
import type { UserRow } from '../platform/users.ts'

export const SESSION_COOKIE = 'basalt_session'
export const CSRF_COOKIE = 'basalt_csrf'
export const CSRF_HEADER = 'x-csrf-token'
/** The trusted-browser cookie (platform/trusted-devices.ts); only sign-in reads it. */
export const DEVICE_COOKIE = 'basalt_device'

/** Who is calling: a browser session (cookie) or an access token (Bearer), which acts as a full session. */
export interface AuthContext {
  user: UserRow
  via: 'session' | 'token'
  /** Null for access tokens. */
  sessionId: string | null
  aal: Aal
  /** A user with MFA whose session has not passed the second factor yet. */
  needsMfa: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

const secure = (config: Config) => config.publicUrl.startsWith('https:')

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: Pick<NewSession, 'token' | 'expiresAt'>,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(config),
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(config) })
}

export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api/auth',
    secure: secure(config),
    maxAge: DEVICE_LIFETIME_MS / 1000,
  })
}

/**
 * The double-submit CSRF token: readable by the page (not httpOnly), echoed in x-csrf-token on every
 * state-changing call. Set when absent; returns the value in force.
 */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = req.cookies[CSRF_COOKIE]
  if (existing && existing.length >= 32) return existing
  const token = randomToken()
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: secure(config),
    maxAge: SESSION_LIFETIME_MS / 1000,
  })
  return token
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : ''
}

export function actorOf(req: FastifyRequest): Actor {
  return { id: req.auth!.user.id, email: req.auth!.user.email, ip: req.ip }
}

export const clientMeta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  device: req.cookies[DEVICE_COOKIE] ?? null,
})

const preloadedAccess = new WeakMap<FastifyRequest, ProjectAccess | null>()

/**
 * The caller's access to the route's project as the session lookup found it (null: no access), or
 * undefined when it was not looked up with the session (an access token, a route without `:ref`).
 */
export const preloadedProjectAccess = (req: FastifyRequest): ProjectAccess | null | undefined =>
  preloadedAccess.get(req)

/** Puts the caller on `request.auth` for every /api request. An Authorization header rules out the cookie. */
export function registerSession(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('auth', null)
  const accessCache = new AccessCache()
  // Before a platform write (so it runs on fresh access) and after it (so no request that overlapped it
  // keeps what it changed).
  app.addHook('onResponse', async (req) => {
    if (invalidatesAccess(req.method, req.url)) {
      accessCache.clear()
      // Every other server forgets it too (docs/scaling.md): no replica acts on access that changed.
      await ctx.events.publish({ kind: 'access' }).catch((err: unknown) => req.log.warn({ err }, 'event not sent'))
    }
  })
  // Any event (an access change, a paused or deleted project, a resync) may change a remembered grant.
  ctx.events.subscribe(() => accessCache.clear())
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return
    if (invalidatesAccess(req.method, req.url)) accessCache.clear()
    const bearer = bearerToken(req)
    if (bearer !== null) {
      const user = bearer ? await resolveAccessToken(ctx.db, bearer) : null
      if (user) req.auth = { user, via: 'token', sessionId: null, aal: 'aal2', needsMfa: false }
      return
    }
    const cookie = req.cookies[SESSION_COOKIE]
    if (!cookie) return
    // A project route learns the caller's access to its project with the session, in one query, or from
    // the access granted to the same session a moment ago.
    const projectRef = req.routeOptions.config.scope === 'project' ? (req.params as { ref?: string }).ref : undefined
    const cacheKey = projectRef === undefined ? null : `${hashToken(cookie)}\0${projectRef}`
    const granted = cacheKey === null ? undefined : accessCache.get(cacheKey)
    if (granted) {
      req.auth = granted.auth
      preloadedAccess.set(req, granted.access)
      return
    }
    const session = await resolveSession(ctx.db, cookie, projectRef)
    if (!session) return
    if (session.projectAccess !== undefined) preloadedAccess.set(req, session.projectAccess)
    if (session.extendedUntil) setSessionCookie(reply, ctx.config, { token: cookie, expiresAt: session.extendedUntil })
    req.auth = {
      user: session.user,
      via: 'session',
      sessionId: session.sessionId,
      aal: session.aal,
      needsMfa: session.user.mfa_enabled && session.aal !== 'aal2',
    }
    if (cacheKey !== null && session.projectAccess && !req.auth.needsMfa && !session.extendedUntil) {
      accessCache.set(cacheKey, { auth: req.auth, access: session.projectAccess })
    }
  })
}
