import { describe, expect, it } from 'vitest'
import { clampPage, lastPage, parsePageInput } from './pagination'

describe('pagination', () => {
  it('has at least one page', () => {
    expect(lastPage(0, 100)).toBe(1)
    expect(lastPage(100, 100)).toBe(1)
    expect(lastPage(101, 100)).toBe(2)
  })

  it('clamps the page between 1 and the last page', () => {
    expect(clampPage(0, 250, 100)).toBe(1)
    expect(clampPage(-4, 250, 100)).toBe(1)
    expect(clampPage(9, 250, 100)).toBe(3)
    expect(clampPage(2, 250, 100)).toBe(2)
    expect(clampPage(2.7, 250, 100)).toBe(2)
  })

  it('clamps to the last page when the count shrinks', () => {
    expect(clampPage(5, 1_000, 100)).toBe(5)
    expect(clampPage(5, 120, 100)).toBe(2)
    expect(clampPage(5, 0, 100)).toBe(1)
  })

  it('keeps only the lower bound while the total is unknown', () => {
    expect(clampPage(42, undefined, 100)).toBe(42)
  })

  it('reads the page input, clamped, or null when it is not a number', () => {
    expect(parsePageInput(' 7 ', 250, 100)).toBe(3)
    expect(parsePageInput('0', 250, 100)).toBe(1)
    expect(parsePageInput('two', 250, 100)).toBeNull()
    expect(parsePageInput('', 250, 100)).toBeNull()
  })
})
