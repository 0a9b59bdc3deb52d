import { describe, expect, it } from 'vitest'
import {
  abbrevFromOperator,
  FILTER_OPERATORS,
  filterCondition,
  filterConditions,
  filterValueLiteral,
  formatFilterParam,
  formatSortParam,
  isIntegerType,
  operatorFromAbbrev,
  parseFilterParam,
  parseSortParam,
  sortItem,
} from './filters.ts'
import type { Filter, FilterOperator } from './filters.ts'
import { SqlInputError } from './quote.ts'

const where = (operator: FilterOperator, value: string, type?: string) =>
  filterCondition({ column: 'col', operator, value }, type)

describe('filter operators', () => {
  it('are the ten of the spec, with symbols and abbreviations', () => {
    expect(FILTER_OPERATORS.map(({ label, operator, abbrev }) => [label, operator, abbrev])).toEqual([
      ['equals', '=', 'eq'],
      ['not equal', '<>', 'neq'],
      ['greater than', '>', 'gt'],
      ['less than', '<', 'lt'],
      ['greater or equal', '>=', 'gte'],
      ['less or equal', '<=', 'lte'],
      ['like', '~~', 'like'],
      ['ilike', '~~*', 'ilike'],
      ['in', 'in', 'in'],
      ['is', 'is', 'is'],
    ])
  })

  it('map between symbols and abbreviations', () => {
    expect(operatorFromAbbrev('neq')).toBe('<>')
    expect(operatorFromAbbrev('ilike')).toBe('~~*')
    expect(operatorFromAbbrev('EQ')).toBeUndefined()
    expect(operatorFromAbbrev('=')).toBeUndefined()
    expect(abbrevFromOperator('>=')).toBe('gte')
    expect(() => abbrevFromOperator('!=' as FilterOperator)).toThrow(SqlInputError)
  })
})

describe('filterCondition', () => {
  it('writes every comparison operator with a quoted value', () => {
    expect(where('=', 'a')).toBe(`"col" = 'a'`)
    expect(where('<>', 'a')).toBe(`"col" <> 'a'`)
    expect(where('>', 'a')).toBe(`"col" > 'a'`)
    expect(where('<', 'a')).toBe(`"col" < 'a'`)
    expect(where('>=', 'a')).toBe(`"col" >= 'a'`)
    expect(where('<=', 'a')).toBe(`"col" <= 'a'`)
    expect(where('~~', '%a_')).toBe(`"col" ~~ '%a_'`)
    expect(where('~~*', 'A%')).toBe(`"col" ~~* 'A%'`)
    expect(where('in', 'a,b')).toBe(`"col" in ('a', 'b')`)
    expect(where('is', 'null')).toBe(`"col" is null`)
  })

  it('quotes the column', () => {
    expect(filterCondition({ column: 'my "col"', operator: '=', value: '1' })).toBe(`"my ""col""" = '1'`)
    expect(() => filterCondition({ column: '', operator: '=', value: '1' })).toThrow('Identifier cannot be empty')
  })

  it('accepts null, not null, true and false for is, in any case', () => {
    expect(where('is', 'null')).toBe('"col" is null')
    expect(where('is', 'NULL')).toBe('"col" is null')
    expect(where('is', 'not null')).toBe('"col" is not null')
    expect(where('is', 'Not Null')).toBe('"col" is not null')
    expect(where('is', ' not null ')).toBe('"col" is not null')
    expect(where('is', 'true')).toBe('"col" is true')
    expect(where('is', 'TRUE')).toBe('"col" is true')
    expect(where('is', 'false')).toBe('"col" is false')
    expect(where('is', 'False')).toBe('"col" is false')
  })

  it('treats anything else given to is as a literal, compared null-safely', () => {
    expect(where('is', 'foo')).toBe(`"col" is not distinct from 'foo'`)
    expect(where('is', 'not  null')).toBe(`"col" is not distinct from 'not  null'`)
    expect(where('is', 'unknown')).toBe(`"col" is not distinct from 'unknown'`)
    expect(where('is', "'); drop table x; --")).toBe(`"col" is not distinct from '''); drop table x; --'`)
    expect(where('is', '7', 'int4')).toBe('"col" is not distinct from 7')
  })

  it('splits in on commas, trims items and drops empty ones', () => {
    expect(where('in', 'a')).toBe(`"col" in ('a')`)
    expect(where('in', ' a , b ,, c ')).toBe(`"col" in ('a', 'b', 'c')`)
    expect(where('in', "it's,x")).toBe(`"col" in ('it''s', 'x')`)
    expect(where('in', '1, 2,3', 'int8')).toBe('"col" in (1, 2, 3)')
    expect(where('in', '1, x, 9007199254740993', 'int8')).toBe(`"col" in (1, 'x', '9007199254740993')`)
    expect(where('in', ',')).toBeNull()
    expect(where('in', ' , ')).toBeNull()
  })

  it('ignores filters with an empty value', () => {
    for (const { operator } of FILTER_OPERATORS) expect(where(operator, ''), operator).toBeNull()
  })

  it('keeps whitespace-only values, which are not empty', () => {
    expect(where('=', ' ')).toBe(`"col" = ' '`)
    expect(where('is', ' ')).toBe(`"col" is not distinct from ' '`)
  })

  it('never writes a value as SQL', () => {
    expect(where('=', 'now()')).toBe(`"col" = 'now()'`)
    expect(where('=', 'ARRAY[1,2]')).toBe(`"col" = 'ARRAY[1,2]'`)
    expect(where('=', 'null')).toBe(`"col" = 'null'`)
    expect(where('in', 'now(), ARRAY[1]')).toBe(`"col" in ('now()', 'ARRAY[1]')`)
    expect(where('~~', "x' or 1=1 --")).toBe(`"col" ~~ 'x'' or 1=1 --'`)
    expect(where('=', 'a\\b')).toBe(`"col" = E'a\\\\b'`)
  })
})

