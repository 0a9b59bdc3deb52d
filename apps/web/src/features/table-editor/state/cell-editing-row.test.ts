import { describe, expect, it } from 'vitest'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import { pgColumn } from '../../../test/pg-meta-fixtures'
import { fieldFromValue, fieldRole, rowFormValues, type RowField } from './cell-editing-row'

const columns = [
  pgColumn('id', 'int8', { is_identity: true, identity_generation: 'ALWAYS', is_nullable: false, is_updatable: true }),
  pgColumn('created_at', 'timestamptz', { default_value: 'now()', is_nullable: false }),
  pgColumn('title', 'text', { is_nullable: false }),
  pgColumn('note', 'text'),
  pgColumn('priority', 'int4', { is_nullable: false }),
  pgColumn('done', 'bool'),
  pgColumn('mood', 'mood', { data_type: 'USER-DEFINED', enums: ['sad', 'happy'] }),
  pgColumn('meta', 'jsonb'),
  pgColumn('tags', '_text', { data_type: 'ARRAY' }),
  pgColumn('slug', 'text', { is_generated: true }),
]
const field = (text: string, isNull = false): RowField => ({ text, isNull })

describe('row form', () => {
  it('shows what the database fills in', () => {
    const byName = Object.fromEntries(columns.map((c) => [c.name, fieldRole(c)]))
    expect(byName).toMatchObject({
      id: 'identity',
      created_at: 'default',
      title: 'optional',
      note: 'optional',
      priority: 'required',
      slug: 'generated',
    })
  })

  it('inserts the filled fields, typed by column, and leaves defaults and identities out', () => {
    const result = rowFormValues(
      columns,
      {
        id: field('99'),
        title: field('Buy milk'),
        priority: field('2'),
        done: field('true'),
        mood: field('happy'),
        meta: field('{"a": 1}'),
        tags: field('["x", "y"]'),
        slug: field('ignored'),
      },
      'insert',
    )
    expect(result).toEqual({
      ok: true,
      values: {
        title: 'Buy milk',
        priority: '2',
        done: true,
        mood: 'happy',
        meta: { a: 1 },
        tags: ['x', 'y'],
      },
    })
  })

  it('says which required fields are missing and which values are invalid', () => {
    const result = rowFormValues(columns, { meta: field('{nope'), done: field('', true) }, 'insert')
    expect(result).toEqual({ ok: false, errors: { priority: M.required, meta: M.invalidJson } })
  })

  it('gives a NOT NULL text column without default the empty string, and sets NULL when asked', () => {
    const result = rowFormValues(columns, { priority: field('1'), note: field('', true) }, 'insert')
    expect(result).toEqual({ ok: true, values: { title: '', priority: '1', note: null } })
  })

  it('refuses NULL on a NOT NULL column', () => {
    const result = rowFormValues(columns, { priority: field('1'), title: field('', true) }, 'insert')
    expect(result).toEqual({ ok: false, errors: { title: M.notNullable } })
  })

  it('updates only the changed fields, emptied non-text fields becoming NULL', () => {
    const stored = { title: 'a', note: 'n', priority: 3, done: true, meta: { a: 1 }, tags: null }
    const initial = Object.fromEntries(
      columns.map((c) => [c.name, fieldFromValue(c, stored[c.name as keyof typeof stored] ?? null)]),
    )
    expect(initial.done).toEqual(field('true'))
    expect(initial.tags).toEqual(field('', true))
    const fields = { ...initial, note: field(''), done: field(''), tags: field('["z"]'), meta: field('{"a": 1}') }
    // meta's text changed in layout only, but it is the user's text: it is sent, and equal JSON is harmless.
    expect(rowFormValues(columns, fields, 'update', initial)).toEqual({
      ok: true,
      values: { note: '', done: null, tags: ['z'], meta: { a: 1 } },
    })
    expect(rowFormValues(columns, initial, 'update', initial)).toEqual({ ok: true, values: {} })
  })

  it('refuses emptying a NOT NULL number on update', () => {
    const initial = { priority: field('3') }
    expect(rowFormValues(columns, { priority: field('') }, 'update', initial)).toEqual({
      ok: false,
      errors: { priority: M.notNullable },
    })
  })
})
