import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { isMissingObjectError, keepRowsWhileLoading, retryTableRows, type TableRowsQuery } from './get-table-rows'

describe('table rows retries (spec 1 §7)', () => {
  const failure = new ApiError('connection_failed', 'connection refused', 502)
  const offline = new ApiError('network_error', 'Unable to reach the Basalt server. Check your connection.', 0)
  const missing = new ApiError('pg_error', 'column "gone" does not exist', 400)
  const refusedValue = new ApiError('pg_error', 'invalid input syntax for type bigint: "abc"', 400)
  const refusedId = new ApiError('validation_failed', 'impersonation.userId: invalid input syntax for type uuid', 400)

  it('retries a failure that may pass up to 3 times', () => {
    for (const error of [failure, offline]) {
      expect(retryTableRows(0, error)).toBe(true)
      expect(retryTableRows(2, error)).toBe(true)
      expect(retryTableRows(3, error)).toBe(false)
    }
  })

  it('does not retry an answer about the request, which would be the same every time', () => {
    for (const error of [missing, refusedValue, refusedId, new ApiError('forbidden', 'No', 403)]) {
      expect(retryTableRows(0, error)).toBe(false)
    }
  })

  it('recognises the error that clears the sort', () => {
    expect(isMissingObjectError(missing)).toBe(true)
    expect(isMissingObjectError(refusedValue)).toBe(false)
  })
})

describe('rows kept on screen while the next ones load', () => {
  const query: TableRowsQuery = { schema: 'public', table: 'todos', filters: [], sorts: [], page: 1, limit: 100 }
  const asUser = (userId: string): TableRowsQuery => ({ ...query, impersonation: { role: 'authenticated', userId } })

  it('keeps them for another page, filter or sort of the same table as the same role', () => {
    expect(keepRowsWhileLoading({ ...query, page: 2 }, query)).toBe(true)
    expect(keepRowsWhileLoading({ ...query, filters: [{ column: 'id', operator: '=', value: '1' }] }, query)).toBe(true)
    expect(keepRowsWhileLoading({ ...query, sorts: [{ column: 'id', ascending: false }] }, query)).toBe(true)
    expect(keepRowsWhileLoading({ ...asUser('a'), page: 2 }, asUser('a'))).toBe(true)
  })

  it('never keeps another role’s rows, nor another table’s', () => {
    expect(keepRowsWhileLoading(asUser('11111111-1111-1111-1111-111111111111'), query)).toBe(false)
    expect(keepRowsWhileLoading(query, asUser('a'))).toBe(false)
    expect(keepRowsWhileLoading(asUser('b'), asUser('a'))).toBe(false)
    expect(keepRowsWhileLoading({ ...query, impersonation: { role: 'anon' } }, query)).toBe(false)
    expect(keepRowsWhileLoading({ ...query, table: 'notes' }, query)).toBe(false)
    expect(keepRowsWhileLoading(query, undefined)).toBe(false)
  })
})
