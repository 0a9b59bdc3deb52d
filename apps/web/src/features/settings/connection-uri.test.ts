import { describe, expect, it } from 'vitest'
import { connectionUri } from './connection-uri'

describe('connectionUri', () => {
  it('writes the parameters as a postgresql:// URI with a password placeholder', () => {
    expect(connectionUri({ host: '127.0.0.1', port: 5432, user: 'admin', database: 'app' })).toBe(
      'postgresql://admin:[YOUR-PASSWORD]@127.0.0.1:5432/app',
    )
  })

  it('percent-encodes the user and database and brackets an IPv6 host', () => {
    expect(connectionUri({ host: '::1', port: 6543, user: 'ad@min:x', database: 'my db/1' })).toBe(
      'postgresql://ad%40min%3Ax:[YOUR-PASSWORD]@[::1]:6543/my%20db%2F1',
    )
  })
})
