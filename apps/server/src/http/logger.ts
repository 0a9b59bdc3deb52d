import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config.ts'

// Secrets never reach the logs: auth headers, cookies, and any password or connection string in a logged
// object (bodies are not logged by default; this covers a handler logging one).
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-connection-encrypted"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.connectionString',
  '*.*.password',
  '*.*.connectionString',
  'password',
  'connectionString',
]

/** Invitation tokens travel in the path; the log keeps the route, not the token. */
export function redactUrl(url: string): string {
  return url.replace(/^\/api\/invitations\/[^/?]+/, '/api/invitations/[redacted]')
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  }
}
