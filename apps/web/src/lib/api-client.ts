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
  /** Postgres' SQLSTATE of a `pg_error` (which field a Database form shows it beside). */
  readonly sqlState: string | undefined

  constructor(
    code: ApiError['code'],
    message: string,
    status: number,
    extra: { formattedError?: string; position?: number; sqlState?: string } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.formattedError = extra.formattedError
    this.position = extra.position
    this.sqlState = extra.sqlState
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

const NETWORK_ERROR = 'Unable to reach the Basalt server. Check your connection.'

/** The headers of every call: what it accepts, its JSON body's type, the CSRF token when it changes state. */
function headersFor(method: Method, accept: string, jsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept }
  if (jsonBody) headers['content-type'] = 'application/json'
  if (method !== 'GET') {
    const token = readCsrfToken()
    if (token) headers[CSRF_HEADER] = token
  }
  return headers
}

/** fetch with the session's cookies; an unreachable server is an {@link ApiError}, a cancellation stays one. */
async function send(
  path: string,
  method: Method,
  headers: Record<string, string>,
  body: unknown,
  signal?: AbortSignal,
) {
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    // By name: the DOMException of an aborted signal may come from another realm (tests run in jsdom).
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
    throw new ApiError('network_error', NETWORK_ERROR, 0)
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A failed answer as an {@link ApiError}, whole: the server's code and message, and for a Postgres error its
 * psql-style `formattedError` and `position` (STYLE 6), which the SQL editor shows at the place in the query.
 */
export function apiErrorOf(status: number, json: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(json)
  if (parsed.success) {
    const { code, message, formattedError, position, pg } = parsed.data
    return new ApiError(code, message, status, { formattedError, position, sqlState: pg?.code })
  }
  return new ApiError('internal', `Request failed with status ${status}`, status)
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: Method
  body?: unknown
  /** Parses the answer; without it the body is ignored and `undefined` is returned. */
  schema?: S
  signal?: AbortSignal
  /** Headers of this call beside the usual ones (e.g. `x-connection-encrypted`, which database a call reaches). */
  headers?: Record<string, string>
}

/**
 * The one way the web app talks to the server: JSON in and out, cookies for the session, the CSRF
 * header on every state-changing call, failures thrown as {@link ApiError}. Files go up with {@link upload}
 * and come down with {@link download}, through the same headers and errors.
 *
 * @example
 *   const projects = await api('/api/projects', { schema: z.array(projectSchema) })
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
  const method = options.method ?? 'GET'
  const headers = { ...headersFor(method, 'application/json', options.body !== undefined), ...options.headers }
  const response = await send(path, method, headers, options.body, options.signal)
  const json = parseJson(await response.text())
  if (!response.ok) throw apiErrorOf(response.status, json)
  if (!options.schema) return undefined as never
  const parsed = options.schema.safeParse(json)
  if (!parsed.success) {
    throw new ApiError('invalid_response', `Unexpected answer from ${method} ${path}`, response.status)
  }
  return parsed.data as never
}

/**
 * A call whose answer is plain text (formatted SQL), with the headers and failures of {@link api}.
 *
 * @example
 *   const formatted = await apiText(`/api/platform/pg-meta/${ref}/query/format`, { method: 'POST', body: { query } })
 */
export async function apiText(path: string, options: Omit<RequestOptions<undefined>, 'schema'> = {}): Promise<string> {
  const method = options.method ?? 'GET'
  const headers = { ...headersFor(method, 'text/plain', options.body !== undefined), ...options.headers }
  const response = await send(path, method, headers, options.body, options.signal)
  const text = await response.text()
  if (!response.ok) throw apiErrorOf(response.status, parseJson(text))
  return text
}

export interface UploadOptions<S extends z.ZodType> {
  /** The multipart body; its parts go in the order they were appended. */
  form: FormData
  /** Parses the answer. */
  schema: S
  /** Bytes of the body sent so far, of the total. */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
  /** A failure more specific than {@link apiErrorOf} (e.g. the rows an import refused), or undefined. */
  failure?: (status: number, json: unknown) => ApiError | undefined
}

/**
 * POSTs a multipart body (files), reporting its progress; aborting the signal cancels it (an `AbortError`).
 * It goes through XMLHttpRequest rather than fetch because only XHR reports upload progress.
 *
 * @example
 *   const form = new FormData()
 *   form.append('file', file)
 *   await upload('/api/…/import', { form, schema: resultSchema, onProgress: (sent, total) => show(sent / total) })
 */
export function upload<S extends z.ZodType>(path: string, options: UploadOptions<S>): Promise<z.infer<S>> {
  const { form, schema, onProgress, signal, failure } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'))
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    for (const [name, value] of Object.entries(headersFor('POST', 'application/json', false))) {
      xhr.setRequestHeader(name, value)
    }
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : event.loaded)
    xhr.onload = () => {
      const json = parseJson(xhr.responseText)
      if (xhr.status < 200 || xhr.status >= 300) {
        return reject(failure?.(xhr.status, json) ?? apiErrorOf(xhr.status, json))
      }
      const parsed = schema.safeParse(json)
      if (parsed.success) resolve(parsed.data)
      else reject(new ApiError('invalid_response', `Unexpected answer from POST ${path}`, xhr.status))
    }
    xhr.onerror = () => reject(new ApiError('network_error', NETWORK_ERROR, 0))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

/**
 * The file name of a `content-disposition` attachment header: its RFC 5987 `filename*` (UTF-8) when there
 * is one, else its quoted `filename`.
 */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!)
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const quoted = /filename="((?:[^"\\]|\\.)*)"/i.exec(header)
  return quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : null
}

/** Asks the browser to save a file under its name, as a download. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = file.name
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export interface DownloadOptions {
  method?: 'GET' | 'POST'
  /** A JSON body (the query of an export). */
  body?: unknown
  /** What the file is, for the Accept header. */
  accept: string
  /** The name to save under when the server's answer names none. */
  fileName: string
  /** Bytes received so far, of the total when the server says it. */
  onProgress?: (received: number, total: number | undefined) => void
  signal?: AbortSignal
}

/**
 * Downloads a file the server streams and has the browser save it, under the name the server gives
 * (`content-disposition`) or `fileName`. The answer is read as it arrives, chunk by chunk, into the file
 * (browsers keep large files on disk), with progress; aborting the signal stops it and saves nothing. A
 * failure is thrown whole as {@link ApiError} — a Postgres error keeps its `formattedError` and `position` —
 * and nothing is saved. A JSON body cannot ride on a plain form POST with the CSRF header, which is why the
 * file comes through fetch rather than a link.
 *
 * @example
 *   await download(`/api/…/export`, { method: 'POST', body: query, accept: 'text/csv', fileName: 'todos_rows.csv' })
 */
export async function download(path: string, options: DownloadOptions): Promise<File> {
  const method = options.method ?? 'GET'
  const headers = headersFor(method, options.accept, options.body !== undefined)
  const response = await send(path, method, headers, options.body, options.signal)
  if (!response.ok) throw apiErrorOf(response.status, parseJson(await response.text()))
  const total = Number(response.headers.get('content-length')) || undefined
  const parts: Uint8Array[] = []
  let received = 0
  if (response.body) {
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      received += value.byteLength
      options.onProgress?.(received, total)
    }
  }
  const name = attachmentFileName(response.headers.get('content-disposition')) ?? options.fileName
  const file = new File(parts as BlobPart[], name, { type: response.headers.get('content-type') ?? options.accept })
  saveFile(file)
  return file
}
