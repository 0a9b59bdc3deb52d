import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { writeAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { safeEqual } from '../platform/secrets.ts'
import { sendFailure } from './errors.ts'
import { redactUrl } from './logger.ts'
import { CSRF_HEADER, ensureCsrfCookie, expectedCsrfToken } from './session.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CSRF_FAILED = 'Missing or invalid CSRF token. Reload the page and try again.'
export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.'

/**
 * Whether a state-changing request comes from Basalt's own pages, as far as the browser says: its
 * `Sec-Fetch-Site` must be same-origin (or none: the user's own action), and its `Origin` that of PUBLIC_URL
 * or of the address the browser asked for (Basalt reached by another name than PUBLIC_URL). Callers that
 * are not browsers send neither, and are judged by their token alone.
 */
export function fromOwnOrigin(req: FastifyRequest, config: Config): boolean {
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = req.headers.origin
  if (origin === undefined) return true
  return origin === new URL(config.publicUrl).origin || origin === `${req.protocol}://${req.host}`
}

/**
 * Guards every state-changing /api call against cross-site requests, including sign-in and sign-up (login
 * CSRF): the browser's Origin and Sec-Fetch-Site must name Basalt itself, and a call made with cookies must
 * carry the token bound to its session (session.ts, csrfTokenOf). Calls with an Authorization header carry
 * no ambient credentials (a page cannot add that header cross-site without CORS) and need no token. A call
 * that reaches no route changes nothing and gets its 404. Refusals are audited (never the token).
 *
 * Every safe request (the first page load included) hands out the token when the browser lacks it, so
 * whatever page someone arrives on — an invitation link, say — can make its first POST.
 */
export function registerCsrf(app: FastifyInstance, ctx: PlatformContext): void {
  const { config } = ctx
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) {
      ensureCsrfCookie(req, reply, config)
      return
    }
    if (!req.url.startsWith('/api/') || req.routeOptions.url === undefined) return
    let reason: 'origin' | 'token' | null = null
    if (!fromOwnOrigin(req, config)) reason = 'origin'
    else if (!req.headers.authorization) {
      const expected = expectedCsrfToken(req, config)
      const header = req.headers[CSRF_HEADER]
      if (!expected || typeof header !== 'string' || !safeEqual(expected, header)) reason = 'token'
    }
    if (reason === null) return
    const user = req.auth?.user
    await writeAudit(ctx.db, {
      action: 'request.csrf_refused',
      actor: user ? { id: user.id, email: user.email, ip: req.ip } : { id: null, email: null, ip: req.ip },
      target: `${req.method} ${redactUrl(req.url.split('?')[0]!)}`,
      details: {
        reason,
        origin: req.headers.origin?.slice(0, 200) ?? null,
        fetchSite: req.headers['sec-fetch-site']?.slice(0, 50) ?? null,
      },
    }).catch((err: unknown) => req.log.warn({ err }, 'audit entry not written'))
    return sendFailure(reply, 'csrf_failed', reason === 'origin' ? CROSS_SITE_REFUSED : CSRF_FAILED)
  })
}
