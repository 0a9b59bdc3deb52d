import type { ApiError } from '@basalt/contracts'

interface PgDatabaseError {
  message: string
  code?: string
  position?: string
  detail?: string
  hint?: string
  severity?: string
}

export function isPgError(err: unknown): err is PgDatabaseError {
  return err instanceof Error && typeof (err as { code?: unknown }).code === 'string' && 'severity' in err
}

/**
 * A psql-style rendering of an error at a position in the SQL that was sent: the message, then
 * `LINE n:` with the line and a caret under the character.
 *
 * @example
 *   formatPgError({ message: 'syntax error at or near "form"', severity: 'ERROR', position: '10' }, 'select 1 form t')
 */
export function formatPgError(err: PgDatabaseError, sql?: string): string {
  const lines = [`${err.severity ?? 'ERROR'}:  ${err.message}`]
  const pos = err.position ? Number(err.position) : NaN
  if (sql && Number.isInteger(pos) && pos > 0) {
    const before = sql.slice(0, pos - 1)
    const lineNo = before.split('\n').length
    const lineStart = before.lastIndexOf('\n') + 1
    const lineEnd = sql.indexOf('\n', lineStart)
    const line = sql.slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
    const prefix = `LINE ${lineNo}: `
    lines.push(prefix + line, ' '.repeat(prefix.length + (pos - 1 - lineStart)) + '^')
  }
  if (err.detail) lines.push(`DETAIL:  ${err.detail}`)
  if (err.hint) lines.push(`HINT:  ${err.hint}`)
  return lines.join('\n')
}

/** Keeps a Postgres error whole: SQLSTATE, position, detail, hint and the formatted message. */
export function toApiError(err: PgDatabaseError, sql?: string): ApiError {
  const position = err.position ? Number(err.position) : undefined
  return {
    code: 'pg_error',
    message: err.message,
    formattedError: formatPgError(err, sql),
    ...(position !== undefined && Number.isInteger(position) ? { position } : {}),
    pg: { code: err.code, detail: err.detail, hint: err.hint },
  }
}