describe('integer filter values', () => {
  it('recognises integer types', () => {
    for (const type of ['int2', 'int4', 'int8', 'smallint', 'integer', 'bigint', 'INT4']) {
      expect(isIntegerType(type), type).toBe(true)
    }
    for (const type of ['numeric', 'float8', 'text', 'int4[]', '_int4', undefined]) {
      expect(isIntegerType(type), type).toBe(false)
    }
  })

  it('converts finite numbers within the safe range', () => {
    expect(filterValueLiteral('42', 'int4')).toBe('42')
    expect(filterValueLiteral('-42', 'int8')).toBe('-42')
    expect(filterValueLiteral(' 7 ', 'int2')).toBe('7')
    expect(filterValueLiteral('1.5', 'int4')).toBe('1.5')
    expect(filterValueLiteral('1e3', 'int4')).toBe('1000')
    expect(filterValueLiteral('9007199254740991', 'int8')).toBe('9007199254740991')
    expect(filterValueLiteral('-9007199254740991', 'int8')).toBe('-9007199254740991')
  })

  it('keeps anything else as a text literal', () => {
    expect(filterValueLiteral('9007199254740992', 'int8')).toBe("'9007199254740992'")
    expect(filterValueLiteral('-9007199254740993', 'int8')).toBe("'-9007199254740993'")
    expect(filterValueLiteral('abc', 'int4')).toBe("'abc'")
    expect(filterValueLiteral('Infinity', 'int4')).toBe("'Infinity'")
    expect(filterValueLiteral('NaN', 'int4')).toBe("'NaN'")
    expect(filterValueLiteral(' ', 'int4')).toBe("' '")
    expect(filterValueLiteral('1e400', 'int8')).toBe("'1e400'")
  })

  it('only for integer columns', () => {
    expect(filterValueLiteral('42')).toBe("'42'")
    expect(filterValueLiteral('42', 'numeric')).toBe("'42'")
    expect(filterValueLiteral('42', 'text')).toBe("'42'")
  })

  it('applies to comparisons but not to like patterns', () => {
    expect(where('=', '5', 'int4')).toBe('"col" = 5')
    expect(where('<>', '5', 'int4')).toBe('"col" <> 5')
    expect(where('>', '5', 'int4')).toBe('"col" > 5')
    expect(where('<', '5', 'int4')).toBe('"col" < 5')
    expect(where('>=', '5', 'int4')).toBe('"col" >= 5')
    expect(where('<=', '5', 'int4')).toBe('"col" <= 5')
    expect(where('~~', '5', 'int4')).toBe(`"col" ~~ '5'`)
    expect(where('~~*', '5', 'int4')).toBe(`"col" ~~* '5'`)
  })
})

describe('filterConditions', () => {
  it('drops ignored filters and looks up column types by name', () => {
    const filters: Filter[] = [
      { column: 'id', operator: '>', value: '10' },
      { column: 'name', operator: '=', value: '' },
      { column: 'name', operator: '~~*', value: '%ann%' },
      { column: 'tags', operator: 'in', value: ' , ' },
    ]
    expect(filterConditions(filters, { id: 'int8', name: 'text' })).toEqual(['"id" > 10', `"name" ~~* '%ann%'`])
    expect(filterConditions(filters)).toEqual([`"id" > '10'`, `"name" ~~* '%ann%'`])
    expect(filterConditions([])).toEqual([])
  })
})

