import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { safeEqual } from '../platform/secrets.ts'
import { sendFailure } from './errors.ts'
import { CSRF_COOKIE, CSRF_HEADER, ensureCsrfCookie } from './session.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CSRF_FAILED = 'Missing or invalid CSRF token. Reload the page and try again.'

/**
 * Double-submit check on every state-changing /api call made with cookies — including sign-in and
 * sign-up, which would otherwise allow login CSRF. Calls with an Authorization header carry no ambient
 * credentials (a page cannot add that header cross-site without CORS) and are not checked.
 *
 * Every safe request (the first page load included) hands out the token cookie when the browser has none,
 * so whatever page someone arrives on — an invitation link, say — can make its first POST.
 */
export function registerCsrf(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) {
      ensureCsrfCookie(req, reply, config)
      return
    }
    if (!req.url.startsWith('/api/') || req.headers.authorization) return
    const cookie = req.cookies[CSRF_COOKIE]
    const header = req.headers[CSRF_HEADER]
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      return sendFailure(reply, 'csrf_failed', CSRF_FAILED)
    }
  })
}
