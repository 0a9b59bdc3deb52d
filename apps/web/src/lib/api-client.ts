import { apiErrorSchema, type ErrorCode } from '@basalt/contracts'
import type { z } from 'zod'

export const CSRF_COOKIE = 'basalt_csrf'
export const CSRF_HEADER = 'x-csrf-token'

/** A failed API call: the server's `{ code, message }` plus the HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error' | 'invalid_response'
  readonly status: number
  readonly formattedError: string | undefined
  readonly position: number | undefined

  constructor(
    code: ApiError['code'],
    message: string,
    status: number,
    extra: { formattedError?: string; position?: number } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.formattedError = extra.formattedError
    this.position = extra.position
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

// The session answer also carries the token; it is the fallback when the cookie cannot be read
// (e.g. a proxy rewrote its path).
let csrfFallback: string | null = null
export function setCsrfFallback(token: string | null) {
  csrfFallback = token
}

export function readCsrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='))
  }
  return csrfFallback
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: Method
  body?: unknown
  /** Parses the answer; without it the body is ignored and `undefined` is returned. */
  schema?: S
  signal?: AbortSignal
}

/**
 * The one way the web app talks to the server: JSON in and out, cookies for the session, the CSRF
 * header on every state-changing call, failures thrown as {@link ApiError}.
 *
 * @example
 *   const projects = await api('/api/projects', { schema: z.array(projectSchema) })
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') {
    const token = readCsrfToken()
    if (token) headers[CSRF_HEADER] = token
  }

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError('network_error', 'Unable to reach the Basalt server. Check your connection.', 0)
  }

  const text = await response.text()
  let json: unknown = undefined
  if (text) {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }

  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(json)
    if (parsed.success) {
      const { code, message, formattedError, position } = parsed.data
      throw new ApiError(code, message, response.status, { formattedError, position })
    }
    throw new ApiError('internal', `Request failed with status ${response.status}`, response.status)
  }

  if (!options.schema) return undefined as never
  const parsed = options.schema.safeParse(json)
  if (!parsed.success) {
    throw new ApiError('invalid_response', `Unexpected answer from ${method} ${path}`, response.status)
  }
  return parsed.data as never
}
