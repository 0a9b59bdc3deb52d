import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { ZodError } from 'zod'
import { httpStatusOf, type ApiError, type ErrorCode, type Result } from '@basalt/contracts'

declare module 'fastify' {
  interface FastifyReply {
    /** Sends `data` (with `status`) or the failure with the status its code maps to. */
    result<T>(result: Result<T>, status?: number): FastifyReply
  }
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(httpStatusOf(error.code)).send(error)
}

export function sendFailure(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return sendError(reply, { code, message })
}

/** SQLSTATEs of a Postgres that is shutting down, starting or gone. */
export const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'])

/**
 * Whether an error is a lost or refused database connection rather than a fault of the call: a socket error
 * (ECONNREFUSED, ECONNRESET…), a server shutting down or starting, a connection that ended mid-call, or a
 * pool that could not connect in time.
 */
export function isConnectionLoss(err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  const message = err instanceof Error ? err.message : ''
  return (
    (typeof code === 'string' && (/^E[A-Z]/.test(code) || UNAVAILABLE_SQLSTATES.has(code))) ||
    /^Connection terminated|^timeout exceeded when trying to connect/.test(message)
  )
}

export const internalErrorMessage = (errorId: string) =>
  `Something went wrong on the server. If it happens again, report error ${errorId}.`

/** Every failure leaves as JSON `{ code, message }`; validation failures name their first issue. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorateReply('result', function <T>(this: FastifyReply, result: Result<T>, status = 200) {
    if (!result.ok) return sendError(this, result.error)
    return status === 204 ? this.code(204).send() : this.code(status).send(result.data)
  })

  app.setErrorHandler((err: FastifyError | ZodError, req, reply) => {
    if (err instanceof ZodError) {
      const issue = err.issues[0]
      const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      return sendError(reply, {
        code: 'validation_failed',
        message: issue ? `${field}${issue.message}` : 'Invalid request',
      })
    }
    const status = err.statusCode ?? 500
    // Fastify's own client errors (bad JSON, wrong content type, body too large).
    if (status >= 400 && status < 500) {
      return sendError(reply, { code: status === 413 ? 'payload_too_large' : 'bad_request', message: err.message })
    }
    if (isConnectionLoss(err)) {
      // Basalt's own database is down for a moment (the embedded one is restarted by Basalt): try again.
      req.log.warn({ err }, 'platform database unavailable')
      return sendError(reply, {
        code: 'database_restarting',
        message: "Basalt's database is restarting. Try again in a moment.",
      })
    }
    // A bug: the answer names an id that the log entry carries too, so a report leads to the stack trace.
    const errorId = randomUUID()
    req.log.error({ err, errorId }, 'request failed')
    return sendError(reply, { code: 'internal', message: internalErrorMessage(errorId) })
  })
}
