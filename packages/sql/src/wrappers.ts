import type { ParsedForeignServerDefinition } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident, literal } from './quote.ts'

/**
 * DDL of foreign servers (Database › Wrappers): CREATE SERVER, the admin role's USER MAPPING, IMPORT FOREIGN
 * SCHEMA, DROP SERVER. Every part is a quoted name or a literal. A user mapping's options hold credentials:
 * its statement is marked secret, and the review shows its values masked.
 */

export interface WrapperStatement extends BuiltStatement {
  /** Holds credentials: shown masked, never recorded. */
  secret?: boolean
}

type Option = { name: string; value: string }
const options = (list: readonly Option[], mask = false) =>
  list.length === 0
    ? ''
    : ` OPTIONS (${list.map((o) => `${ident(o.name)} ${mask ? "'********'" : literal(o.value)}`).join(', ')})`

/**
 * CREATE SERVER, then (when asked) the admin role's user mapping and a remote schema imported into a local one.
 *
 * @example
 * createForeignServerStatements({ name: 'remote', wrapper: 'postgres_fdw', options: [{ name: 'dbname', value: 'app' }], user_mapping: null, import: null })
 * // [{ kind: 'CreateForeignServerStmt', sql: `CREATE SERVER "remote" FOREIGN DATA WRAPPER "postgres_fdw" OPTIONS ("dbname" 'app');` }]
 */
export function createForeignServerStatements(def: ParsedForeignServerDefinition): WrapperStatement[] {
  const server = ident(def.name)
  const statements: WrapperStatement[] = [
    {
      kind: 'CreateForeignServerStmt',
      sql: `CREATE SERVER ${server} FOREIGN DATA WRAPPER ${ident(def.wrapper)}${options(def.options)};`,
    },
  ]
  if (def.user_mapping) {
    statements.push({
      kind: 'CreateUserMappingStmt',
      sql: `CREATE USER MAPPING FOR CURRENT_USER SERVER ${server}${options(def.user_mapping.options)};`,
      secret: def.user_mapping.options.length > 0,
    })
  }
  if (def.import) {
    statements.push({
      kind: 'ImportForeignSchemaStmt',
      sql: `IMPORT FOREIGN SCHEMA ${ident(def.import.remote_schema)} FROM SERVER ${server} INTO ${ident(def.import.local_schema)};`,
    })
  }
  return statements
}

/** The statements as the review shows them: a user mapping's option values masked. */
export function reviewForeignServer(def: ParsedForeignServerDefinition): string {
  return createForeignServerStatements(def)
    .map((s) =>
      s.secret && def.user_mapping
        ? `CREATE USER MAPPING FOR CURRENT_USER SERVER ${ident(def.name)}${options(def.user_mapping.options, true)};`
        : s.sql,
    )
    .join('\n\n')
}

/** DROP SERVER; CASCADE takes its user mappings and foreign tables with it. */
export function buildDropServer(server: { name: string }, cascade = false): string {
  return `DROP SERVER ${ident(server.name)}${cascade ? ' CASCADE' : ''};`
}
