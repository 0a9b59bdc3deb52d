import { describe, expect, it } from 'vitest'
import { DDL_MESSAGES } from '@basalt/sql'
import { pgColumn, pgTable } from '../../../test/pg-meta-fixtures'
import {
  columnFormOf,
  defaultValueForForm,
  emptyColumnForm,
  identityAllowed,
  reviewSql,
  startingColumns,
  toCreateColumnPayload,
  toCreateTablePayload,
  toUpdateColumnPayload,
  updateColumnSql,
  validateColumnForm,
  validateTableForm,
} from './column-form'

describe('validation', () => {
  it("says the spec's messages for a missing name or type", () => {
    expect(validateColumnForm(emptyColumnForm())).toEqual({
      name: 'Please assign a name for your column',
      format: 'Please select a type for your column',
    })
    expect(validateColumnForm({ name: '  ', format: 'text' })).toEqual({ name: DDL_MESSAGES.columnNameRequired })
    expect(validateColumnForm({ name: 'a', format: 'text' })).toEqual({})
    const table = validateTableForm({ name: '', comment: '', rlsEnabled: true, columns: [emptyColumnForm()] })
    expect(table.name).toBe(DDL_MESSAGES.tableNameRequired)
    expect(table.columns[0]).toEqual({
      name: DDL_MESSAGES.columnNameRequired,
      format: DDL_MESSAGES.columnTypeRequired,
    })
  })

  it('offers identity only for integer types that are not arrays', () => {
    expect(identityAllowed({ format: 'int4', isArray: false })).toBe(true)
    expect(identityAllowed({ format: 'int4', isArray: true })).toBe(false)
    expect(identityAllowed({ format: 'text', isArray: false })).toBe(false)
  })
})

describe('create payloads', () => {
  it('trims the name, appends [] for arrays and picks the default format by the spec rule', () => {
    expect(
      toCreateColumnPayload({
        ...emptyColumnForm(),
        name: '  tags ',
        format: 'text',
        isArray: true,
        defaultValue: '["a"]',
        comment: 'Labels',
      }),
    ).toEqual({
      name: 'tags',
      type: 'text[]',
      comment: 'Labels',
      defaultValue: '["a"]',
      defaultValueFormat: 'literal',
      isIdentity: false,
      isNullable: true,
      isUnique: false,
      isPrimaryKey: false,
      check: null,
    })
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 'd', format: 'date', defaultValue: 'CURRENT_DATE' }),
    ).toMatchObject({ defaultValue: 'CURRENT_DATE', defaultValueFormat: 'expression' })
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 'u', format: 'uuid', defaultValue: 'gen_random_uuid()' }),
    ).toMatchObject({ defaultValueFormat: 'expression' })
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 'n', format: 'int4', defaultValue: '(1 + 1)' }),
    ).toMatchObject({ defaultValueFormat: 'expression' })
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 's', format: 'text', defaultValue: 'now() + 1' }),
    ).toMatchObject({ defaultValueFormat: 'literal' })
  })

  it('honours identity only for integers, and then sends no default', () => {
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 'id', format: 'int8', isIdentity: true, defaultValue: '1' }),
    ).toMatchObject({ isIdentity: true, defaultValue: null })
    expect(
      toCreateColumnPayload({ ...emptyColumnForm(), name: 'c', format: 'text', isIdentity: true, defaultValue: 'x' }),
    ).toMatchObject({ isIdentity: false, defaultValue: 'x' })
  })

  it('carries the foreign key with its actions', () => {
    const foreignKey = {
      schema: 'public',
      table: 'authors',
      column: 'id',
      deletionAction: 'cascade' as const,
      updateAction: 'set null' as const,
    }
    expect(toCreateColumnPayload({ ...emptyColumnForm(), name: 'a', format: 'int8', foreignKey })).toMatchObject({
      foreignKey,
    })
  })

  it('starts a new table with an identity primary key id and created_at now()', () => {
    expect(
      toCreateTablePayload('public', { name: ' todos ', comment: '', rlsEnabled: true, columns: startingColumns() }),
    ).toEqual({
      schema: 'public',
      name: 'todos',
      comment: null,
      rlsEnabled: true,
      columns: [
        {
          name: 'id',
          type: 'int8',
          comment: null,
          defaultValue: null,
          isIdentity: true,
          isNullable: false,
          isUnique: false,
          isPrimaryKey: true,
          check: null,
        },
        {
          name: 'created_at',
          type: 'timestamptz',
          comment: null,
          defaultValue: 'now()',
          defaultValueFormat: 'expression',
          isIdentity: false,
          isNullable: false,
          isUnique: false,
          isPrimaryKey: false,
          check: null,
        },
      ],
    })
  })
})

