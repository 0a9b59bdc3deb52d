import { fail, ok, type Result } from '@basalt/contracts'
import { unsafeRaw, type SqlExpression } from '@basalt/sql'
import { parse, scan, SqlError, type ParseResult, type ScanToken } from 'libpg-query'
import type pg from 'pg'
import { formatPgError } from '../db/pg-error.ts'
import { buildFromInput, runSql } from './catalog.ts'

/**
 * The SQL a user writes where the table editor or the policy editor expects one expression (a column
 * default, a CHECK constraint, a policy's USING or WITH CHECK): read by Postgres' own parser before it goes into any DDL, and refused unless it is exactly
 * one expression. Without this, `0; create table t(); --` as a default would run as three statements on the
 * admin connection.
 */

/** Where an expression is written; each field names itself in the messages. */
export type ExpressionField = 'default' | 'check' | 'using' | 'with_check'

/** The refusals of {@link checkSingleExpression}, per field. */
export const EXPRESSION_MESSAGES = {
  default: {
    notSingle: 'Default value must be a single expression',
    comment: 'Default value cannot contain SQL comments',
  },
  check: {
    notSingle: 'Check constraint must be a single expression',
    comment: 'Check constraint cannot contain SQL comments',
  },
  using: {
    notSingle: 'The USING expression must be a single expression',
    comment: 'The USING expression cannot contain SQL comments',
  },
  with_check: {
    notSingle: 'The WITH CHECK expression must be a single expression',
    comment: 'The WITH CHECK expression cannot contain SQL comments',
  },
} as const satisfies Record<ExpressionField, { notSingle: string; comment: string }>

// The expression is read as the one target of a SELECT. The line break ends a `--` comment that would
// otherwise swallow the closing parenthesis.
const PREFIX = 'SELECT ('
const SUFFIX = '\n)'
/** Where the wrapping parenthesis is: a node starting there was built from it, not from the user's text. */
const WRAPPER_PAREN = PREFIX.length - 1

/** The only fields of `SELECT (<expression>)`: anything else (FROM, WHERE, LIMIT, UNION …) came from the text. */
const SELECT_FIELDS = new Set(['targetList', 'limitOption', 'op'])

// Statements that write. Postgres refuses them inside an expression too; refusing them here does not
// depend on that.
const WRITING_STATEMENTS = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt'])

/** Whether any node below `value` starts at the wrapping parenthesis or is a writing statement. */
function reachesOutside(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(reachesOutside)
  if (value === null || typeof value !== 'object') return false
  for (const [key, child] of Object.entries(value)) {
    if (WRITING_STATEMENTS.has(key)) return true
    if (key === 'location' && child === WRAPPER_PAREN) return true
    if (reachesOutside(child)) return true
  }
  return false
}

/** Whether the parse tree is `SELECT (<one expression>)` and nothing more. */
function isOneExpression(tree: ParseResult): boolean {
  const [raw, ...more] = tree.stmts ?? []
  if (!raw?.stmt || more.length > 0 || !('SelectStmt' in raw.stmt)) return false
  const select = raw.stmt.SelectStmt
  if (Object.keys(select).some((key) => !SELECT_FIELDS.has(key))) return false
  if (select.op !== 'SETOP_NONE' || select.limitOption !== 'LIMIT_OPTION_DEFAULT') return false
  const [target, ...others] = select.targetList ?? []
  if (!target || others.length > 0 || !('ResTarget' in target)) return false
  const { val, ...rest } = target.ResTarget
  if (!val || Object.keys(rest).some((key) => key !== 'location')) return false
  // `1, 2` makes the wrapping parentheses a row, `select 1` makes them a subquery: not one expression.
  return !reachesOutside(val)
}

/**
 * Whether every parenthesis the text closes it also opened. `1) + (2` is one expression once wrapped,
 * `(1) + (2)`, but written in DDL it would close the parenthesis of `check (…)` early.
 */
function closesOnlyItsOwn(tokens: readonly { text: string }[]): boolean {
  let depth = 0
  for (const token of tokens) {
    if (token.text === '(') depth += 1
    else if (token.text === ')') depth -= 1
    if (depth < 0) return false
  }
  return depth === 0
}

/**
 * The tokens of the text between the wrapper's `SELECT (` and `)`, by Postgres' lexer; null if it fails.
 * libpg-query's scan answers JSON without escaping control characters other than tab, line feed and
 * carriage return, so those are read as spaces: outside quotes they are whitespace (form feed, vertical
 * tab) or a syntax error the parse already refused, inside quotes a space keeps the token's bounds.
 */
