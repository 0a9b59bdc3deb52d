import { fail, ok, type Result } from '@basalt/contracts'
import { joinStatements, type BuiltStatement } from '@basalt/sql'
import { parse, SqlError } from 'libpg-query'
import type pg from 'pg'
import { buildFromInput } from './catalog.ts'
import { runCheckedDdl } from './expression.ts'

/** The refusal of built DDL whose SQL-by-design parts (a type, a default, a condition) add a statement. */
export const EXTRA_STATEMENT_MESSAGE = 'The definition must not contain other statements'

/**
 * The statements a Database page builds hold SQL by design (a function's types, defaults and body, a
 * trigger's condition): before they run, Postgres' own parser must read each built statement as exactly one
 * statement of the kind the builder wrote — so that `integer) … ; drop table x; create function g(` typed as
 * a type cannot add one. A statement the parser cannot read is left to Postgres, whose error has a position.
 *
 * @example
 *   const checked = await checkBuiltStatements(createFunctionStatements(def))
 */
export async function checkBuiltStatements(statements: readonly BuiltStatement[]): Promise<Result<null>> {
  for (const statement of statements) {
    let tree: { stmts?: Array<{ stmt?: Record<string, unknown> }> }
    try {
      tree = (await parse(statement.sql)) as typeof tree
    } catch (err) {
      if (err instanceof SqlError) continue
      throw err
    }
    const kinds = (tree.stmts ?? []).map((s) => Object.keys(s.stmt ?? {})[0] ?? '')
    if (kinds.length !== 1 || kinds[0] !== statement.kind) return fail('bad_request', EXTRA_STATEMENT_MESSAGE)
  }
  return ok(null)
}

/**
 * Builds a Database page's statements from caller input, checks them with {@link checkBuiltStatements} and
 * runs them as one text in the caller's transaction (string constants read as the check read them).
 * Refused input is a `bad_request`, Postgres' refusal a `pg_error` with its position in the text.
 *
 * @example
 *   const created = await runBuiltDdl(client, () => createPublicationStatements(def))
 */
export async function runBuiltDdl(client: pg.ClientBase, build: () => BuiltStatement[]): Promise<Result<null>> {
  const built = buildFromInput(build)
  if (!built.ok) return built
  const checked = await checkBuiltStatements(built.data)
  if (!checked.ok) return checked
  return runCheckedDdl(client, ok(joinStatements(built.data)))
}
