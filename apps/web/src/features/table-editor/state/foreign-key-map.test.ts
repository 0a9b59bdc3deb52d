import { describe, expect, it } from 'vitest'
import type { PgForeignKey } from '@basalt/contracts'
import { foreignKeyMap } from './foreign-key-map'

const key = (over: Partial<PgForeignKey>): PgForeignKey => ({
  id: 1,
  constraint_name: 'fk',
  source_id: 42,
  source_schema: 'public',
  source_table: 'books',
  source_columns: ['author_id'],
  target_id: 7,
  target_schema: 'public',
  target_table: 'authors',
  target_columns: ['id'],
  deletion_action: 'no action',
  update_action: 'no action',
  ...over,
})

describe('foreignKeyMap', () => {
  it("maps each of the table's key columns to the column it references, ignoring other tables' keys", () => {
    const map = foreignKeyMap(
      [
        key({}),
        key({ id: 2, source_id: 9, source_columns: ['owner'], target_table: 'users' }),
        key({
          id: 3,
          source_columns: ['shelf_id', 'shelf_row'],
          target_id: 8,
          target_table: 'shelves',
          target_columns: ['id', 'row'],
        }),
      ],
      42,
    )
    expect(Object.fromEntries(map)).toEqual({
      author_id: { targetTableId: 7, targetSchema: 'public', targetTable: 'authors', targetColumn: 'id' },
      shelf_id: { targetTableId: 8, targetSchema: 'public', targetTable: 'shelves', targetColumn: 'id' },
      shelf_row: { targetTableId: 8, targetSchema: 'public', targetTable: 'shelves', targetColumn: 'row' },
    })
  })

  it('keeps the first key of a column in several, and skips a column with no counterpart', () => {
    const map = foreignKeyMap(
      [key({}), key({ id: 2, target_table: 'writers', target_id: 11 }), key({ id: 3, source_columns: ['x', 'y'] })],
      42,
    )
    expect(map.get('author_id')?.targetTable).toBe('authors')
    expect(map.get('x')?.targetColumn).toBe('id')
    expect(map.has('y')).toBe(false)
  })
})
