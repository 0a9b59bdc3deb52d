import { describe, expect, it } from 'vitest'
import { formatBytes } from './format'

describe('formatBytes', () => {
  it('reads as people read sizes: bytes below 1 KB, then steps of 1024 with three figures at most', () => {
    expect(formatBytes(12)).toBe('12 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(8_437_760)).toBe('8.05 MB')
    expect(formatBytes(48 * 1024 * 1024)).toBe('48 MB')
    expect(formatBytes(150.4 * 1024 ** 3)).toBe('150 GB')
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB')
  })

  it('shows a dash for no size', () => {
    expect(formatBytes(null)).toBe('—')
    expect(formatBytes(undefined)).toBe('—')
    expect(formatBytes(Number.NaN)).toBe('—')
  })
})
