import { describe, expect, it } from 'vitest'
import { digitsOnly, maxIn, uploadLimitBytes, uploadLimitProblem } from './upload-limit'

describe('the upload limit field', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1.5e3 MB')).toBe('153')
  })
  it("allows at most 50 GB in the chosen unit, in the spec's words", () => {
    expect(maxIn('GB')).toBe(50)
    expect(maxIn('MB')).toBe(51_200)
    expect(uploadLimitProblem('50', 'GB')).toBeUndefined()
    expect(uploadLimitProblem('51', 'GB')).toBe('Maximum limit is up to 50 GB.')
    expect(uploadLimitProblem('51201', 'MB')).toBe('Maximum limit is up to 51,200 MB.')
    expect(uploadLimitProblem('', 'MB')).toBe('Whole numbers only')
    expect(uploadLimitBytes('50', 'GB')).toBe(53_687_091_200)
  })
})
