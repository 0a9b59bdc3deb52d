import type { FastifyInstance } from 'fastify'
import { safeEqual } from '../platform/secrets.ts'
import { sendFailure } from './errors.ts'
import { CSRF_COOKIE, CSRF_HEADER } from './session.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CSRF_FAILED = 'Missing or invalid CSRF token. Reload the page and try again.'

/**
 * Double-submit check on every state-changing /api call made with cookies — including sign-in and
 * sign-up, which would otherwise allow login CSRF. Calls with an Authorization header carry no ambient
 * credentials (a page cannot add that header cross-site without CORS) and are not checked.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/') || req.headers.authorization) return
    const cookie = req.cookies[CSRF_COOKIE]
    const header = req.headers[CSRF_HEADER]
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      return sendFailure(reply, 'csrf_failed', CSRF_FAILED)
    }
  })
}
