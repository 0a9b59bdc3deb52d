import { describe, expect, it } from 'vitest'
import { canSelectAll, NO_SELECTION, selectedCount, selectedKeys, selectionFromKeys } from './row-selection'

describe('row selection (spec 1 §4)', () => {
  const loaded = [0, 1, 2]

  it('goes from none to some rows and back', () => {
    const some = selectionFromKeys(new Set([1]))
    expect(some).toEqual({ kind: 'some', keys: new Set([1]) })
    expect(selectedCount(some)).toBe(1)
    expect(selectionFromKeys(new Set())).toEqual(NO_SELECTION)
  })

  it('offers all N rows only when every loaded row is selected and the total exceeds them', () => {
    const page = selectionFromKeys(new Set(loaded))
    expect(canSelectAll(page, loaded, 500)).toBe(true)
    expect(canSelectAll(page, loaded, 3)).toBe(false)
    expect(canSelectAll(page, loaded, undefined)).toBe(false)
    expect(canSelectAll(selectionFromKeys(new Set([0])), loaded, 500)).toBe(false)
  })

  it('all rows count the total and check every loaded row', () => {
    const all = { kind: 'all' as const, total: 500 }
    expect(selectedCount(all)).toBe(500)
    expect(selectedKeys(all, loaded)).toEqual(new Set(loaded))
    expect(selectedKeys(NO_SELECTION, loaded)).toEqual(new Set())
  })
})
