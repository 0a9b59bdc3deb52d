import type { DatabaseIndex, ParsedCreateIndexBody } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident, qualified } from './quote.ts'

/** DDL of indexes (Database › Indexes): CREATE [UNIQUE] INDEX [CONCURRENTLY] … USING …, DROP INDEX. */

/**
 * The name of an index not given one: `<table>_<columns>_idx`, as Postgres would choose it, cut to 63 bytes.
 *
 * @example
 * indexNameOf({ table: 'items', columns: ['title', 'note'], name: '' }) // 'items_title_note_idx'
 */
export function indexNameOf(def: Pick<ParsedCreateIndexBody, 'table' | 'columns' | 'name'>): string {
  if (def.name !== '') return def.name
  const suffix = '_idx'
  let base = [def.table, ...def.columns].join('_')
  while (new TextEncoder().encode(base + suffix).length > 63) base = [...base].slice(0, -1).join('')
  return base + suffix
}

/**
 * CREATE INDEX on columns of a table.
 *
 * @example
 * createIndexStatements({ schema: 'public', table: 'items', name: '', columns: ['title'], method: 'btree', unique: false, concurrently: false })
 * // [{ kind: 'IndexStmt', sql: 'CREATE INDEX "items_title_idx" ON "public"."items" USING btree ("title");' }]
 */
export function createIndexStatements(def: ParsedCreateIndexBody): BuiltStatement[] {
  const name = `${ident(indexNameOf(def))} `
  return [
    {
      kind: 'IndexStmt',
      sql:
        `CREATE ${def.unique ? 'UNIQUE ' : ''}INDEX ${def.concurrently ? 'CONCURRENTLY ' : ''}${name}` +
        `ON ${qualified(def.schema, def.table)} USING ${def.method} (${def.columns.map((c) => ident(c)).join(', ')});`,
    },
  ]
}

/** DROP INDEX (CONCURRENTLY when asked); an index backing a constraint is dropped with the constraint instead. */
export function buildDropIndex(index: Pick<DatabaseIndex, 'schema' | 'name'>, concurrently = false): string {
  return `DROP INDEX ${concurrently ? 'CONCURRENTLY ' : ''}${qualified(index.schema, index.name)};`
}
