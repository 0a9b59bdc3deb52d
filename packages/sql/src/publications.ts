import type { ParsedPublicationDefinition, Publication, PublicationOperation } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident, literal, qualified } from './quote.ts'

/**
 * DDL of publications (Database › Replication): CREATE, ALTER (tables and operations) and DROP PUBLICATION.
 * Every part is a quoted name or a literal: nothing here is SQL by design.
 */

const ORDER: readonly PublicationOperation[] = ['insert', 'update', 'delete', 'truncate']
const publish = (operations: readonly PublicationOperation[]) =>
  `publish = ${literal(ORDER.filter((o) => operations.includes(o)).join(', '))}`
const tableList = (tables: ParsedPublicationDefinition['tables']) =>
  tables.map((t) => qualified(t.schema, t.name)).join(', ')

/**
 * CREATE PUBLICATION for the chosen tables and operations.
 *
 * @example
 * createPublicationStatements({ name: 'feed', tables: [{ schema: 'public', name: 'items' }], operations: ['insert'] })
 * // [{ kind: 'CreatePublicationStmt', sql: `CREATE PUBLICATION "feed" FOR TABLE "public"."items" WITH (publish = 'insert');` }]
 */
export function createPublicationStatements(def: ParsedPublicationDefinition): BuiltStatement[] {
  const tables = def.tables.length > 0 ? ` FOR TABLE ${tableList(def.tables)}` : ''
  return [
    {
      kind: 'CreatePublicationStmt',
      sql: `CREATE PUBLICATION ${ident(def.name)}${tables} WITH (${publish(def.operations)});`,
    },
  ]
}

/**
 * What changes a publication from `before` to `after`: the tables (SET TABLE, or DROP TABLE of every table
 * when none is left — SET needs at least one) and the operations. A publication of all tables or of whole
 * schemas keeps those (only a superuser may change them); its operations may change.
 */
export function updatePublicationStatements({
  before,
  after,
}: {
  before: Publication
  after: ParsedPublicationDefinition
}): BuiltStatement[] {
  const name = ident(before.name)
  const statements: BuiltStatement[] = []
  const key = (t: { schema: string; name: string }) => JSON.stringify([t.schema, t.name])
  const had = new Set(before.tables.map(key))
  const wants = new Set(after.tables.map(key))
  const sameTables = had.size === wants.size && [...had].every((k) => wants.has(k))
  if (!before.all_tables && !sameTables) {
    statements.push(
      after.tables.length > 0
        ? { kind: 'AlterPublicationStmt', sql: `ALTER PUBLICATION ${name} SET TABLE ${tableList(after.tables)};` }
        : { kind: 'AlterPublicationStmt', sql: `ALTER PUBLICATION ${name} DROP TABLE ${tableList(before.tables)};` },
    )
  }
  const sameOperations = ORDER.every((o) => before.operations.includes(o) === after.operations.includes(o))
  if (!sameOperations) {
    statements.push({
      kind: 'AlterPublicationStmt',
      sql: `ALTER PUBLICATION ${name} SET (${publish(after.operations)});`,
    })
  }
  return statements
}

/** DROP PUBLICATION. */
export function buildDropPublication(publication: Pick<Publication, 'name'>): string {
  return `DROP PUBLICATION ${ident(publication.name)};`
}
