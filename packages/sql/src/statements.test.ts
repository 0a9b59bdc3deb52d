import { describe, expect, it } from 'vitest'
import { SqlInputError, unsafeRaw } from './quote.ts'
import {
  buildCount,
  buildDelete,
  buildInsert,
  buildSelect,
  buildTruncate,
  buildUpdate,
  STATEMENT_MESSAGES,
} from './statements.ts'
import type { TableRef } from './statements.ts'
import type { Filter } from './filters.ts'

const table: TableRef = { schema: 'public', name: 'todos' }
const weird: TableRef = { schema: 'my "schema"', name: "it's $$ todo" }

describe('buildSelect', () => {
  it('selects all columns by default', () => {
    expect(buildSelect({ table })).toBe('select * from "public"."todos"')
    expect(buildSelect({ table, columns: [] })).toBe('select * from "public"."todos"')
    expect(buildSelect({ table: weird })).toBe(`select * from "my ""schema"""."it's $$ todo"`)
  })

  it('selects named columns and expressions', () => {
    expect(buildSelect({ table, columns: ['id', 'title "x"'] })).toBe(
      'select "id", "title ""x""" from "public"."todos"',
    )
    const preview = unsafeRaw('left("body", 100) as "body"', 'preview of a large column, built from ident()')
    expect(buildSelect({ table, columns: ['id', preview] })).toBe(
      'select "id", left("body", 100) as "body" from "public"."todos"',
    )
  })

  it('filters, sorts and pages', () => {
    expect(
      buildSelect({
        table,
        filters: [
          { column: 'id', operator: '>', value: '10' },
          { column: 'title', operator: '~~*', value: '%milk%' },
          { column: 'done', operator: 'is', value: 'false' },
        ],
        columnTypes: { id: 'int8' },
        sorts: [
          { column: 'created_at', ascending: false, nullsFirst: false },
          { column: 'id', ascending: true },
        ],
        limit: 100,
        offset: 200,
      }),
    ).toBe(
      `select * from "public"."todos" where "id" > 10 and "title" ~~* '%milk%' and "done" is false ` +
        'order by "created_at" desc nulls last, "id" asc limit 100 offset 200',
    )
  })

  it('leaves out ignored filters and an empty where clause', () => {
    expect(buildSelect({ table, filters: [{ column: 'id', operator: '=', value: '' }], limit: 0, offset: 0 })).toBe(
      'select * from "public"."todos" limit 0 offset 0',
    )
  })

  it('matches exact values', () => {
    expect(buildSelect({ table, match: { id: 5, owner: null, code: '' } })).toBe(
      `select * from "public"."todos" where "id" = 5 and "owner" is null and "code" = ''`,
    )
  })

  it('rejects a limit or offset that is not a non-negative integer', () => {
    expect(() => buildSelect({ table, limit: -1 })).toThrow(
      new SqlInputError('limit must be a non-negative integer, got -1'),
    )
    expect(() => buildSelect({ table, limit: 1.5 })).toThrow(SqlInputError)
    expect(() => buildSelect({ table, offset: NaN })).toThrow('offset must be a non-negative integer, got NaN')
  })
})

describe('buildCount', () => {
  it('counts all rows or the filtered ones', () => {
    expect(buildCount({ table })).toBe('select count(*) as "count" from "public"."todos"')
    expect(
      buildCount({
        table,
        filters: [
          { column: 'status', operator: 'in', value: 'open, closed' },
          { column: 'id', operator: '<=', value: '9007199254740993' },
        ],
        columnTypes: { id: 'int8' },
      }),
    ).toBe(
      `select count(*) as "count" from "public"."todos" where "status" in ('open', 'closed') and "id" <= '9007199254740993'`,
    )
  })
})

