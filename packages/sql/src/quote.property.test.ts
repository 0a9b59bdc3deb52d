import { describe, expect, it } from 'vitest'
import { FILTER_OPERATORS, formatFilterParam, formatSortParam, parseFilterParam, parseSortParam } from './filters.ts'
import type { Filter, Sort } from './filters.ts'
import { ident, literal, SqlInputError } from './quote.ts'
import { generator, prng } from './testing/random-input.ts'

// Property tests in the style of fast-check, without the dependency: a seeded PRNG makes every run (and every
// failure) reproducible; a failure message carries the seed and the case.
const SEED = 0x5eed_ba5a
const RUNS = 10_000

/** UTF-8 length counted independently of the implementation. */
function utf8Bytes(text: string): number {
  return encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length
}

/** Reads back a quoted identifier: outer quotes stripped, inner quotes un-doubled; throws on a lone quote. */
function unquoteIdent(quoted: string): string {
  const match = /^"((?:[^"]|"")*)"$/su.exec(quoted)
  if (!match) throw new Error(`not a quoted identifier: ${quoted}`)
  return (match[1] ?? '').replaceAll('""', '"')
}

/**
 * Reads back a string constant the way Postgres' lexer does, for both settings of
 * standard_conforming_strings: a plain '…' constant must then contain no backslash; an E'…' constant may only
 * use the escapes \\ and ''. The whole text must be one constant.
 */
function unquoteLiteral(quoted: string): string {
  const escaped = quoted.startsWith("E'")
  const body = quoted.slice(escaped ? 2 : 1, -1)
  if (!quoted.endsWith("'") || (!escaped && !quoted.startsWith("'"))) throw new Error(`not a constant: ${quoted}`)
  let result = ''
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]
    if (c === "'") {
      if (body[i + 1] !== "'") throw new Error(`constant ends early: ${quoted}`)
      result += "'"
      i += 1
    } else if (c === '\\') {
      if (!escaped) throw new Error(`backslash in a standard constant: ${quoted}`)
      if (body[i + 1] !== '\\') throw new Error(`unexpected escape in: ${quoted}`)
      result += '\\'
      i += 1
    } else {
      result += c
    }
  }
  return result
}

/** Reads a one-dimensional Postgres array text of quoted elements and NULLs, as Postgres' array_in does. */
function parseArrayText(text: string): (string | null)[] {
  if (text === '{}') return []
  if (!text.startsWith('{') || !text.endsWith('}')) throw new Error(`not an array: ${text}`)
  const items: (string | null)[] = []
  let i = 1
  while (i < text.length - 1) {
    if (text.startsWith('NULL', i)) {
      items.push(null)
      i += 4
    } else {
      if (text[i] !== '"') throw new Error(`unquoted element at ${i}: ${text}`)
      let item = ''
      i += 1
      while (text[i] !== '"') {
        if (i >= text.length) throw new Error(`unterminated element: ${text}`)
        if (text[i] === '\\') i += 1
        item += text[i]
        i += 1
      }
      items.push(item)
      i += 1
    }
    if (i < text.length - 1 && text[i++] !== ',') throw new Error(`expected a comma at ${i - 1}: ${text}`)
  }
  return items
}

function check(description: string, run: (random: () => number, index: number) => void) {
  it(`${description} (${RUNS} cases, seed ${SEED})`, () => {
    const random = prng(SEED)
    for (let index = 0; index < RUNS; index += 1) run(random, index)
  })
}

describe('quoting properties', () => {
  check('ident reads back to its input, or is rejected for exactly the right reason', (random) => {
    const { text } = generator(random)
    const name = text(70)
    const bytes = utf8Bytes(name)
    if (name === '' || bytes > 63) {
      expect(() => ident(name), JSON.stringify(name)).toThrow(SqlInputError)
      return
    }
    const quoted = ident(name)
    expect(unquoteIdent(quoted), JSON.stringify(name)).toBe(name)
    expect(quoted.length).toBe(name.length + 2 + (name.match(/"/g)?.length ?? 0))
  })

  check('an identifier with a NUL byte is always rejected', (random) => {
    const { text, int } = generator(random)
    const name = text(20)
    const at = int(name.length + 1)
    expect(() => ident(`${name.slice(0, at)}\u0000${name.slice(at)}`)).toThrow(SqlInputError)
  })

  check('a string literal reads back to its input under either standard_conforming_strings', (random) => {
    const value = generator(random).text(60)
    const quoted = literal(value)
    expect(unquoteLiteral(quoted), JSON.stringify(value)).toBe(value)
    expect(quoted.startsWith('E'), JSON.stringify(value)).toBe(value.includes('\\'))
  })

  check('a string with a NUL byte is always rejected, alone or nested', (random) => {
    const { text, int } = generator(random)
    const value = `${text(10)}\u0000${text(10)}`
    const nested = [value, [value], { key: value }, { [value]: 1 }][int(4)] ?? value
    expect(() => literal(nested)).toThrow(SqlInputError)
  })

  check('an array literal reads back to its elements', (random) => {
    const { text, int } = generator(random)
    const items = Array.from({ length: int(6) }, () => (int(5) === 0 ? null : text(12)))
    expect(parseArrayText(unquoteLiteral(literal(items))), JSON.stringify(items)).toEqual(items)
  })

  check('an object literal reads back as the same JSON', (random) => {
    const { text, int } = generator(random)
    const value: Record<string, string | number | boolean | null | string[]> = {}
    for (let i = int(5); i > 0; i -= 1) {
      value[text(8)] = [text(12), int(1000) - 500, int(2) === 0, null, [text(5), text(5)]][int(5)] ?? null
    }
    expect(JSON.parse(unquoteLiteral(literal(value)))).toEqual(value)
  })
})

describe('URL encoding properties', () => {
  check('a filter survives formatting and parsing', (random) => {
    const { text, int } = generator(random)
    const column = text(20) || 'c'
    const operator = FILTER_OPERATORS[int(FILTER_OPERATORS.length)]?.operator ?? '='
    const filter: Filter = { column, operator, value: text(30) }
    expect(parseFilterParam(formatFilterParam(filter)), JSON.stringify(filter)).toEqual(filter)
  })

  check('a sort survives formatting and parsing', (random) => {
    const { text, int } = generator(random)
    const sort: Sort = { column: text(20) || 'c', ascending: int(2) === 0 }
    const nulls = int(3)
    if (nulls < 2) sort.nullsFirst = nulls === 0
    expect(parseSortParam(formatSortParam(sort)), JSON.stringify(sort)).toEqual(sort)
  })
})
