import { z } from 'zod'

/**
 * Every expected failure the API can return. The HTTP status is chosen from this table only —
 * never by matching message text.
 *
 * @example
 *   reply.status(httpStatusOf('not_found')).send({ code: 'not_found', message: 'Project not found' })
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  mfa_required: 401,
  invalid_credentials: 401,
  invalid_mfa_code: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  conflict: 409,
  project_not_ready: 409,
  payload_too_large: 413,
  /** A stored file's type is not in its bucket's allowed_mime_types. */
  mime_type_not_allowed: 415,
  /** A Range header outside the object's bytes. */
  range_not_satisfiable: 416,
  /** A signed URL's token is tampered, for another object, or expired (the message says which). */
  invalid_token: 400,
  /** A CSV import with rows Postgres refused (the body lists them); nothing was imported. */
  import_rejected: 422,
  rate_limited: 429,
  pg_error: 400,
  connection_failed: 502,
  /** The database is down for a moment (Basalt is restarting it); the call may be tried again. */
  database_restarting: 503,
  /**
   * Every connection the call could use is busy (its project's pool, or the SQL editor's budget of concurrent
   * runs and result memory): nothing ran; the call may be tried again.
   */
  database_busy: 503,
  /** The server has no AI provider configured (AI_BASE_URL, AI_MODEL): no call was made. */
  ai_not_configured: 503,
  /** The AI provider failed, refused the call or answered something unusable. */
  ai_failed: 502,
  /** The AI provider did not answer in time (AI_TIMEOUT_SECONDS). */
  ai_timeout: 504,
  /** The object store (the data directory or the S3 service) failed; nothing was changed. */
  storage_failed: 502,
  internal: 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])

/** The JSON body of every failed API call. */
export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  formattedError: z.string().optional(),
  position: z.number().int().optional(),
  /** Postgres details, kept whole: SQLSTATE, detail, hint. */
  pg: z
    .object({
      code: z.string().optional(),
      detail: z.string().optional(),
      hint: z.string().optional(),
    })
    .optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** Expected failures are values: `{ ok: true, data }` or `{ ok: false, error }`. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError }

export const ok = <T>(data: T): Result<T> => ({ ok: true, data })
export const fail = (code: ErrorCode, message: string, extra: Omit<ApiError, 'code' | 'message'> = {}) =>
  ({ ok: false, error: { code, message, ...extra } }) as const

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_STATUS[code]
}
