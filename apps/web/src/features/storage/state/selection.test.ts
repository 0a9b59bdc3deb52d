import { describe, expect, it } from 'vitest'
import { EMPTY_SELECTION, keepShown, toggleAll, toggleItem } from './selection'

const order = ['a', 'b', 'c', 'd', 'e']

describe('explorer selection', () => {
  it('toggles one item, and a shift-click selects the range from the last click', () => {
    let s = toggleItem(EMPTY_SELECTION, 'p/', 'b', order, false)
    expect(s.paths).toEqual(['b'])
    s = toggleItem(s, 'p/', 'e', order, true)
    expect([...s.paths].sort()).toEqual(['b', 'c', 'd', 'e'])
    s = toggleItem(s, 'p/', 'c', order, false)
    expect([...s.paths].sort()).toEqual(['b', 'd', 'e'])
  })

  it('a shift-click upwards selects the range too', () => {
    let s = toggleItem(EMPTY_SELECTION, '', 'd', order, false)
    s = toggleItem(s, '', 'a', order, true)
    expect([...s.paths].sort()).toEqual(['a', 'b', 'c', 'd'])
  })

  it('selecting in another column starts over', () => {
    const s = toggleItem(toggleItem(EMPTY_SELECTION, 'p/', 'a', order, false), 'q/', 'x', ['x'], false)
    expect(s).toEqual({ prefix: 'q/', paths: ['x'], anchor: 'x' })
  })

  it('unselecting the last item empties the selection', () => {
    expect(toggleItem(toggleItem(EMPTY_SELECTION, '', 'a', order, false), '', 'a', order, false)).toEqual(
      EMPTY_SELECTION,
    )
  })

  it('select all toggles every file of the column', () => {
    const all = toggleAll(EMPTY_SELECTION, '', ['a', 'b'])
    expect(all.paths).toEqual(['a', 'b'])
    expect(toggleAll(all, '', ['a', 'b'])).toEqual(EMPTY_SELECTION)
    expect(toggleAll(EMPTY_SELECTION, '', [])).toEqual(EMPTY_SELECTION)
  })

  it('drops paths no longer shown', () => {
    const s = toggleAll(EMPTY_SELECTION, '', ['a', 'b'])
    expect(keepShown(s, new Set(['a'])).paths).toEqual(['a'])
    expect(keepShown(s, new Set())).toEqual(EMPTY_SELECTION)
    expect(keepShown(s, new Set(['a', 'b']))).toBe(s)
  })
})
