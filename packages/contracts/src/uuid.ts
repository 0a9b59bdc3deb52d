import { z } from 'zod'

/**
 * The text Postgres's `uuid` type reads (`string_to_uuid` in src/backend/utils/adt/uuid.c): 32 hex digits in
 * either case, a hyphen allowed after any group of four (so 8-4-4-4-12, none at all, or every four), the
 * whole optionally in braces. No version or variant bits are checked: every 128-bit value is a uuid, so
 * `11111111-1111-1111-1111-111111111111`, which RFC 9562 validators refuse, is one. No surrounding spaces,
 * as in Postgres.
 */
const HEX_GROUPS = '(?:[0-9a-fA-F]{4}-?){7}[0-9a-fA-F]{4}'
const PG_UUID_INPUT = new RegExp(`^(?:${HEX_GROUPS}|\\{${HEX_GROUPS}\\})$`)

/** What Postgres says of text its uuid type does not read. */
export const INVALID_UUID_MESSAGE = 'invalid input syntax for type uuid'

/**
 * A uuid in the form Postgres writes it (lower case, 8-4-4-4-12), or null when Postgres would refuse the
 * text.
 *
 * @example
 *   parsePgUuid('{A0EEBC99-9C0B4EF8-BB6D6BB9-BD380A11}') // 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
 *   parsePgUuid('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1')   // null
 */
export function parsePgUuid(text: string): string | null {
  return PG_UUID_INPUT.test(text) ? canonicalUuid(text) : null
}

/** Postgres's output form of text that matched {@link PG_UUID_INPUT}. */
function canonicalUuid(text: string): string {
  const hex = text.replace(/[{}-]/g, '').toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * An id of Postgres's `uuid` type, as every id in the API is: any text Postgres reads as a uuid is
 * accepted and comes out in the form Postgres writes it, so a value is compared and sent the same way
 * whatever spelling it came in.
 *
 * @example
 *   z.object({ userId: pgUuidSchema }).parse({ userId: '11111111111111111111111111111111' })
 *   // { userId: '11111111-1111-1111-1111-111111111111' }
 */
export const pgUuidSchema = z.string().regex(PG_UUID_INPUT, { error: INVALID_UUID_MESSAGE }).transform(canonicalUuid)