describe('existing columns', () => {
  const tags = pgColumn('tags', '_text', {
    data_type: 'ARRAY',
    ordinal_position: 4,
    table_id: 42,
    table: 'todos',
    default_value: "'{}'::text[]",
    comment: 'Labels',
  })
  const authorId = pgColumn('author_id', 'int8', { ordinal_position: 5, table_id: 42, table: 'todos' })
  const table = pgTable({
    columns: [...(pgTable().columns ?? []), tags, authorId],
    relationships: [
      {
        id: 7,
        constraint_name: 'todos_author_id_fkey',
        source_schema: 'public',
        source_table_name: 'todos',
        source_column_name: 'author_id',
        target_table_schema: 'public',
        target_table_name: 'authors',
        target_column_name: 'id',
        deletion_action: 'cascade',
        update_action: 'no action',
      },
    ],
  })

  it('opens the form as the catalog has the column, defaults as the user would type them', () => {
    expect(columnFormOf(tags, table)).toEqual({
      ...emptyColumnForm(),
      name: 'tags',
      format: 'text',
      isArray: true,
      defaultValue: '{}',
      comment: 'Labels',
    })
    expect(columnFormOf(authorId, table).foreignKey).toEqual({
      schema: 'public',
      table: 'authors',
      column: 'id',
      deletionAction: 'cascade',
      updateAction: 'no action',
    })
    const id = table.columns?.[0]
    if (!id) throw new Error('no id column')
    expect(columnFormOf(id, table).isPrimaryKey).toBe(true)
    expect(defaultValueForForm("'it''s'::text")).toBe("it's")
    expect(defaultValueForForm("nextval('todos_id_seq'::regclass)")).toBe("nextval('todos_id_seq'::regclass)")
    expect(defaultValueForForm(null)).toBe('')
  })

  it('sends only the changed fields, nothing for an untouched form', () => {
    expect(toUpdateColumnPayload(tags, table, columnFormOf(tags, table))).toEqual({})
    expect(toUpdateColumnPayload(authorId, table, columnFormOf(authorId, table))).toEqual({})
    expect(toUpdateColumnPayload(tags, table, { ...columnFormOf(tags, table), name: 'labels', comment: '' })).toEqual({
      name: 'labels',
      comment: null,
    })
    expect(toUpdateColumnPayload(tags, table, { ...columnFormOf(tags, table), defaultValue: '["a"]' })).toEqual({
      defaultValue: '["a"]',
      defaultValueFormat: 'literal',
    })
    expect(toUpdateColumnPayload(tags, table, { ...columnFormOf(tags, table), isArray: false })).toEqual({
      type: 'text',
    })
    expect(toUpdateColumnPayload(authorId, table, { ...columnFormOf(authorId, table), foreignKey: null })).toEqual({
      foreignKey: null,
    })
    expect(
      toUpdateColumnPayload(authorId, table, { ...columnFormOf(authorId, table), isIdentity: true, isNullable: false }),
    ).toEqual({ isIdentity: true, isNullable: false })
  })

  it('shows the SQL the server will run for the update', () => {
    expect(updateColumnSql(tags, { name: 'labels', defaultValue: '["a"]', defaultValueFormat: 'literal' })).toBe(
      'alter table "public"."todos" rename column "tags" to "labels";\n' +
        `alter table "public"."todos" alter column "labels" set default '{"a"}'`,
    )
    expect(reviewSql(() => updateColumnSql(tags, { name: '' }))).toEqual({
      ok: false,
      message: DDL_MESSAGES.columnNameRequired,
    })
  })
})
