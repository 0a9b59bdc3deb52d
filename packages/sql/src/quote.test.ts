import { describe, expect, it } from 'vitest'
import {
  ident,
  isSqlExpression,
  jsonLiteral,
  literal,
  MAX_IDENTIFIER_BYTES,
  qualified,
  SqlExpression,
  SqlInputError,
  toJson,
  unsafeRaw,
} from './quote.ts'

const NUL = 'Postgres text cannot contain NUL bytes (\\u0000)'

describe('ident', () => {
  it('always double-quotes and doubles inner quotes', () => {
    expect(ident('todos')).toBe('"todos"')
    expect(ident('User')).toBe('"User"')
    expect(ident('select')).toBe('"select"')
    expect(ident('a"b')).toBe('"a""b"')
    expect(ident('"')).toBe('""""')
    expect(ident("it's")).toBe('"it\'s"')
    expect(ident('back\\slash')).toBe('"back\\slash"')
    expect(ident('$$x$$')).toBe('"$$x$$"')
    expect(ident('new\nline')).toBe('"new\nline"')
    expect(ident('ünïcödé 😀')).toBe('"ünïcödé 😀"')
    expect(ident('a:b.c')).toBe('"a:b.c"')
  })

  it('rejects the empty name', () => {
    expect(() => ident('')).toThrow(new SqlInputError('Identifier cannot be empty'))
  })

  it('rejects NUL bytes', () => {
    expect(() => ident('a\u0000b')).toThrow(SqlInputError)
    expect(() => ident('a\u0000b')).toThrow(NUL)
  })

  it('rejects lone surrogates', () => {
    expect(() => ident('a\uD800')).toThrow('is not well-formed Unicode (lone surrogate)')
    expect(() => ident('\uDC00a')).toThrow(SqlInputError)
  })

  it('accepts 63 bytes and rejects 64 instead of letting Postgres truncate', () => {
    expect(MAX_IDENTIFIER_BYTES).toBe(63)
    expect(ident('a'.repeat(63))).toBe(`"${'a'.repeat(63)}"`)
    expect(() => ident('a'.repeat(64))).toThrow(
      `Identifier "${'a'.repeat(64)}" is 64 bytes long; Postgres limits identifiers to 63 bytes and would silently truncate it`,
    )
    // Bytes, not characters: 32 two-byte characters are 64 bytes; a four-byte emoji counts 4.
    expect(() => ident('é'.repeat(32))).toThrow('is 64 bytes long')
    expect(ident('é'.repeat(31) + 'a')).toBe(`"${'é'.repeat(31)}a"`)
    expect(ident('😀'.repeat(15) + 'abc')).toBe(`"${'😀'.repeat(15)}abc"`)
    expect(() => ident('😀'.repeat(16))).toThrow('is 64 bytes long')
    // Doubled quotes do not count: the limit is on the name itself.
    expect(ident('"'.repeat(63))).toBe(`"${'"'.repeat(126)}"`)
  })
})

describe('qualified', () => {
  it('quotes both parts', () => {
    expect(qualified('public', 'todos')).toBe('"public"."todos"')
    expect(qualified('my.schema', 'a"b')).toBe('"my.schema"."a""b"')
  })

  it('checks both parts', () => {
    expect(() => qualified('', 'todos')).toThrow('Identifier cannot be empty')
    expect(() => qualified('public', 'x'.repeat(64))).toThrow('is 64 bytes long')
  })
})

