import type { ParsedEnableExtension } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident } from './quote.ts'

/** DDL of extensions (Database › Extensions): CREATE EXTENSION into a schema, DROP EXTENSION. */

/**
 * CREATE EXTENSION … WITH SCHEMA …
 *
 * @example
 * createExtensionStatements({ name: 'citext', schema: 'extensions', cascade: false })
 * // [{ kind: 'CreateExtensionStmt', sql: 'CREATE EXTENSION "citext" WITH SCHEMA "extensions";' }]
 */
export function createExtensionStatements(def: ParsedEnableExtension): BuiltStatement[] {
  return [
    {
      kind: 'CreateExtensionStmt',
      sql: `CREATE EXTENSION ${ident(def.name)} WITH SCHEMA ${ident(def.schema)}${def.cascade ? ' CASCADE' : ''};`,
    },
  ]
}

/** DROP EXTENSION; with cascade, what depends on it goes too. */
export function buildDropExtension(name: string, cascade = false): string {
  return `DROP EXTENSION ${ident(name)}${cascade ? ' CASCADE' : ''};`
}
