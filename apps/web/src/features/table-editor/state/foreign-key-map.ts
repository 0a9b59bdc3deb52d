import type { PgForeignKey } from '@basalt/contracts'

/** Where a column's foreign key leads: the cell's link to the referenced row. */
export interface ForeignKeyTarget {
  targetTableId: number
  targetSchema: string
  targetTable: string
  targetColumn: string
}

/**
 * The foreign keys of one table, by source column, from those of its schema. A column in several keys keeps
 * the first; a column of a composite key leads to its own counterpart.
 *
 * @example
 *   foreignKeyMap(keys, 42).get('author_id') // { targetTable: 'authors', targetColumn: 'id', … }
 */
export function foreignKeyMap(keys: readonly PgForeignKey[], tableId: number): Map<string, ForeignKeyTarget> {
  const map = new Map<string, ForeignKeyTarget>()
  for (const fk of keys) {
    if (fk.source_id !== tableId) continue
    fk.source_columns.forEach((column, i) => {
      const targetColumn = fk.target_columns[i]
      if (targetColumn && !map.has(column)) {
        map.set(column, {
          targetTableId: fk.target_id,
          targetSchema: fk.target_schema,
          targetTable: fk.target_table,
          targetColumn,
        })
      }
    })
  }
  return map
}
