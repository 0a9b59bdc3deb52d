import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { sendFailure } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * How deep a JSON body may nest. Far more than any call or jsonb value needs, far less than what would
 * exhaust the stack of whatever walks the parsed value (validation, JSON.stringify, pg).
 */
export const MAX_JSON_DEPTH = 256

export const TOO_DEEP = `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`
export const NOT_UTF8 = 'Request body is not valid UTF-8'
export const NO_BODY = 'This call takes no request body'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Whether JSON text opens more than `max` arrays or objects inside each other (brackets in strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--
  }
  return false
}

const clientError = (message: string) => Object.assign(new Error(message), { statusCode: 400 })

/**
 * What every /api body goes through before validation, so that no input reaches a handler — or crashes
 * one — in a shape the route does not declare:
 * - JSON bodies must be valid UTF-8 (not silently "repaired" with U+FFFD) and nest at most MAX_JSON_DEPTH
 *   deep, checked on the text before it is parsed; then Fastify's own parser (prototype poisoning refused);
 * - a route that declares an object body refuses fields it does not know;
 * - a state-changing route that declares no body accepts no JSON body but `{}`.
 */
export function registerRequestBodyChecks(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(clientError(NOT_UTF8), undefined)
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(clientError(TOO_DEEP), undefined)
    parseJson(req, text, done)
  })

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    const body = route.schema?.body
    if (body instanceof z.ZodObject) route.schema = { ...route.schema, body: body.strict() }
  })

  // Routes that declare no body get none: a JSON body other than {} is refused before validation (a
  // multipart upload is the handler's to read).
  app.addHook('preValidation', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/api/') || req.routeOptions.schema?.body !== undefined) return
    if (SAFE_METHODS.has(req.method) || !req.headers['content-type']?.startsWith('application/json')) return
    const b = req.body
    const empty =
      b === undefined || b === null || (typeof b === 'object' && !Array.isArray(b) && Object.keys(b).length === 0)
    if (!empty) return sendFailure(reply, 'validation_failed', NO_BODY)
  })
}
