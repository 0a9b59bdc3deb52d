import { describe, expect, it } from 'vitest'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import { pgColumn } from '../../../test/pg-meta-fixtures'
import {
  booleanChoices,
  cellEditability,
  editorKindOf,
  editorText,
  enumChoices,
  formatHint,
  parseBooleanChoice,
  parseCellText,
  parseEnumChoice,
} from './cell-editing'

const column = (format: string, extra: Parameters<typeof pgColumn>[2] = {}) => pgColumn('c', format, extra)
const array = (element: string, extra: Parameters<typeof pgColumn>[2] = {}) =>
  pgColumn('c', `_${element}`, { data_type: 'ARRAY', ...extra })

describe('editor kinds', () => {
  it('follows the catalog type', () => {
    expect(editorKindOf(column('text'))).toBe('text')
    expect(editorKindOf(column('varchar'))).toBe('text')
    expect(editorKindOf(column('jsonb'))).toBe('json')
    expect(editorKindOf(column('json'))).toBe('json')
    expect(editorKindOf(column('bool'))).toBe('boolean')
    expect(editorKindOf(column('mood', { data_type: 'USER-DEFINED', enums: ['sad', 'happy'] }))).toBe('enum')
    expect(editorKindOf(array('mood', { enums: ['sad', 'happy'] }))).toBe('array')
    expect(editorKindOf(column('int8'))).toBe('number')
    expect(editorKindOf(column('numeric'))).toBe('number')
    expect(editorKindOf(column('date'))).toBe('date')
    expect(editorKindOf(column('timestamptz'))).toBe('datetime')
    expect(editorKindOf(column('timetz'))).toBe('time')
    expect(editorKindOf(column('uuid'))).toBe('uuid')
    expect(editorKindOf(array('int4'))).toBe('array')
  })

  it('hints the date and time formats, with the offset for time zones', () => {
    expect(formatHint(column('timestamp'))).toBe(M.timestampHint)
    expect(formatHint(column('timestamptz'))).toBe(M.timestamptzHint)
    expect(formatHint(column('date'))).toBe('yyyy-mm-dd')
    expect(formatHint(column('text'))).toBeUndefined()
  })
})

describe('inline editability', () => {
  const ctx = { primaryKeys: ['id'], encrypted: false }

  it('needs a primary key', () => {
    expect(cellEditability(column('text'), { ...ctx, primaryKeys: [] })).toEqual({
      inline: false,
      reason: 'Please add a primary key column to your table to update or delete rows',
    })
  })

  it('never edits encrypted columns', () => {
    expect(cellEditability(column('text'), { ...ctx, encrypted: true })).toEqual({
      inline: false,
      reason: 'Encrypted columns cannot be edited',
    })
  })

  it('does not edit primary keys, generated or ALWAYS identity columns inline', () => {
    expect(cellEditability(pgColumn('id', 'int8'), ctx)).toMatchObject({ inline: false })
    expect(cellEditability(column('int8', { is_generated: true }), ctx)).toMatchObject({ inline: false })
    expect(cellEditability(column('int8', { identity_generation: 'ALWAYS' }), ctx)).toMatchObject({ inline: false })
    expect(cellEditability(column('int8', { is_updatable: false }), ctx)).toMatchObject({ inline: false })
    expect(cellEditability(column('int8', { identity_generation: 'BY DEFAULT' }), ctx)).toEqual({ inline: true })
    expect(cellEditability(column('text'), ctx)).toEqual({ inline: true })
  })
})

describe('text editor', () => {
  it('keeps the text as typed, the empty string included', () => {
    expect(parseCellText(column('text'), '  hello\n')).toEqual({ ok: true, value: '  hello\n' })
    expect(parseCellText(column('text'), '')).toEqual({ ok: true, value: '' })
  })

  it('starts from the text of the value, empty for NULL', () => {
    expect(editorText('text', 'abc')).toBe('abc')
    expect(editorText('text', null)).toBe('')
    expect(editorText('number', 12)).toBe('12')
  })
})

