import { fail, ok, type AnalyzedStatement, type Result } from '@basalt/contracts'
import { parse, SqlError } from 'libpg-query'
import { formatPgError } from '../db/pg-error.ts'
import { destructiveOperationsOf } from './destructive.ts'
import { utf16OffsetOfChars, utf16OffsetsOfBytes } from './text-offsets.ts'

/**
 * One statement of the SQL editor's text, cut from the text as written (so that Postgres' error positions in
 * it map back to the editor) and read by PostgreSQL's own parser (libpg-query).
 */
export interface SqlStatement extends AnalyzedStatement {
  /**
   * What it does to the transaction: `begin` opens one, `end` ends it (commit, rollback, prepare
   * transaction), `chain` ends it and opens the next (… and chain).
   */
  transaction?: 'begin' | 'end' | 'chain'
  /** Postgres refuses to run it inside a transaction block (VACUUM, CREATE INDEX CONCURRENTLY…). */
  outsideTransaction: boolean
  /**
   * It acts on the transaction block it runs in, so it does not run alone as it runs in a transaction
   * Basalt opens: transaction control, LOCK, DECLARE, SET (SET LOCAL, SET TRANSACTION), SET CONSTRAINTS, and
   * CALL and DO, whose code may commit.
   */
  actsOnTransaction: boolean
  /** COPY whose data comes from or goes to the client: the editor has no such data. */
  copyStdio: boolean
}

type Node = Record<string, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The statement node's kind and body: `{ SelectStmt: {...} }` → ['SelectStmt', {...}]. */
function kindOf(stmt: unknown): [string, Node] {
  const [kind, body] = Object.entries(isNode(stmt) ? stmt : {})[0] ?? ['', {}]
  return [kind, isNode(body) ? body : {}]
}

const options = (body: Node, key: string) =>
  (Array.isArray(body[key]) ? (body[key] as unknown[]) : []).map((o) =>
    isNode(o) && isNode(o.DefElem) ? o.DefElem : {},
  )

function transactionOf(kind: string, body: Node): SqlStatement['transaction'] {
  if (kind !== 'TransactionStmt') return undefined
  switch (body.kind) {
    case 'TRANS_STMT_BEGIN':
    case 'TRANS_STMT_START':
      return 'begin'
    case 'TRANS_STMT_COMMIT':
    case 'TRANS_STMT_ROLLBACK':
      return body.chain ? 'chain' : 'end'
    case 'TRANS_STMT_PREPARE':
      return 'end'
    default:
      return undefined
  }
}

/** Statements Postgres runs only outside a transaction block (PreventInTransactionBlock). */
function mustRunOutsideTransaction(kind: string, body: Node): boolean {
  switch (kind) {
    case 'VacuumStmt':
      return body.is_vacuumcmd === true
    case 'IndexStmt':
    case 'DropStmt':
      return body.concurrent === true
    case 'ReindexStmt':
      return (
        body.kind === 'REINDEX_OBJECT_SYSTEM' ||
        body.kind === 'REINDEX_OBJECT_DATABASE' ||
        options(body, 'params').some((o) => o.defname === 'concurrently')
      )
    case 'ClusterStmt':
      return body.relation === undefined
    case 'AlterDatabaseStmt':
      return options(body, 'options').some((o) => o.defname === 'tablespace')
    case 'TransactionStmt':
      return body.kind === 'TRANS_STMT_COMMIT_PREPARED' || body.kind === 'TRANS_STMT_ROLLBACK_PREPARED'
    case 'CreatedbStmt':
    case 'DropdbStmt':
    case 'AlterSystemStmt':
    case 'CreateTableSpaceStmt':
    case 'DropTableSpaceStmt':
    case 'CreateSubscriptionStmt':
    case 'DropSubscriptionStmt':
      return true
    default:
      return false
  }
}

/** See SqlStatement.actsOnTransaction. */
const TRANSACTION_BOUND = new Set([
  'TransactionStmt',
  'LockStmt',
  'DeclareCursorStmt',
  'VariableSetStmt',
  'ConstraintsSetStmt',
  'CallStmt',
  'DoStmt',
])

