import { describe, expect, it } from 'vitest'
import { customExpiry, EXPIRY_PRESETS, expiryDate } from './expiry'

describe('signed URL expiry (spec 3 §5, §9)', () => {
  it('has the presets 1 week, 1 month, 1 year', () => {
    expect(EXPIRY_PRESETS.map((p) => [p.label, p.seconds])).toEqual([
      ['Expire in 1 week', 604800],
      ['Expire in 1 month', 2592000],
      ['Expire in 1 year', 31536000],
    ])
  })

  it('takes a custom duration above 0 in days, weeks, months or years', () => {
    expect(customExpiry('', 'days')).toEqual({})
    expect(customExpiry('0', 'days')).toEqual({ error: 'Expiry duration cannot be less than 0' })
    expect(customExpiry('-2', 'weeks').error).toBe('Expiry duration cannot be less than 0')
    expect(customExpiry('abc', 'weeks').error).toBe('Expiry duration cannot be less than 0')
    expect(customExpiry('3', 'days')).toEqual({ seconds: 259200 })
    expect(customExpiry('2', 'months')).toEqual({ seconds: 5184000 })
    expect(customExpiry('1', 'years')).toEqual({ seconds: 31536000 })
  })

  it('dates the expiry from now', () => {
    expect(expiryDate(86400, new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z')
  })
})