describe('buildInsert', () => {
  it('populates from a recordset given as one JSON constant', () => {
    expect(buildInsert({ table, rows: [{ title: "it's", tags: ['home'], meta: { a: 1 } }] })).toBe(
      'insert into "public"."todos" ("title", "tags", "meta") select "title", "tags", "meta" from ' +
        `jsonb_populate_recordset(null::"public"."todos", '[{"title":"it''s","tags":["home"],"meta":{"a":1}}]'::jsonb)`,
    )
  })

  it('lists every key of any row, in first-seen order', () => {
    expect(buildInsert({ table, rows: [{ a: 1 }, { b: 2, a: 3 }, { c: undefined }], returning: true })).toBe(
      'insert into "public"."todos" ("a", "b") select "a", "b" from ' +
        `jsonb_populate_recordset(null::"public"."todos", '[{"a":1},{"b":2,"a":3},{}]'::jsonb) returning *`,
    )
  })

  it('escapes backslashes and keeps values out of the SQL', () => {
    expect(buildInsert({ table: weird, rows: [{ 'a"b': 'C:\\x', c: "'); drop table t; --" }] })).toBe(
      `insert into "my ""schema"""."it's $$ todo" ("a""b", "c") select "a""b", "c" from ` +
        `jsonb_populate_recordset(null::"my ""schema"""."it's $$ todo", ` +
        `E'[{"a\\\\"b":"C:\\\\\\\\x","c":"''); drop table t; --"}]'::jsonb)`,
    )
  })

  it('inserts default values for rows without keys', () => {
    expect(buildInsert({ table, rows: [{}] })).toBe('insert into "public"."todos" default values')
    expect(buildInsert({ table, rows: [{}], returning: ['id'] })).toBe(
      'insert into "public"."todos" default values returning "id"',
    )
    expect(buildInsert({ table, rows: [{}, { a: undefined }] })).toBe(
      'insert into "public"."todos" select from generate_series(1, 2)',
    )
  })

  it("throws 'no value to insert' without rows", () => {
    expect(() => buildInsert({ table, rows: [] })).toThrow(new SqlInputError('no value to insert'))
    expect(STATEMENT_MESSAGES.noInsertValue).toBe('no value to insert')
  })

  it('rejects NUL bytes in values and keys', () => {
    expect(() => buildInsert({ table, rows: [{ a: 'x\u0000' }] })).toThrow(SqlInputError)
    expect(() => buildInsert({ table, rows: [{ 'a\u0000': 'x' }] })).toThrow(SqlInputError)
  })

  it('writes a VALUES list of constants, with default where a row leaves a column out', () => {
    expect(
      buildInsert({
        table,
        rows: [
          { title: "it's", tags: '{a,b}' },
          { tags: ['c'], due: null },
          { title: 'C:\\x', due: undefined },
        ],
        form: 'constants',
        returning: true,
      }),
    ).toBe(
      'insert into "public"."todos" ("title", "tags", "due") values ' +
        `('it''s', '{a,b}', default), (default, '{"c"}', null), (E'C:\\\\x', default, default) returning *`,
    )
    // A key inherited from Object.prototype is not a value of the row.
    expect(buildInsert({ table, rows: [{ constructor: 'x' }, {}], form: 'constants' })).toBe(
      `insert into "public"."todos" ("constructor") values ('x'), (default)`,
    )
    expect(buildInsert({ table, rows: [{}], form: 'constants' })).toBe('insert into "public"."todos" default values')
  })
})

describe('buildUpdate', () => {
  it('sets values through a populated record, with filters and returning', () => {
    expect(
      buildUpdate({
        table,
        values: { done: true, tags: ['a', 'b'], note: undefined },
        filters: [{ column: 'id', operator: '=', value: '5' }],
        columnTypes: { id: 'int4' },
        returning: true,
      }),
    ).toBe(
      'update "public"."todos" set ("done", "tags") = (select "done", "tags" from ' +
        `jsonb_populate_record(null::"public"."todos", '{"done":true,"tags":["a","b"]}'::jsonb)) ` +
        'where "id" = 5 returning *',
    )
  })

  it('matches a primary key, even an empty one', () => {
    expect(buildUpdate({ table, values: { title: null }, match: { code: '' }, returning: ['id', 'title'] })).toBe(
      'update "public"."todos" set ("title") = (select "title" from ' +
        `jsonb_populate_record(null::"public"."todos", '{"title":null}'::jsonb)) where "code" = '' returning "id", "title"`,
    )
  })

  it("throws 'no filters for this update query' when no condition remains", () => {
    const message = 'no filters for this update query'
    expect(STATEMENT_MESSAGES.noUpdateFilters).toBe(message)
    expect(() => buildUpdate({ table, values: { done: true } })).toThrow(new SqlInputError(message))
    expect(() => buildUpdate({ table, values: { done: true }, filters: [] })).toThrow(message)
    const ignored: Filter[] = [
      { column: 'id', operator: '=', value: '' },
      { column: 'id', operator: 'in', value: ', ,' },
    ]
    expect(() => buildUpdate({ table, values: { done: true }, filters: ignored })).toThrow(message)
    expect(() => buildUpdate({ table, values: { done: true }, match: {} })).toThrow(message)
  })

  it('sets each column to its own constant', () => {
    expect(
      buildUpdate({
        table: weird,
        values: { done: 'true', tags: '{1,2}', note: null, skipped: undefined },
        match: { id: '5' },
        form: 'constants',
        returning: true,
      }),
    ).toBe(
      `update "my ""schema"""."it's $$ todo" set "done" = 'true', "tags" = '{1,2}', "note" = null ` +
        `where "id" = '5' returning *`,
    )
    expect(() => buildUpdate({ table, values: { a: undefined }, match: { id: 1 }, form: 'constants' })).toThrow(
      'no value to update',
    )
  })

  it("throws 'no value to update' when there is nothing to set", () => {
    expect(() => buildUpdate({ table, values: {}, match: { id: 1 } })).toThrow(new SqlInputError('no value to update'))
    expect(() => buildUpdate({ table, values: { a: undefined }, match: { id: 1 } })).toThrow('no value to update')
  })
})

