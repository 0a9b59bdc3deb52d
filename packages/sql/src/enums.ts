import type { CreateEnumBody, DatabaseType, UpdateEnumBody } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { literal, qualified } from './quote.ts'

/** DDL of enumerated types (Database › Enumerated types): CREATE TYPE … AS ENUM, ADD VALUE, RENAME VALUE, DROP TYPE. */

/**
 * CREATE TYPE … AS ENUM.
 *
 * @example
 * createEnumStatements({ schema: 'public', name: 'mood', values: ['sad', 'ok'] })
 * // [{ kind: 'CreateEnumStmt', sql: `CREATE TYPE "public"."mood" AS ENUM ('sad', 'ok');` }]
 */
export function createEnumStatements(def: CreateEnumBody): BuiltStatement[] {
  return [
    {
      kind: 'CreateEnumStmt',
      sql: `CREATE TYPE ${qualified(def.schema, def.name)} AS ENUM (${def.values.map((v) => literal(v)).join(', ')});`,
    },
  ]
}

/** ALTER TYPE … ADD VALUE [BEFORE | AFTER], or … RENAME VALUE … TO … */
export function updateEnumStatements(
  type: Pick<DatabaseType, 'schema' | 'name'>,
  change: UpdateEnumBody,
): BuiltStatement[] {
  const name = qualified(type.schema, type.name)
  if (change.action === 'rename') {
    return [
      {
        kind: 'AlterEnumStmt',
        sql: `ALTER TYPE ${name} RENAME VALUE ${literal(change.from)} TO ${literal(change.to)};`,
      },
    ]
  }
  const place = change.before
    ? ` BEFORE ${literal(change.before)}`
    : change.after
      ? ` AFTER ${literal(change.after)}`
      : ''
  return [{ kind: 'AlterEnumStmt', sql: `ALTER TYPE ${name} ADD VALUE ${literal(change.value)}${place};` }]
}

/** DROP TYPE; with cascade, what depends on it (columns of that type) goes too. */
export function buildDropType(type: Pick<DatabaseType, 'schema' | 'name'>, cascade = false): string {
  return `DROP TYPE ${qualified(type.schema, type.name)}${cascade ? ' CASCADE' : ''};`
}
