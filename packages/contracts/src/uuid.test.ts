import { describe, expect, it } from 'vitest'
import { memberSchema, userSchema } from './platform.ts'
import { impersonationSchema } from './pg-meta.ts'
import { UUID_ACCEPTED, UUID_REFUSED } from './testing/uuid-spellings.ts'
import { INVALID_UUID_MESSAGE, parsePgUuid, pgUuidSchema } from './uuid.ts'

const CANONICAL = UUID_ACCEPTED[0]![1]

describe('uuids as Postgres reads them', () => {
  it.each(UUID_ACCEPTED)('accepts %j as %s', (input, canonical) => {
    expect(parsePgUuid(input)).toBe(canonical)
    expect(pgUuidSchema.parse(input)).toBe(canonical)
  })

  it.each(UUID_REFUSED)('refuses %j', (input) => {
    expect(parsePgUuid(input)).toBeNull()
    const result = pgUuidSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toEqual([INVALID_UUID_MESSAGE])
  })

  it('refuses what is not text', () => {
    for (const value of [null, undefined, 42, { id: CANONICAL }]) {
      expect(pgUuidSchema.safeParse(value).success).toBe(false)
    }
  })
})

describe('ids in the API contracts', () => {
  const notRfc = '11111111-1111-1111-1111-111111111111'

  it('impersonates an auth user whatever uuid Postgres gave them, in the form Postgres writes it', () => {
    expect(impersonationSchema.parse({ role: 'authenticated', userId: notRfc })).toEqual({
      role: 'authenticated',
      userId: notRfc,
    })
    expect(impersonationSchema.parse({ role: 'authenticated', userId: '{11111111111111111111111111111111}' })).toEqual({
      role: 'authenticated',
      userId: notRfc,
    })
    const refused = impersonationSchema.safeParse({ role: 'authenticated', userId: 'abc' })
    expect(refused.error?.issues).toMatchObject([{ path: ['userId'], message: INVALID_UUID_MESSAGE }])
  })

  it('reads platform ids of any uuid', () => {
    const user = { email: 'a@example.com', displayName: null, theme: 'system', mfaEnabled: false, createdAt: '' }
    expect(userSchema.parse({ ...user, id: notRfc }).id).toBe(notRfc)
    expect(
      memberSchema.parse({
        userId: notRfc.toUpperCase(),
        email: 'a@example.com',
        displayName: null,
        role: 'owner',
        joinedAt: '',
      }).userId,
    ).toBe(notRfc)
  })
})