describe('literal', () => {
  it('quotes strings, doubling single quotes', () => {
    expect(literal('')).toBe("''")
    expect(literal('hello')).toBe("'hello'")
    expect(literal("it's")).toBe("'it''s'")
    expect(literal("''")).toBe("''''''")
    expect(literal('say "hi"')).toBe(`'say "hi"'`)
  })

  it('uses the E form with doubled backslashes only when there is a backslash', () => {
    expect(literal('C:\\temp')).toBe("E'C:\\\\temp'")
    expect(literal("\\'")).toBe("E'\\\\'''")
    expect(literal('\\')).toBe("E'\\\\'")
    expect(literal('\\x00')).toBe("E'\\\\x00'")
  })

  it('keeps dollar quotes, newlines, unicode and comment markers inside the quotes', () => {
    expect(literal('$$; drop table x; $$')).toBe("'$$; drop table x; $$'")
    expect(literal('a\nb\r\nc\td')).toBe("'a\nb\r\nc\td'")
    expect(literal('ünïcödé 😀 \u2028')).toBe("'ünïcödé 😀 \u2028'")
    expect(literal("-- x' /* y")).toBe("'-- x'' /* y'")
  })

  it('never treats a value as SQL', () => {
    expect(literal('now()')).toBe("'now()'")
    expect(literal('ARRAY[1,2]')).toBe("'ARRAY[1,2]'")
    expect(literal('null')).toBe("'null'")
    expect(literal("'); drop table users; --")).toBe("'''); drop table users; --'")
  })

  it('writes numbers, bigints and booleans bare', () => {
    expect(literal(0)).toBe('0')
    expect(literal(-0)).toBe('0')
    expect(literal(42)).toBe('42')
    expect(literal(-1.5)).toBe('-1.5')
    expect(literal(1e21)).toBe('1e+21')
    expect(literal(5e-7)).toBe('5e-7')
    expect(literal(12345678901234567890n)).toBe('12345678901234567890')
    expect(literal(-3n)).toBe('-3')
    expect(literal(true)).toBe('true')
    expect(literal(false)).toBe('false')
  })

  it('writes non-finite numbers as float8 constants', () => {
    expect(literal(NaN)).toBe("'NaN'::float8")
    expect(literal(Infinity)).toBe("'Infinity'::float8")
    expect(literal(-Infinity)).toBe("'-Infinity'::float8")
  })

  it('writes null and undefined as null', () => {
    expect(literal(null)).toBe('null')
    expect(literal(undefined)).toBe('null')
  })

  it('writes dates as ISO 8601 text and rejects invalid dates', () => {
    expect(literal(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)))).toBe("'2024-01-02T03:04:05.006Z'")
    expect(() => literal(new Date(NaN))).toThrow(new SqlInputError('Invalid Date cannot be a SQL value'))
  })

  it('writes bytes as bytea hex text', () => {
    expect(literal(new Uint8Array([0, 1, 254, 255]))).toBe("E'\\\\x0001feff'")
    expect(literal(new Uint8Array([]))).toBe("E'\\\\x'")
  })

  it('writes arrays as Postgres array text', () => {
    expect(literal([])).toBe("'{}'")
    expect(literal([1, 2.5, -3])).toBe("'{1,2.5,-3}'")
    expect(literal(['a', 'b c', ''])).toBe(`'{"a","b c",""}'`)
    expect(literal([null, 'NULL', undefined])).toBe(`'{NULL,"NULL",NULL}'`)
    expect(literal(['a"b', "c'd", 'e,f', '{g}'])).toBe(`E'{"a\\\\"b","c''d","e,f","{g}"}'`)
    expect(literal(['back\\slash'])).toBe(`E'{"back\\\\\\\\slash"}'`)
    expect(literal([true, false, 7n, NaN])).toBe("'{true,false,7,NaN}'")
    expect(
      literal([
        [1, 2],
        [3, 4],
      ]),
    ).toBe("'{{1,2},{3,4}}'")
    expect(literal([{ a: 1 }])).toBe(`E'{"{\\\\"a\\\\":1}"}'`)
    expect(literal([new Date(0)])).toBe(`'{"1970-01-01T00:00:00.000Z"}'`)
  })

  it('writes objects as JSON text', () => {
    expect(literal({})).toBe("'{}'")
    expect(literal({ a: 1, b: [true, null], c: { d: "it's" } })).toBe(`'{"a":1,"b":[true,null],"c":{"d":"it''s"}}'`)
    expect(literal({ path: 'C:\\x' })).toBe(`E'{"path":"C:\\\\\\\\x"}'`)
    expect(literal({ skipped: undefined, kept: 1 })).toBe(`'{"kept":1}'`)
    expect(literal(Object.assign(Object.create(null) as object, { a: 1 }))).toBe(`'{"a":1}'`)
  })

  it('rejects NUL bytes everywhere', () => {
    expect(() => literal('a\u0000')).toThrow(NUL)
    expect(() => literal(['\u0000'])).toThrow(NUL)
    expect(() => literal({ a: '\u0000' })).toThrow(NUL)
    expect(() => literal({ '\u0000': 1 })).toThrow(NUL)
    expect(() => literal([{ a: ['\u0000'] }])).toThrow(SqlInputError)
  })

  it('rejects lone surrogates and unsupported types', () => {
    expect(() => literal('\uD83D')).toThrow('value is not well-formed Unicode (lone surrogate)')
    expect(() => literal(new Map() as never)).toThrow(new SqlInputError('Unsupported SQL value of type Map'))
    expect(() => literal((() => 1) as never)).toThrow(new SqlInputError('Unsupported SQL value of type function'))
    expect(() => literal(Symbol('x') as never)).toThrow(new SqlInputError('Unsupported SQL value of type symbol'))
  })
})

describe('toJson and jsonLiteral', () => {
  it('serialises JSON, bigints as numbers, dates as strings', () => {
    expect(toJson({ id: 1n, at: new Date(0), bytes: new Uint8Array([10]), list: [undefined, 1] })).toBe(
      '{"id":1,"at":"1970-01-01T00:00:00.000Z","bytes":"\\\\x0a","list":[null,1]}',
    )
    expect(toJson('line\nbreak "q"')).toBe('"line\\nbreak \\"q\\""')
    expect(toJson(null)).toBe('null')
  })

  it('rejects what JSON cannot hold', () => {
    expect(() => toJson(NaN)).toThrow(new SqlInputError('JSON cannot hold NaN'))
    expect(() => toJson([Infinity])).toThrow(new SqlInputError('JSON cannot hold Infinity'))
    expect(() => toJson('\u0000')).toThrow(NUL)
  })

  it('jsonLiteral keeps arrays as JSON', () => {
    expect(jsonLiteral([1, 'a'])).toBe(`'[1,"a"]'`)
    expect(jsonLiteral("it's")).toBe(`'"it''s"'`)
    expect(jsonLiteral('a\\b')).toBe(`E'"a\\\\\\\\b"'`)
    expect(jsonLiteral(null)).toBe("'null'")
  })
})

describe('unsafeRaw', () => {
  it('wraps SQL text as is', () => {
    const expression = unsafeRaw('auth.uid() = user_id', 'RLS policy expressions are SQL by design')
    expect(expression).toBeInstanceOf(SqlExpression)
    expect(expression.sql).toBe('auth.uid() = user_id')
    expect(`using (${expression})`).toBe('using (auth.uid() = user_id)')
    expect(isSqlExpression(expression)).toBe(true)
    expect(isSqlExpression('auth.uid() = user_id')).toBe(false)
  })

  it('needs a reason and no NUL bytes', () => {
    expect(() => unsafeRaw('now()', ' ')).toThrow(new SqlInputError('unsafeRaw needs a reason'))
    expect(() => unsafeRaw('now()\u0000', 'default')).toThrow(NUL)
  })

  it('cannot be constructed directly', () => {
    expect(() => new SqlExpression(Symbol('SqlExpression'), 'x')).toThrow(TypeError)
  })
})
