import type { DatabaseFunction, ParsedFunctionDefinition } from '@basalt/contracts'
import { ident, literal, qualified, SqlInputError, unsafeRaw } from './quote.ts'

/**
 * DDL of functions and procedures (Database › Functions): CREATE, CREATE OR REPLACE, DROP and COMMENT, built
 * from a definition the form holds. Types, defaults and the body are SQL by design; the server reads the
 * statements it runs with Postgres' parser (one CREATE FUNCTION, and only the statements built here) before
 * running them.
 */

/** A simple lower-case name that needs no quotes (languages: `plpgsql`, `sql`). */
const bare = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : ident(name))

/** SQL-by-design text (a type, a default): NUL bytes and lone surrogates refused. */
const sqlText = (text: string, why: string) => unsafeRaw(text.trim(), why).sql

/**
 * The body as a dollar-quoted string, under a tag the body does not contain. A body that starts or ends with
 * `$` gets a line break there, so that the tag cannot merge with it.
 *
 * @example
 * dollarQuoted('select 1') // '$$select 1$$'
 * dollarQuoted('select $$x$$ y') // '$body$select $$x$$ y$body$'
 */
export function dollarQuoted(body: string): string {
  unsafeRaw(body, 'a function body: text inside a dollar quote')
  let tag = '$$'
  for (let i = 0; body.includes(tag); i += 1) tag = `$body${i === 0 ? '' : i}$`
  const start = body.startsWith('$') ? '\n' : ''
  const end = body.endsWith('$') ? '\n' : ''
  return `${tag}${start}${body}${end}${tag}`
}

type ArgumentLike = { mode: string; name: string; type: string }

function argumentSql(arg: ArgumentLike & { default?: string | null | undefined }, withDefault: boolean): string {
  const mode = arg.mode === 'in' ? '' : `${arg.mode.toUpperCase()} `
  const name = arg.name.trim() === '' ? '' : `${ident(arg.name.trim())} `
  const type = sqlText(arg.type, 'an argument type: SQL by design, read by the parser on the server')
  const dflt =
    withDefault && arg.default != null && arg.default.trim() !== ''
      ? ` DEFAULT ${sqlText(arg.default, 'a default expression: SQL by design, read by the parser on the server')}`
      : ''
  return `${mode}${name}${type}${dflt}`
}

/** `"public"."f"(integer, text)`: what names one overload (modes and names kept; OUT ones are ignored). */
function signatureSql(schema: string, name: string, args: readonly ArgumentLike[]): string {
  return `${qualified(schema, name)}(${args.map((a) => argumentSql(a, false)).join(', ')})`
}

function returnsSql(def: ParsedFunctionDefinition): string {
  const returns = def.returns
  if (!returns) throw new SqlInputError('Choose what the function returns')
  if (returns.kind === 'table') {
    const columns = returns.columns.map(
      (c) => `${ident(c.name)} ${sqlText(c.type, 'a column type: SQL by design, read by the parser on the server')}`,
    )
    return `RETURNS TABLE(${columns.join(', ')})`
  }
  return `RETURNS ${returns.setof ? 'SETOF ' : ''}${sqlText(returns.type, 'a return type: SQL by design, read by the parser')}`
}

function createSql(def: ParsedFunctionDefinition, replace: boolean): string {
  const procedure = def.kind === 'procedure'
  const head = `CREATE ${replace ? 'OR REPLACE ' : ''}${procedure ? 'PROCEDURE' : 'FUNCTION'} ${qualified(def.schema, def.name)}(${def.arguments
    .map((a) => argumentSql(a, true))
    .join(', ')})`
  const lines = [head]
  if (!procedure) lines.push(returnsSql(def))
  lines.push(`LANGUAGE ${bare(def.language)}`)
  if (!procedure) {
    lines.push(def.volatility.toUpperCase())
    if (def.strict) lines.push('STRICT')
  }
  lines.push(def.security_definer ? 'SECURITY DEFINER' : 'SECURITY INVOKER')
  if (def.search_path !== null) {
    lines.push(
      `SET search_path = ${def.search_path.length === 0 ? "''" : def.search_path.map((s) => ident(s)).join(', ')}`,
    )
  }
  // An SQL-standard body (`RETURN …`, `BEGIN ATOMIC … END`) is SQL, not a string: as a string of language sql
  // it would not compile, so such a body is written as is.
  const standard = def.language === 'sql' && /^\s*(begin\s+atomic\b|return\b)/i.test(def.body)
  lines.push(
    standard
      ? `${sqlText(def.body, 'an SQL-standard body: parsed with its statement on the server')};`
      : `AS ${dollarQuoted(def.body)};`,
  )
  return lines.join('\n')
}

