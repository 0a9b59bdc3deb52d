import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { resolveAccessToken } from '../platform/access-tokens.ts'
import type { Actor, PlatformContext } from '../platform/context.ts'
import type { ProjectAccess } from '../platform/projects.ts'
import { deriveKey, hashToken, randomToken, sign } from '../platform/secrets.ts'
import { DEVICE_LIFETIME_MS } from '../platform/trusted-devices.ts'
import { AccessCache, invalidatesAccess } from './access-cache.ts'
import { resolveSession, SESSION_LIFETIME_MS, type Aal, type NewSession } from '../platform/sessions.ts'
import type { UserRow } from '../platform/users.ts'

export const SESSION_COOKIE = 'basalt_session'
export const CSRF_COOKIE = 'basalt_csrf'
export const CSRF_HEADER = 'x-csrf-token'
/** Binds the CSRF token of a browser that has no session yet (see csrfTokenOf). */
export const PRESESSION_COOKIE = 'basalt_presession'
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

/** Sets the session cookie, and the CSRF token bound to it. */
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
  setCsrfCookie(reply, config, csrfTokenOf(config, session.token))
}

/** Ends the session cookie; the browser gets a new pre-session (and its token) to sign in again. */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(config) })
  startPresession(reply, config)
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
 * The CSRF token: an HMAC, under a key derived from ENCRYPTION_KEY, of what identifies the browser's
 * session — the session cookie, or before sign-in a random httpOnly "pre-session" cookie. Both are
 * httpOnly, so a page (or a cookie planted from a sibling domain) cannot learn or forge the token; the page
 * reads it from the (readable) basalt_csrf cookie and echoes it in x-csrf-token on every state-changing
 * call. The cookie is only how the token travels: the server recomputes it and never trusts the cookie.
 */
export function csrfTokenOf(config: Config, binding: string): string {
  return sign(deriveKey(config.encryptionKey, 'csrf'), hashToken(binding))
}

/** The token in force for a request's cookies, or null when it carries neither session nor pre-session. */
export function expectedCsrfToken(req: FastifyRequest, config: Config): string | null {
  const binding = req.cookies[SESSION_COOKIE] ?? req.cookies[PRESESSION_COOKIE]
  return binding ? csrfTokenOf(config, binding) : null
}

function setCsrfCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: secure(config),
    maxAge: SESSION_LIFETIME_MS / 1000,
  })
}

/** Starts a pre-session (a browser without a session, or one that just signed out); returns its token. */
function startPresession(reply: FastifyReply, config: Config): string {
  const presession = randomToken()
  reply.setCookie(PRESESSION_COOKIE, presession, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(config),
    maxAge: SESSION_LIFETIME_MS / 1000,
  })
  const token = csrfTokenOf(config, presession)
  setCsrfCookie(reply, config, token)
  return token
}

/**
 * Hands out the token for the request's session or pre-session (starting a pre-session when there is
 * neither) when the browser does not hold it already; returns the token in force.
 */
export function ensureCsrfCookie(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const token = expectedCsrfToken(req, config)
  if (token === null) return startPresession(reply, config)
  if (req.cookies[CSRF_COOKIE] !== token) setCsrfCookie(reply, config, token)
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
    if (invalidatesAccess(req.method, req.url)) accessCache.clear()
  })
  // Every other server forgets it too (docs/scaling.md), and is told before the caller hears the change
  // is done: no replica acts on access that changed.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (invalidatesAccess(req.method, req.url)) {
      await ctx.events.publish({ kind: 'access' }).catch((err: unknown) => req.log.warn({ err }, 'event not sent'))
    }
    return payload
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
