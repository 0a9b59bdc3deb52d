import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { isMissingObjectError, retryTableRows } from './get-table-rows'

describe('table rows retries (spec 1 §7)', () => {
  const failure = new ApiError('connection_failed', 'connection refused', 502)
  const missing = new ApiError('pg_error', 'column "gone" does not exist', 400)

  it('retries up to 3 times', () => {
    expect(retryTableRows(0, failure)).toBe(true)
    expect(retryTableRows(2, failure)).toBe(true)
    expect(retryTableRows(3, failure)).toBe(false)
  })

  it('does not retry an error that clears the sort', () => {
    expect(isMissingObjectError(missing)).toBe(true)
    expect(retryTableRows(0, missing)).toBe(false)
  })
})
