import { describe, expect, it } from 'vitest'
import { cellText } from './cell-text'

describe('cellText', () => {
  it('shows text as is, numbers and booleans as their text, and null as null', () => {
    expect(cellText('a "b"')).toBe('a "b"')
    expect(cellText('')).toBe('')
    expect(cellText(12.5)).toBe('12.5')
    expect(cellText(false)).toBe('false')
    expect(cellText(10n)).toBe('10')
    expect(cellText(null)).toBeNull()
    expect(cellText(undefined)).toBeNull()
  })

  it('shows objects and arrays as JSON', () => {
    expect(cellText({ pages: 320, tags: ['sf'] })).toBe('{"pages":320,"tags":["sf"]}')
    expect(cellText([1, null])).toBe('[1,null]')
  })
})