function commentSql(def: ParsedFunctionDefinition): string {
  const what = def.kind === 'procedure' ? 'PROCEDURE' : 'FUNCTION'
  const comment = def.comment == null || def.comment === '' ? 'NULL' : literal(def.comment)
  return `COMMENT ON ${what} ${signatureSql(def.schema, def.name, def.arguments)} IS ${comment};`
}

/**
 * CREATE FUNCTION (or PROCEDURE) and its comment.
 *
 * @example
 * buildCreateFunction({ kind: 'function', schema: 'public', name: 'add', arguments: [{ mode: 'in', name: 'a', type: 'integer' }],
 *   returns: { kind: 'type', type: 'integer', setof: false }, language: 'sql', body: 'select a + 1', volatility: 'immutable',
 *   security_definer: false, strict: false, search_path: null })
 * // CREATE FUNCTION "public"."add"("a" integer)\nRETURNS integer\nLANGUAGE sql\nIMMUTABLE\nSECURITY INVOKER\nAS $$select a + 1$$;
 */
export function buildCreateFunction(def: ParsedFunctionDefinition): string {
  return joinStatements(createFunctionStatements(def))
}

/**
 * One statement of built DDL with the kind of parse-tree node Postgres' parser must read from it (alone):
 * the server checks each before running them, so that SQL-by-design text cannot add a statement.
 */
export interface BuiltStatement {
  /** The parse tree's node of the statement (libpg-query's name), which the server checks it is. */
  kind: string
  sql: string
}

/** The statements as one text, as the review shows them and the server runs them. */
export const joinStatements = (statements: readonly BuiltStatement[]) => statements.map((s) => s.sql).join('\n\n')

/** {@link buildCreateFunction}'s statements. */
export function createFunctionStatements(def: ParsedFunctionDefinition): BuiltStatement[] {
  const statements: BuiltStatement[] = [{ kind: 'CreateFunctionStmt', sql: createSql(def, false) }]
  if (def.comment != null && def.comment !== '') statements.push({ kind: 'CommentStmt', sql: commentSql(def) })
  return statements
}

/** What names an existing overload: `"public"."f"(a integer, b text)` from pg_get_function_identity_arguments. */
function existingSignature(fn: Pick<DatabaseFunction, 'schema' | 'name' | 'identity_arguments'>): string {
  return `${qualified(fn.schema, fn.name)}(${unsafeRaw(fn.identity_arguments, "Postgres' own rendering of the overload's arguments").sql})`
}

/**
 * DROP FUNCTION (PROCEDURE, AGGREGATE) of one overload; with cascade, what depends on it goes too.
 *
 * @example
 * buildDropFunction({ kind: 'function', schema: 'public', name: 'f', identity_arguments: 'a integer' }) // DROP FUNCTION "public"."f"(a integer);
 */
export function buildDropFunction(
  fn: Pick<DatabaseFunction, 'kind' | 'schema' | 'name' | 'identity_arguments'>,
  cascade = false,
): string {
  const what = fn.kind === 'procedure' ? 'PROCEDURE' : fn.kind === 'aggregate' ? 'AGGREGATE' : 'FUNCTION'
  return `DROP ${what} ${existingSignature(fn)}${cascade ? ' CASCADE' : ''};`
}