/** A syntax error of the text, kept like a Postgres error: SQLSTATE 42601, its position and the caret. */
function syntaxError(text: string, err: SqlError): Result<never> {
  const cursor = err.sqlDetails?.cursorPosition
  // libpg-query's cursor is 0-based and counts characters; the API's positions are 1-based UTF-16 offsets.
  const position = typeof cursor === 'number' && cursor >= 0 ? utf16OffsetOfChars(text, cursor) + 1 : undefined
  const pgLike = { message: err.message, code: '42601', severity: 'ERROR', position: position?.toString() }
  return fail('pg_error', err.message, {
    formattedError: formatPgError(pgLike, text),
    ...(position === undefined ? {} : { position }),
    pg: { code: '42601' },
  })
}

const parseStatements = async (sql: string) => (await parse(sql)).stmts?.map((s) => s.stmt) ?? []

/** Texts whose statements are remembered (see splitStatements), and the longest one remembered. */
const SPLIT_CACHE_ENTRIES = 500
const SPLIT_CACHE_MAX_CHARS = 20_000
const splitCache = new Map<string, Promise<Result<SqlStatement[]>>>()

/**
 * The statements of the text, as {@link splitText} answers them. A text run again (the editor's Run, over and
 * over) is not parsed again: the split of the last 500 texts up to 20,000 characters is remembered, since it
 * depends on nothing but the text. Callers read what it answers and never change it.
 */
export function splitStatements(text: string): Promise<Result<SqlStatement[]>> {
  if (text.length > SPLIT_CACHE_MAX_CHARS) return splitText(text)
  const cached = splitCache.get(text)
  if (cached) {
    // Most recently used last: the first entry is the one to forget.
    splitCache.delete(text)
    splitCache.set(text, cached)
    return cached
  }
  const split = splitText(text)
  splitCache.set(text, split)
  split.catch(() => splitCache.delete(text))
  if (splitCache.size > SPLIT_CACHE_ENTRIES) splitCache.delete(splitCache.keys().next().value!)
  return split
}

/**
 * The statements of the text, in order, each with its place (UTF-16 offsets and line), what it does to
 * transactions and its destructive operations. Empty statements (`;;`) and comments between statements are
 * left out. A text PostgreSQL cannot parse answers its syntax error (nothing of it should run: Postgres
 * itself refuses a multi-statement query with a syntax error anywhere).
 *
 * @example
 *   await splitStatements("select 1; drop table t") // [{ index: 0, sql: 'select 1', … }, { index: 1, sql: 'drop table t', destructive: [{ operation: 'drop', … }] }]
 */
async function splitText(text: string): Promise<Result<SqlStatement[]>> {
  // libpg-query refuses an empty text rather than answering no statements.
  if (text.trim() === '') return ok([])
  let raw
  try {
    raw = (await parse(text)).stmts ?? []
  } catch (err) {
    if (err instanceof SqlError) return syntaxError(text, err)
    throw err
  }
  // Locations are UTF-8 byte offsets; the last statement's length is 0 ("to the end").
  const bytes = Buffer.byteLength(text)
  const byteBounds = raw.flatMap((s) => {
    const start = s.stmt_location ?? 0
    return [start, s.stmt_len ? start + s.stmt_len : bytes]
  })
  const bounds = utf16OffsetsOfBytes(text, byteBounds)
  const statements: SqlStatement[] = []
  let line = 1
  let lineCountedTo = 0
  for (const [i, s] of raw.entries()) {
    let start = bounds[2 * i]!
    let end = bounds[2 * i + 1]!
    // Cut the blanks around it; a comment before the statement is not in it, one after it is.
    while (start < end && /\s/.test(text[start]!)) start++
    while (end > start && /\s/.test(text[end - 1]!)) end--
    for (let n = text.indexOf('\n', lineCountedTo); n !== -1 && n < start; n = text.indexOf('\n', n + 1)) line++
    lineCountedTo = start
    const sql = text.slice(start, end)
    const [kind, body] = kindOf(s.stmt)
    statements.push({
      index: statements.length,
      sql,
      start,
      end,
      line,
      kind,
      destructive: await destructiveOperationsOf(s.stmt, sql, parseStatements),
      transaction: transactionOf(kind, body),
      outsideTransaction: mustRunOutsideTransaction(kind, body),
      actsOnTransaction: TRANSACTION_BOUND.has(kind),
      copyStdio: kind === 'CopyStmt' && body.filename === undefined && body.is_program !== true,
    })
  }
  return ok(statements)
}
