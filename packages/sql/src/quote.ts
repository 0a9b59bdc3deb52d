/**
 * Error for input that cannot be turned into safe SQL text (NUL bytes, over-long identifiers, unsupported
 * values, missing filters). It is a bug in the caller, or input the UI should have refused, so it throws.
 *
 * @example
 * try { ident('a\u0000b') } catch (error) { if (error instanceof SqlInputError) console.warn(error.message) }
 */
export class SqlInputError extends Error {
  override readonly name = 'SqlInputError'
}

/**
 * Postgres keeps NAMEDATALEN - 1 = 63 bytes of an identifier and silently truncates the rest; {@link ident}
 * rejects longer names instead.
 *
 * @example
 * const tooLong = new TextEncoder().encode(name).length > MAX_IDENTIFIER_BYTES
 */
export const MAX_IDENTIFIER_BYTES = 63

const NUL_MESSAGE = 'Postgres text cannot contain NUL bytes (\\u0000)'
// A lone surrogate cannot be encoded as UTF-8: the driver would silently send U+FFFD instead.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

// The UTF-8 length of well-formed text, without TextEncoder (not in the ES lib this package targets).
function utf8Length(text: string): number {
  let bytes = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
  }
  return bytes
}

function checkText(text: string, what: string): void {
  if (text.includes('\u0000')) throw new SqlInputError(`${NUL_MESSAGE}: ${what}`)
  if (LONE_SURROGATE.test(text)) throw new SqlInputError(`${what} is not well-formed Unicode (lone surrogate)`)
}

const sqlExpressionToken = Symbol('SqlExpression')

/**
 * A fragment of SQL that is SQL by design (an RLS USING/WITH CHECK expression, a column default, a function
 * call) and is therefore inserted into statements as is. The only way to make one is {@link unsafeRaw}, so
 * every use is visible in review; quoted values and names are plain strings from {@link literal} and
 * {@link ident}. Interpolating it in a template literal yields its SQL text.
 *
 * @example
 * const using: SqlExpression = unsafeRaw('auth.uid() = user_id', 'RLS policy expressions are SQL by design')
 * `create policy "own rows" on "public"."todos" using (${using})`
 */
export class SqlExpression {
  readonly sql: string

  /** @internal Use {@link unsafeRaw}. */
  constructor(token: symbol, sql: string) {
    if (token !== sqlExpressionToken) throw new TypeError('Use unsafeRaw(sql, why) to create an SqlExpression')
    this.sql = sql
  }

  toString(): string {
    return this.sql
  }
}

/**
 * The one raw path: wraps SQL text that is inserted into statements **without any quoting**.
 *
 * WARNING: never pass user-supplied *values* here (filter values, cell contents, names); use {@link literal}
 * and {@link ident}. Only text that is meant to be SQL (an RLS expression typed by a user who may write SQL,
 * a column default expression, a constant in this codebase) belongs here, and `why` says which.
 *
 * @example
 * const createdAt = unsafeRaw('now()', 'column default chosen from the expression menu')
 */
export function unsafeRaw(sql: string, why: string): SqlExpression {
  if (why.trim() === '') throw new SqlInputError('unsafeRaw needs a reason')
  checkText(sql, 'SQL expression')
  return new SqlExpression(sqlExpressionToken, sql)
}

/**
 * Whether a value is an {@link SqlExpression} made by {@link unsafeRaw}.
 *
 * @example
 * isSqlExpression(unsafeRaw('now()', 'default')) // true
 */
export function isSqlExpression(value: unknown): value is SqlExpression {
  return value instanceof SqlExpression
}

/**
 * Quotes an identifier: always double-quoted, `"` doubled. Rejects the empty name, NUL bytes, lone
 * surrogates and names longer than 63 UTF-8 bytes (Postgres would silently truncate them).
 *
 * @example
 * ident('user "name"') // '"user ""name"""'
 */
export function ident(name: string): string {
  if (name === '') throw new SqlInputError('Identifier cannot be empty')
  checkText(name, `identifier ${JSON.stringify(name)}`)
  const bytes = utf8Length(name)
  if (bytes > MAX_IDENTIFIER_BYTES) {
    throw new SqlInputError(
      `Identifier ${JSON.stringify(name)} is ${bytes} bytes long; Postgres limits identifiers to ` +
        `${MAX_IDENTIFIER_BYTES} bytes and would silently truncate it`,
    )
  }
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * Quotes a schema-qualified name.
 *
 * @example
 * qualified('public', 'todos') // '"public"."todos"'
 */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`
}

/**
 * A JSON-compatible value, plus the types {@link literal} and {@link jsonLiteral} serialise themselves
 * (bigint, Date, Uint8Array, undefined).
 *
 * @example
 * const row: Record<string, SqlValue> = { id: 1n, title: 'Buy milk', due: new Date(), tags: ['home'] }
 */
export type SqlValue =
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | Date
  | Uint8Array
  | readonly SqlValue[]
  | { readonly [key: string]: SqlValue }

/**
 * Quotes a string as a Postgres string constant. Without backslashes the standard form `'…'` (quotes doubled)
 * is used; with backslashes the escape form `E'…'` (backslashes and quotes doubled). Both mean the same text
 * whatever `standard_conforming_strings` is set to.
 */
function quoteString(text: string): string {
  checkText(text, 'value')
  const quoted = text.replaceAll("'", "''")
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`
}