/** The form's definition of an existing function: what its edit form starts from. */
export function functionDefinitionOf(fn: DatabaseFunction): ParsedFunctionDefinition {
  const table = fn.arguments.filter((a) => a.mode === 'table')
  const searchPath = fn.config.find((c) => c.name === 'search_path')
  return {
    kind: fn.kind === 'procedure' ? 'procedure' : 'function',
    schema: fn.schema,
    name: fn.name,
    arguments: fn.arguments
      .filter((a) => a.mode !== 'table')
      .map((a) => ({
        mode: a.mode as 'in' | 'out' | 'inout' | 'variadic',
        name: a.name,
        type: a.type,
        default: a.default,
      })),
    returns:
      fn.kind === 'procedure'
        ? undefined
        : table.length > 0
          ? { kind: 'table', columns: table.map((c) => ({ name: c.name, type: c.type })) }
          : {
              kind: 'type',
              type: (fn.return_type ?? '').replace(/^SETOF /, ''),
              setof: fn.returns_set,
            },
    language: fn.language,
    body: fn.body,
    volatility: fn.volatility,
    security_definer: fn.security_definer,
    strict: fn.strict,
    search_path: searchPath ? splitSearchPath(searchPath.value) : null,
    comment: fn.comment,
  }
}

/**
 * The schemas of a search_path setting as proconfig keeps it (`public, "My Schema"`, or `""` for none).
 *
 * @example
 * splitSearchPath('public, "My Schema"') // ['public', 'My Schema']
 */
export function splitSearchPath(value: string): string[] {
  const names: string[] = []
  const re = /\s*(?:"((?:[^"]|"")*)"|([^,\s]+))\s*(?:,|$)/g
  for (const m of value.matchAll(re)) {
    if (m[0] === '') break
    const name = m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]!
    if (name !== '') names.push(name)
  }
  return names
}

const sameText = (a: string, b: string) => a.trim() === b.trim()

/** Whether CREATE OR REPLACE can apply `after` over `before`: same arguments (modes, names, types) and result. */
function replaceable(before: ParsedFunctionDefinition, after: ParsedFunctionDefinition): boolean {
  if (before.kind !== after.kind || before.arguments.length !== after.arguments.length) return false
  const argsSame = before.arguments.every((a, i) => {
    const b = after.arguments[i]!
    return a.mode === b.mode && sameText(a.name, b.name) && sameText(a.type, b.type)
  })
  if (!argsSame) return false
  const [r1, r2] = [before.returns, after.returns]
  if (!r1 || !r2) return r1 === r2
  if (r1.kind === 'type' && r2.kind === 'type') return sameText(r1.type, r2.type) && r1.setof === r2.setof
  if (r1.kind === 'table' && r2.kind === 'table') {
    return (
      r1.columns.length === r2.columns.length &&
      r1.columns.every((c, i) => sameText(c.name, r2.columns[i]!.name) && sameText(c.type, r2.columns[i]!.type))
    )
  }
  return false
}

/**
 * The statements that turn the function `before` into `after`, in one transaction: with the same arguments
 * and result, a rename and a move (when asked) and CREATE OR REPLACE, which keeps its grants and what depends
 * on it; otherwise DROP and CREATE (which Postgres refuses while something depends on it).
 */
export function buildUpdateFunction(change: { before: DatabaseFunction; after: ParsedFunctionDefinition }): string {
  return joinStatements(updateFunctionStatements(change))
}

/** {@link buildUpdateFunction}'s statements. */
export function updateFunctionStatements({
  before,
  after,
}: {
  before: DatabaseFunction
  after: ParsedFunctionDefinition
}): BuiltStatement[] {
  const was = functionDefinitionOf(before)
  const statements: BuiltStatement[] = []
  if (!replaceable(was, after)) {
    statements.push(
      { kind: 'DropStmt', sql: buildDropFunction(before) },
      { kind: 'CreateFunctionStmt', sql: createSql(after, false) },
    )
  } else {
    const what = before.kind === 'procedure' ? 'PROCEDURE' : 'FUNCTION'
    let current = { schema: before.schema, name: before.name }
    if (after.name !== before.name) {
      statements.push({
        kind: 'RenameStmt',
        sql: `ALTER ${what} ${existingSignature(before)} RENAME TO ${ident(after.name)};`,
      })
      current = { schema: before.schema, name: after.name }
    }
    if (after.schema !== before.schema) {
      statements.push({
        kind: 'AlterObjectSchemaStmt',
        sql: `ALTER ${what} ${existingSignature({ ...before, ...current })} SET SCHEMA ${ident(after.schema)};`,
      })
    }
    statements.push({ kind: 'CreateFunctionStmt', sql: createSql(after, true) })
  }
  if ((after.comment ?? '') !== (before.comment ?? '')) statements.push({ kind: 'CommentStmt', sql: commentSql(after) })
  return statements
}
