import { describe, expect, it } from 'vitest'
import { expandRow, NO_DIALOG, viewedRow } from './grid-dialogs'

const rows = [
  { idx: 0, data: { id: 1 }, truncated: [] },
  { idx: 1, data: { id: 2 }, truncated: [] },
]

describe('grid dialogs', () => {
  it('expanding a row edits it when the table can be edited by primary key', () => {
    expect(expandRow(1, rows, { writable: true, hasPrimaryKey: true })).toEqual({ kind: 'edit-row', row: rows[1] })
  })

  it('expanding a row shows it read-only otherwise, or when it is no longer loaded', () => {
    expect(expandRow(1, rows, { writable: false, hasPrimaryKey: true })).toEqual({ kind: 'view-row', idx: 1 })
    expect(expandRow(1, rows, { writable: true, hasPrimaryKey: false })).toEqual({ kind: 'view-row', idx: 1 })
    expect(expandRow(5, rows, { writable: true, hasPrimaryKey: true })).toEqual({ kind: 'view-row', idx: 5 })
  })

  it('the read-only panel shows its row while loaded, and nothing for other dialogs', () => {
    expect(viewedRow({ kind: 'view-row', idx: 0 }, rows)).toBe(rows[0])
    expect(viewedRow({ kind: 'view-row', idx: 5 }, rows)).toBeUndefined()
    expect(viewedRow({ kind: 'edit-row', row: rows[0]! }, rows)).toBeUndefined()
    expect(viewedRow(NO_DIALOG, rows)).toBeUndefined()
  })
})