function nonFiniteName(value: number): string {
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity'
}

function isoDate(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new SqlInputError('Invalid Date cannot be a SQL value')
  return value.toISOString()
}

function hexBytes(value: Uint8Array): string {
  let hex = '\\x'
  for (const byte of value) hex += byte.toString(16).padStart(2, '0')
  return hex
}

function isPlainRecord(value: object): value is { readonly [key: string]: SqlValue } {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

function unsupported(value: unknown): SqlInputError {
  const kind = value === null ? 'null' : typeof value === 'object' ? value.constructor?.name : typeof value
  return new SqlInputError(`Unsupported SQL value of type ${kind ?? 'object'}`)
}

/**
 * Serialises a value as JSON text, rejecting what Postgres' `jsonb` would refuse or what JSON cannot hold:
 * NUL characters, lone surrogates, non-finite numbers. bigint is written as a JSON number, Date as its ISO
 * string, Uint8Array as a `\x…` bytea string; object keys whose value is undefined are left out.
 *
 * @example
 * toJson({ id: 1n, tags: ['a'] }) // '{"id":1,"tags":["a"]}'
 */
export function toJson(value: SqlValue): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'string':
      checkText(value, 'JSON string')
      return JSON.stringify(value)
    case 'number':
      if (!Number.isFinite(value)) throw new SqlInputError(`JSON cannot hold ${nonFiniteName(value)}`)
      return JSON.stringify(value)
    case 'bigint':
      return value.toString()
    case 'boolean':
      return value ? 'true' : 'false'
  }
  if (value instanceof Date) return JSON.stringify(isoDate(value))
  if (value instanceof Uint8Array) return JSON.stringify(hexBytes(value))
  if (Array.isArray(value)) return `[${value.map((item: SqlValue) => toJson(item)).join(',')}]`
  if (typeof value === 'object' && isPlainRecord(value)) {
    const members: string[] = []
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue
      checkText(key, 'JSON key')
      members.push(`${JSON.stringify(key)}:${toJson(item)}`)
    }
    return `{${members.join(',')}}`
  }
  throw unsupported(value)
}

/** One element of a Postgres array text (`{…}`): always double-quoted unless NULL, number or boolean. */
function arrayElement(value: SqlValue): string {
  if (value === null || value === undefined) return 'NULL'
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : nonFiniteName(value)
    case 'bigint':
      return value.toString()
    case 'boolean':
      return value ? 'true' : 'false'
  }
  if (Array.isArray(value)) return arrayText(value)
  let text: string
  if (typeof value === 'string') text = value
  else if (value instanceof Date) text = isoDate(value)
  else if (value instanceof Uint8Array) text = hexBytes(value)
  else text = toJson(value)
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
}

function arrayText(values: readonly SqlValue[]): string {
  return `{${values.map(arrayElement).join(',')}}`
}

/**
 * Quotes a value as a SQL constant. Strings, dates (ISO 8601), bytes (`\x…`), arrays (Postgres array text
 * `'{…}'`) and objects (JSON text) become untyped string constants, so Postgres coerces them to the type of
 * the column they meet; numbers, bigints and booleans are written bare; null and undefined are `null`;
 * non-finite numbers are `'NaN'::float8`, `'Infinity'::float8`, `'-Infinity'::float8`. A value is never SQL:
 * `literal('now()')` is the text `'now()'`. For a json/jsonb column holding an array use {@link jsonLiteral}.
 *
 * @example
 * literal("it's") // "'it''s'"
 * literal('C:\\temp') // "E'C:\\\\temp'"
 * literal(['a', null]) // `'{"a",NULL}'`
 * literal({ a: 1 }) // `'{"a":1}'`
 */
export function literal(value: SqlValue): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'string':
      return quoteString(value)
    case 'number':
      return Number.isFinite(value) ? String(value) : `'${nonFiniteName(value)}'::float8`
    case 'bigint':
      return value.toString()
    case 'boolean':
      return value ? 'true' : 'false'
  }
  if (value instanceof Date) return quoteString(isoDate(value))
  if (value instanceof Uint8Array) return quoteString(hexBytes(value))
  if (Array.isArray(value)) return quoteString(arrayText(value))
  if (typeof value === 'object' && isPlainRecord(value)) return quoteString(toJson(value))
  throw unsupported(value)
}

/**
 * Quotes any value as a JSON text constant (arrays stay JSON arrays, unlike {@link literal}).
 *
 * @example
 * jsonLiteral([1, 'a']) // `'[1,"a"]'`
 */
export function jsonLiteral(value: SqlValue): string {
  return quoteString(toJson(value))
}
