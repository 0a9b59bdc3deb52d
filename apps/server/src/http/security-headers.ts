import type { FastifyInstance } from 'fastify'

export interface SecurityHeaderOptions {
  /**
   * Origins the browser may call besides Basalt itself. The hook for the AI assistant: when an AI endpoint
   * the browser talks to directly is configured (AI_BASE_URL), its origin goes here.
   */
  connectSources?: string[]
  /** HTTPS only (PUBLIC_URL is https://): browsers then refuse plain HTTP to Basalt for a year. */
  strictTransport?: boolean
}

/**
 * The Content-Security-Policy of every answer. Scripts only from Basalt's own files (no inline script:
 * apps/web/index.html loads even its theme snippet from a file) and no eval; workers from Basalt or blob:
 * URLs, as Monaco creates them; images also from data: and blob: URLs (QR codes, previews). Styles allow
 * 'unsafe-inline' because sonner, Radix and Monaco set styles at run time; a style cannot run code.
 */
export function contentSecurityPolicy(connectSources: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Security headers on every answer — API, web app files and errors alike — and `Cache-Control: no-store`
 * on /api, whose answers are per user and must not be kept by a browser or a proxy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const csp = contentSecurityPolicy(options.connectSources)
  app.addHook('onSend', async (req, reply, payload) => {
    // A stored object's bytes carry their own, stricter policy that Basalt's pages may frame (previews).
    const own = reply.getHeader('content-security-policy')
    reply.header('content-security-policy', own ?? csp)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
    // For browsers that predate frame-ancestors.
    reply.header('x-frame-options', own ? 'SAMEORIGIN' : 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    if (options.strictTransport) reply.header('strict-transport-security', 'max-age=31536000')
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
    return payload
  })
}
