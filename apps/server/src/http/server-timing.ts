import type { FastifyInstance } from 'fastify'

/**
 * Every /api answer says how long the server spent on it, from the request's arrival to its serialised
 * body, in a `Server-Timing` header (shown by browsers' network panels; read by the bench, which compares
 * it with the same SQL run directly: docs/performance.md). No secret is in it, only a duration.
 */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/')) reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`)
    return payload
  })
}
