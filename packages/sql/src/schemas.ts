import { ident } from './quote.ts'

/**
 * CREATE SCHEMA.
 *
 * @example
 * buildCreateSchema('app') // 'CREATE SCHEMA "app";'
 */
export function buildCreateSchema(name: string): string {
  return `CREATE SCHEMA ${ident(name)};`
}

/** DROP SCHEMA; with cascade, every object in it goes too. */
export function buildDropSchema(name: string, cascade = false): string {
  return `DROP SCHEMA ${ident(name)}${cascade ? ' CASCADE' : ''};`
}