async function tokensOf(wrapped: string): Promise<ScanToken[] | null> {
  const scannable = Array.from(wrapped, (c) => (c < ' ' && !'\t\n\r'.includes(c) ? ' ' : c)).join('')
  try {
    return (await scan(scannable)).tokens.slice(2, -1)
  } catch {
    // The text parsed, so the lexer accepted it; a scan that still fails refuses rather than answers 500.
    return null
  }
}

/** A parser error of the wrapped text, shown as psql would, at its position in the user's text. */
function syntaxFailure(error: SqlError, wrapped: string, text: string, field: ExpressionField): Result<never> {
  const message = error.sqlDetails?.message ?? error.message
  // libpg-query counts characters (code points) of the wrapped text from 0; formatPgError wants a
  // 1-based UTF-16 position in the text. An error at the closing parenthesis points just past the text.
  const cursor = error.sqlDetails?.cursorPosition ?? 0
  const before = [...wrapped].slice(PREFIX.length, Math.max(cursor, PREFIX.length)).join('')
  const position = Math.min(before.length, text.length) + 1
  // No `position` field: the API's position is an offset in the statement that ran, and none ran.
  return fail('bad_request', message, {
    formattedError: formatPgError(
      { message, severity: 'ERROR', position: String(position), hint: EXPRESSION_MESSAGES[field].notSingle },
      text,
    ),
  })
}

/**
 * Reads `text` with Postgres' parser (libpg-query) and answers it as an SqlExpression when it is exactly one
 * expression: no second statement, no FROM or other clause, no comma list, no comment, no parenthesis
 * closed that it did not open. Otherwise a `bad_request` naming the field, or Postgres' own syntax error.
 * What the expression means (a subquery in a DEFAULT, an unknown column) is left to Postgres.
 *
 * @example
 *   await checkSingleExpression('now()', 'default') // ok
 *   await checkSingleExpression('0; drop table t', 'default') // bad_request: syntax error at or near ";"
 */
export async function checkSingleExpression(text: string, field: ExpressionField): Promise<Result<SqlExpression>> {
  const messages = EXPRESSION_MESSAGES[field]
  const expression = text.trim()
  if (expression === '') return fail('bad_request', messages.notSingle)
  // The parser reads a C string: a NUL would end the text early. unsafeRaw refuses NULs and lone surrogates.
  const raw = buildFromInput(() => unsafeRaw(expression, "one expression, as Postgres' parser reads it below"))
  if (!raw.ok) return raw

  const wrapped = `${PREFIX}${expression}${SUFFIX}`
  let tree: ParseResult
  try {
    tree = await parse(wrapped)
  } catch (err) {
    if (err instanceof SqlError) return syntaxFailure(err, wrapped, expression, field)
    throw err
  }
  if (!isOneExpression(tree)) return fail('bad_request', messages.notSingle)
  const tokens = await tokensOf(wrapped)
  if (!tokens) return fail('bad_request', messages.notSingle)
  if (tokens.some((t) => t.tokenName === 'SQL_COMMENT' || t.tokenName === 'C_COMMENT')) {
    return fail('bad_request', messages.comment)
  }
  if (!closesOnlyItsOwn(tokens)) return fail('bad_request', messages.notSingle)
  return raw
}

/**
 * Makes Postgres read string constants, for the rest of the transaction, as libpg-query read them when it
 * checked the expressions: with standard_conforming_strings on. Off (a role or database setting), `'\'`
 * would not end where the check saw it end, and `'\' || '); drop table t; select (1 --'` — one expression
 * to the check — would run as three statements.
 *
 * @example
 *   const conforming = await readStringsAsChecked(client)
 *   if (!conforming.ok) return conforming
 */
export async function readStringsAsChecked(client: pg.ClientBase): Promise<Result<null>> {
  const set = await runSql(client, 'set local standard_conforming_strings = on')
  return set.ok ? ok(null) : set
}

/**
 * Runs DDL built from checked expressions (several statements, no parameters) with string constants read as
 * the check read them; Postgres errors keep their position in it. Nothing to run for empty text.
 *
 * @example
 *   const created = await runCheckedDdl(client, buildFromInput(() => buildCreateTable(payload)))
 */
export async function runCheckedDdl(client: pg.ClientBase, sql: Result<string>): Promise<Result<null>> {
  if (!sql.ok) return sql
  if (sql.data === '') return ok(null)
  const conforming = await readStringsAsChecked(client)
  if (!conforming.ok) return conforming
  const result = await runSql(client, sql.data)
  return result.ok ? ok(null) : result
}