describe('JSON editor', () => {
  it('parses JSON of any shape', () => {
    expect(parseCellText(column('jsonb'), '{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } })
    expect(parseCellText(column('json'), '"just a string"')).toEqual({ ok: true, value: 'just a string' })
    expect(parseCellText(column('jsonb'), '42')).toEqual({ ok: true, value: 42 })
  })

  it("says 'Please enter a valid JSON' for invalid JSON", () => {
    expect(parseCellText(column('jsonb'), '{a: 1}')).toEqual({ ok: false, message: 'Please enter a valid JSON' })
  })

  it('sets NULL when emptied', () => {
    expect(parseCellText(column('jsonb'), '   ')).toEqual({ ok: true, value: null })
  })

  it('starts from indented JSON', () => {
    expect(editorText('json', { a: 1 })).toBe('{\n  "a": 1\n}')
    expect(editorText('json', 'text')).toBe('"text"')
  })
})

describe('boolean editor', () => {
  it('offers TRUE and FALSE, and NULL only when nullable', () => {
    expect(booleanChoices({ is_nullable: false }).map((c) => c.label)).toEqual(['TRUE', 'FALSE'])
    expect(booleanChoices({ is_nullable: true })).toEqual([
      { label: 'TRUE', value: true },
      { label: 'FALSE', value: false },
      { label: 'NULL', value: null },
    ])
  })

  it('refuses NULL on a NOT NULL column', () => {
    expect(parseBooleanChoice({ is_nullable: false }, null)).toEqual({ ok: false, message: M.notNullable })
    expect(parseBooleanChoice({ is_nullable: true }, null)).toEqual({ ok: true, value: null })
    expect(parseBooleanChoice({ is_nullable: true }, 'true')).toEqual({ ok: true, value: true })
    expect(parseBooleanChoice({ is_nullable: true }, 'yes')).toEqual({ ok: false, message: M.invalidBoolean })
  })
})

describe('enum editor', () => {
  const mood = column('mood', { data_type: 'USER-DEFINED', enums: ['sad', 'happy'] })

  it('offers the values, plus NULL when nullable', () => {
    expect(enumChoices(mood).map((c) => c.label)).toEqual(['sad', 'happy', 'NULL'])
    expect(enumChoices({ ...mood, is_nullable: false }).map((c) => c.label)).toEqual(['sad', 'happy'])
  })

  it('accepts only its values', () => {
    expect(parseEnumChoice(mood, 'happy')).toEqual({ ok: true, value: 'happy' })
    expect(parseEnumChoice(mood, 'angry')).toEqual({ ok: false, message: M.invalidEnum })
    expect(parseEnumChoice({ ...mood, is_nullable: false }, null)).toEqual({ ok: false, message: M.notNullable })
  })
})

describe('number editor', () => {
  it('sets NULL when emptied', () => {
    expect(parseCellText(column('int4'), '')).toEqual({ ok: true, value: null })
    expect(parseCellText(column('numeric'), ' ')).toEqual({ ok: true, value: null })
  })

  it('keeps every digit of int8 and numeric as text', () => {
    expect(parseCellText(column('int8'), '9007199254740993')).toEqual({ ok: true, value: '9007199254740993' })
    expect(parseCellText(column('numeric'), ' 12.50 ')).toEqual({ ok: true, value: '12.50' })
    expect(parseCellText(column('float8'), '-1.5e3')).toEqual({ ok: true, value: '-1.5e3' })
    expect(parseCellText(column('float8'), 'Infinity')).toEqual({ ok: true, value: 'Infinity' })
  })

  it('refuses what is not a number of the column type', () => {
    expect(parseCellText(column('int4'), '1.5')).toEqual({ ok: false, message: M.invalidInteger })
    expect(parseCellText(column('numeric'), '12,5')).toEqual({ ok: false, message: M.invalidNumber })
    expect(parseCellText(column('float4'), 'abc')).toEqual({ ok: false, message: M.invalidNumber })
  })
})

describe('date, datetime and time editors', () => {
  it('set NULL when emptied and leave the spelling to Postgres', () => {
    for (const format of ['date', 'timestamp', 'timestamptz', 'time', 'timetz']) {
      expect(parseCellText(column(format), '')).toEqual({ ok: true, value: null })
    }
    expect(parseCellText(column('timestamptz'), ' 2026-01-02 10:00:00+00 ')).toEqual({
      ok: true,
      value: '2026-01-02 10:00:00+00',
    })
    expect(parseCellText(column('date'), 'today')).toEqual({ ok: true, value: 'today' })
  })
})

describe('uuid editor', () => {
  it('checks the value before saving', () => {
    const id = '1b4e28ba-2fa1-11d2-883f-0016d3cca427'
    expect(parseCellText(column('uuid'), id)).toEqual({ ok: true, value: id })
    expect(parseCellText(column('uuid'), 'not-a-uuid')).toEqual({ ok: false, message: M.invalidUuid })
    expect(parseCellText(column('uuid'), '')).toEqual({ ok: true, value: null })
  })

  it('takes every uuid Postgres reads, RFC 9562 or not, and sends it as Postgres writes it', () => {
    const ones = '11111111-1111-1111-1111-111111111111'
    expect(parseCellText(column('uuid'), ones)).toEqual({ ok: true, value: ones })
    expect(parseCellText(column('uuid'), ' {11111111111111111111111111111111} ')).toEqual({ ok: true, value: ones })
    expect(parseCellText(column('uuid'), 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11')).toEqual({
      ok: true,
      value: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    })
    expect(parseCellText(array('uuid'), `["${ones}", "a0eebc999c0b4ef8bb6d6bb9bd380a11"]`)).toEqual({
      ok: true,
      value: [ones, 'a0eebc999c0b4ef8bb6d6bb9bd380a11'],
    })
    expect(parseCellText(column('uuid'), '{11111111-1111-1111-1111-111111111111')).toEqual({
      ok: false,
      message: M.invalidUuid,
    })
  })
})

describe('array editor', () => {
  it('takes a JSON array and starts from one', () => {
    expect(parseCellText(array('text'), '["a", "b,c", null]')).toEqual({ ok: true, value: ['a', 'b,c', null] })
    expect(editorText('array', ['a', 'b'])).toBe('["a","b"]')
    expect(parseCellText(array('text'), '')).toEqual({ ok: true, value: null })
  })

  it('refuses what is not an array', () => {
    expect(parseCellText(array('text'), '{a,b}')).toEqual({ ok: false, message: M.invalidArray })
    expect(parseCellText(array('text'), '"a"')).toEqual({ ok: false, message: M.invalidArray })
  })

  it('checks each item against the element type, nested arrays included', () => {
    expect(parseCellText(array('int4'), '[1, "2", 3]')).toEqual({ ok: true, value: [1, '2', 3] })
    expect(parseCellText(array('int4'), '[1, 2.5]')).toEqual({ ok: false, message: `Item 2: ${M.invalidInteger}` })
    expect(parseCellText(array('int4'), '[[1, 2], [3, "x"]]')).toEqual({
      ok: false,
      message: `Item 2.2: ${M.invalidInteger}`,
    })
    expect(parseCellText(array('bool'), '[true, "yes"]')).toEqual({ ok: false, message: `Item 2: ${M.invalidBoolean}` })
    expect(parseCellText(array('uuid'), '["nope"]')).toEqual({ ok: false, message: `Item 1: ${M.invalidUuid}` })
    expect(parseCellText(array('mood', { enums: ['sad', 'happy'] }), '["happy", "angry"]')).toEqual({
      ok: false,
      message: `Item 2: ${M.invalidEnum}`,
    })
    expect(parseCellText(array('jsonb'), '[{"a": 1}]')).toEqual({ ok: true, value: [{ a: 1 }] })
    expect(parseCellText(array('text'), '[{"a": 1}]')).toEqual({ ok: false, message: `Item 1: ${M.invalidArray}` })
  })
})