describe('buildDelete', () => {
  it('deletes the filtered rows, optionally returning', () => {
    expect(buildDelete({ table, filters: [{ column: 'done', operator: 'is', value: 'true' }] })).toBe(
      'delete from "public"."todos" where "done" is true',
    )
    expect(buildDelete({ table, match: { id: 5 }, returning: ['id'] })).toBe(
      'delete from "public"."todos" where "id" = 5 returning "id"',
    )
    expect(buildDelete({ table, match: { id: 5 }, returning: true })).toBe(
      'delete from "public"."todos" where "id" = 5 returning *',
    )
  })

  it("throws 'no filters for this delete query' when no condition remains", () => {
    const message = 'no filters for this delete query'
    expect(STATEMENT_MESSAGES.noDeleteFilters).toBe(message)
    expect(() => buildDelete({ table })).toThrow(new SqlInputError(message))
    expect(() => buildDelete({ table, filters: [{ column: 'id', operator: '<>', value: '' }] })).toThrow(message)
  })

  it('deletes the rows matching any of several primary keys, and none for an empty list', () => {
    expect(buildDelete({ table, matchAny: [{ id: 1 }, { id: '2' }] })).toBe(
      `delete from "public"."todos" where (("id" = 1) or ("id" = '2'))`,
    )
    expect(
      buildDelete({
        table,
        filters: [{ column: 'done', operator: 'is', value: 'true' }],
        matchAny: [
          { a: 1, b: 'x' },
          { a: 2, b: null },
        ],
      }),
    ).toBe(
      `delete from "public"."todos" where "done" is true and (("a" = 1 and "b" = 'x') or ("a" = 2 and "b" is null))`,
    )
    expect(buildDelete({ table, matchAny: [] })).toBe('delete from "public"."todos" where false')
  })

  it('refuses an empty match among several, which would match every row', () => {
    expect(() => buildDelete({ table, matchAny: [{ id: 1 }, {}] })).toThrow(
      new SqlInputError('each match of matchAny needs at least one column'),
    )
  })

  it('rejects an empty returning list', () => {
    expect(() => buildDelete({ table, match: { id: 1 }, returning: [] })).toThrow(
      new SqlInputError('returning needs at least one column'),
    )
  })
})

describe('buildTruncate', () => {
  it('truncates, optionally restarting identities and cascading', () => {
    expect(buildTruncate({ table })).toBe('truncate table "public"."todos"')
    expect(buildTruncate({ table, cascade: true })).toBe('truncate table "public"."todos" cascade')
    expect(buildTruncate({ table, restartIdentity: true })).toBe('truncate table "public"."todos" restart identity')
    expect(buildTruncate({ table: weird, restartIdentity: true, cascade: true })).toBe(
      `truncate table "my ""schema"""."it's $$ todo" restart identity cascade`,
    )
  })
})

describe('identifiers in statements', () => {
  it('reject long names instead of letting Postgres truncate them', () => {
    const long = 'x'.repeat(64)
    expect(() => buildSelect({ table: { schema: 'public', name: long } })).toThrow('is 64 bytes long')
    expect(() => buildSelect({ table, sorts: [{ column: long, ascending: true }] })).toThrow(SqlInputError)
    expect(() => buildDelete({ table, match: { [long]: 1 } })).toThrow(SqlInputError)
  })
})