describe('sortItem', () => {
  it('writes direction and, when set, nulls placement', () => {
    expect(sortItem({ column: 'name', ascending: true })).toBe('"name" asc')
    expect(sortItem({ column: 'name', ascending: false })).toBe('"name" desc')
    expect(sortItem({ column: 'name', ascending: true, nullsFirst: true })).toBe('"name" asc nulls first')
    expect(sortItem({ column: 'name', ascending: false, nullsFirst: false })).toBe('"name" desc nulls last')
    expect(sortItem({ column: 'a"b', ascending: true })).toBe('"a""b" asc')
  })
})

describe('filter URL encoding', () => {
  it("formats 'column:abbrev:value'", () => {
    expect(formatFilterParam({ column: 'name', operator: '=', value: 'Ann' })).toBe('name:eq:Ann')
    expect(formatFilterParam({ column: 'age', operator: '>=', value: '18' })).toBe('age:gte:18')
    expect(formatFilterParam({ column: 'name', operator: '~~*', value: '%a%' })).toBe('name:ilike:%a%')
    expect(formatFilterParam({ column: 'name', operator: 'is', value: 'not null' })).toBe('name:is:not null')
    expect(formatFilterParam({ column: 'name', operator: '=', value: '' })).toBe('name:eq:')
  })

  it('keeps colons in the value', () => {
    const filter: Filter = { column: 'starts_at', operator: '>', value: '2024-01-01 10:00:00+02:00' }
    expect(formatFilterParam(filter)).toBe('starts_at:gt:2024-01-01 10:00:00+02:00')
    expect(parseFilterParam('starts_at:gt:2024-01-01 10:00:00+02:00')).toEqual(filter)
    expect(parseFilterParam('url:eq:https://example.com:8080/a')).toEqual({
      column: 'url',
      operator: '=',
      value: 'https://example.com:8080/a',
    })
    expect(parseFilterParam('a:eq::')).toEqual({ column: 'a', operator: '=', value: ':' })
  })

  it('encodes colons and percent signs of column names', () => {
    const filter: Filter = { column: 'a:b%3A', operator: 'in', value: 'x:y' }
    expect(formatFilterParam(filter)).toBe('a%3Ab%253A:in:x:y')
    expect(parseFilterParam('a%3Ab%253A:in:x:y')).toEqual(filter)
    expect(parseFilterParam('a%3ab:eq:1')?.column).toBe('a:b')
    // Plain names read as themselves, stray percent signs included.
    expect(parseFilterParam('100%:eq:1')?.column).toBe('100%')
  })

  it('parses every abbreviation', () => {
    for (const { operator, abbrev } of FILTER_OPERATORS) {
      expect(parseFilterParam(`c:${abbrev}:v`)).toEqual({ column: 'c', operator, value: 'v' })
    }
  })

  it('returns null for text that is not a filter', () => {
    expect(parseFilterParam('')).toBeNull()
    expect(parseFilterParam('name')).toBeNull()
    expect(parseFilterParam('name:eq')).toBeNull()
    expect(parseFilterParam(':eq:x')).toBeNull()
    expect(parseFilterParam('name:equals:x')).toBeNull()
    expect(parseFilterParam('name:=:x')).toBeNull()
  })
})

describe('sort URL encoding', () => {
  it("formats 'column:asc' and 'column:desc', with nulls placement only when set", () => {
    expect(formatSortParam({ column: 'name', ascending: true })).toBe('name:asc')
    expect(formatSortParam({ column: 'name', ascending: false })).toBe('name:desc')
    expect(formatSortParam({ column: 'name', ascending: true, nullsFirst: true })).toBe('name:asc:nullsfirst')
    expect(formatSortParam({ column: 'name', ascending: false, nullsFirst: false })).toBe('name:desc:nullslast')
    expect(formatSortParam({ column: 'a:b', ascending: true })).toBe('a%3Ab:asc')
  })

  it('parses what it formats', () => {
    expect(parseSortParam('name:asc')).toEqual({ column: 'name', ascending: true })
    expect(parseSortParam('name:desc')).toEqual({ column: 'name', ascending: false })
    expect(parseSortParam('name:asc:nullsfirst')).toEqual({ column: 'name', ascending: true, nullsFirst: true })
    expect(parseSortParam('name:desc:nullslast')).toEqual({ column: 'name', ascending: false, nullsFirst: false })
    expect(parseSortParam('a%3Ab:asc')).toEqual({ column: 'a:b', ascending: true })
  })

  it('tolerates a raw colon in the column', () => {
    expect(parseSortParam('a:b:desc')).toEqual({ column: 'a:b', ascending: false })
  })

  it('returns null for text that is not a sort', () => {
    expect(parseSortParam('')).toBeNull()
    expect(parseSortParam('name')).toBeNull()
    expect(parseSortParam('name:up')).toBeNull()
    expect(parseSortParam(':asc')).toBeNull()
    expect(parseSortParam('name:nullsfirst')).toBeNull()
    expect(parseSortParam('name:ASC')).toBeNull()
  })
})
