// Spellings of uuids, for the tests of parsePgUuid here and for the server's test that Postgres reads each
// the same way (apps/server/test/postgres-uuids.test.ts).

const CANONICAL = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'

/** Text Postgres's uuid type reads, and how Postgres writes it back. */
export const UUID_ACCEPTED: Array<[input: string, canonical: string]> = [
  [CANONICAL, CANONICAL],
  ['A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', CANONICAL],
  ['a0EEbc99-9C0b-4ef8-BB6d-6bb9bd380A11', CANONICAL],
  ['{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}', CANONICAL],
  ['a0eebc999c0b4ef8bb6d6bb9bd380a11', CANONICAL],
  ['{A0EEBC999C0B4EF8BB6D6BB9BD380A11}', CANONICAL],
  ['a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11', CANONICAL],
  ['{a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11}', CANONICAL],
  ['a0eebc99-9c0b-4ef8-bb6d6bb9-bd38-0a11', CANONICAL],
  // Not RFC 9562 (version 1, variant 0): a uuid to Postgres all the same.
  ['11111111-1111-1111-1111-111111111111', '11111111-1111-1111-1111-111111111111'],
  ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
  ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
]

/** Text Postgres refuses with 'invalid input syntax for type uuid'. */
export const UUID_REFUSED = [
  '',
  'abc',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111',
  'a0eebc9-99c0b-4ef8-bb6d-6bb9bd380a11',
  'a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11',
  '-a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-',
  '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
  '{{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}}',
  '(a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11)',
  ' a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ',
  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\n',
  'g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  'a0eebc99_9c0b_4ef8_bb6d_6bb9bd380a11',
  // A full-width 'a' (U+FF41): only ASCII hex digits count.
  'ａ0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
]

/**
 * `count` texts near a uuid, for comparing {@link parsePgUuid} with Postgres: a random uuid spelt with
 * random case, hyphens after random groups of four and maybe braces, then as often as not broken by an
 * inserted, dropped or replaced character (a hyphen, a brace, a space, a non-hex letter, a digit).
 *
 * @example
 *   uuidSpellings(Math.random, 3) // e.g. ['{3F2a-…}', '3f2a9c01…', '3f2a-9c01-…g']
 */
export function uuidSpellings(random: () => number, count: number): string[] {
  const int = (max: number) => Math.floor(random() * max)
  const NOISE = ['-', '--', '{', '}', ' ', '\t', 'g', 'G', 'x', '0', 'f', 'F', '(', ')', 'ａ', '_']
  const spell = () => {
    let text = ''
    for (let i = 0; i < 32; i += 1) {
      const digit = int(16).toString(16)
      text += random() < 0.5 ? digit : digit.toUpperCase()
      // A hyphen where Postgres allows one (after a group of four), often at the usual places.
      const usual = i === 7 || i === 11 || i === 15 || i === 19
      if (i % 4 === 3 && i < 31 && random() < (usual ? 0.8 : 0.2)) text += '-'
    }
    return random() < 0.2 ? `{${text}}` : text
  }
  const out: string[] = []
  while (out.length < count) {
    let text = spell()
    for (let edits = int(3); edits > 0; edits -= 1) {
      const at = int(text.length + 1)
      const noise = NOISE[int(NOISE.length)]!
      const kind = int(3)
      if (kind === 0) text = text.slice(0, at) + noise + text.slice(at)
      else if (kind === 1) text = text.slice(0, at) + text.slice(at + 1)
      else text = text.slice(0, at) + noise + text.slice(at + 1)
    }
    out.push(text)
  }
  return out
}
