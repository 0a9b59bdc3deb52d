import type { DatabaseTrigger, ParsedTriggerDefinition } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident, literal, qualified, unsafeRaw } from './quote.ts'

/**
 * DDL of triggers (Database › Triggers): CREATE TRIGGER from the form's definition, enable, disable and drop.
 * The WHEN condition is SQL by design; the server reads each statement with Postgres' parser before it runs.
 */

/** The statements of a new trigger (and its comment). */
export function createTriggerStatements(def: ParsedTriggerDefinition): BuiltStatement[] {
  const events = def.events.map((e) =>
    e === 'UPDATE' && def.update_columns.length > 0
      ? `UPDATE OF ${def.update_columns.map((c) => ident(c)).join(', ')}`
      : e,
  )
  const condition =
    def.condition != null && def.condition.trim() !== ''
      ? `\nWHEN (${unsafeRaw(def.condition.trim(), 'a WHEN condition: SQL by design, read by the parser on the server').sql})`
      : ''
  const args = def.function_args.map((a) => literal(a)).join(', ')
  const sql =
    `CREATE TRIGGER ${ident(def.name)}\n${def.timing} ${events.join(' OR ')} ON ${qualified(def.schema, def.table)}\n` +
    `FOR EACH ${def.orientation}${condition}\n` +
    `EXECUTE FUNCTION ${qualified(def.function_schema, def.function_name)}(${args});`
  const statements: BuiltStatement[] = [{ kind: 'CreateTrigStmt', sql }]
  if (def.comment != null && def.comment !== '') {
    statements.push({
      kind: 'CommentStmt',
      sql: `COMMENT ON TRIGGER ${ident(def.name)} ON ${qualified(def.schema, def.table)} IS ${literal(def.comment)};`,
    })
  }
  return statements
}

/**
 * CREATE TRIGGER as one text.
 *
 * @example
 * buildCreateTrigger({ schema: 'public', table: 'items', name: 'touch', timing: 'BEFORE', orientation: 'ROW', events: ['UPDATE'],
 *   update_columns: ['title'], function_schema: 'public', function_name: 'touch', function_args: [] })
 * // CREATE TRIGGER "touch"\nBEFORE UPDATE OF "title" ON "public"."items"\nFOR EACH ROW\nEXECUTE FUNCTION "public"."touch"();
 */
export function buildCreateTrigger(def: ParsedTriggerDefinition): string {
  return createTriggerStatements(def)
    .map((s) => s.sql)
    .join('\n\n')
}

type TriggerRef = Pick<DatabaseTrigger, 'name' | 'schema' | 'table' | 'table_kind'>

/** ALTER TABLE … ENABLE / DISABLE TRIGGER (views and foreign tables take ALTER TABLE too). */
export function buildSetTriggerEnabled(trigger: TriggerRef, enabled: boolean): string {
  return `ALTER TABLE ${qualified(trigger.schema, trigger.table)} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${ident(trigger.name)};`
}

/** DROP TRIGGER … ON …; with cascade, what depends on it goes too. */
export function buildDropTrigger(trigger: TriggerRef, cascade = false): string {
  return `DROP TRIGGER ${ident(trigger.name)} ON ${qualified(trigger.schema, trigger.table)}${cascade ? ' CASCADE' : ''};`
}
