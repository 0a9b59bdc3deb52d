import { describe, expect, it } from 'vitest'
import {
  buildAddColumn,
  buildCreateTable,
  buildDropColumn,
  buildDropTable,
  buildUpdateColumn,
  buildUpdateTable,
  canBeIdentity,
  columnTypeSql,
  DDL_MESSAGES,
  defaultValueFormatFor,
  defaultValueFormatOf,
  defaultValueSql,
  formatTypeName,
  parseColumnType,
} from './ddl.ts'
import { SqlInputError } from './quote.ts'

const table = { schema: 'public', name: 'todos' }

describe('column types', () => {
  it('writes built-in types bare and quotes user types exactly as named', () => {
    expect(columnTypeSql('int8')).toBe('int8')
    expect(columnTypeSql('varchar(20)')).toBe('varchar(20)')
    expect(columnTypeSql('numeric( 10 , 2 )')).toBe('numeric(10,2)')
    expect(columnTypeSql('double  precision')).toBe('double precision')
    expect(columnTypeSql('text[]')).toBe('text[]')
    expect(columnTypeSql('int4[][]')).toBe('int4[][]')
    expect(columnTypeSql('mood')).toBe('"mood"')
    expect(columnTypeSql('Mood')).toBe('"Mood"')
    expect(columnTypeSql('public.mood[]')).toBe('"public"."mood"[]')
    expect(columnTypeSql('"my schema"."My ""odd"" type"')).toBe('"my schema"."My ""odd"" type"')
    expect(columnTypeSql('"text"')).toBe('"text"')
  })

  it('refuses what is not a type name, and quotes what is not a built-in', () => {
    expect(() => columnTypeSql('')).toThrow(DDL_MESSAGES.columnTypeRequired)
    expect(columnTypeSql('int8; drop table x')).toBe('"int8; drop table x"')
    expect(() => columnTypeSql('text) ; select (1')).toThrow(SqlInputError)
    expect(() => columnTypeSql('"unterminated')).toThrow(SqlInputError)
  })

  it('parses the parts of a type, and formats names the parser reads back', () => {
    expect(parseColumnType('sales.mood[]')).toEqual({
      schema: 'sales',
      name: 'mood',
      modifiers: [],
      dimensions: 1,
      quoted: true,
    })
    expect(formatTypeName('public', 'mood')).toBe('public.mood')
    expect(formatTypeName('my schema', 'Mood.v2')).toBe('my schema."Mood.v2"')
    const odd = formatTypeName('s', 'a"b(c)')
    expect(parseColumnType(odd)).toMatchObject({ schema: 's', name: 'a"b(c)' })
  })

  it('honours identity only for integer types, not arrays', () => {
    for (const type of ['int2', 'int4', 'int8', 'bigint', 'integer', 'smallint']) expect(canBeIdentity(type)).toBe(true)
    for (const type of ['text', 'numeric', 'int8[]', 'uuid', 'public.int8', '']) expect(canBeIdentity(type)).toBe(false)
  })
})

describe('default values', () => {
  it('is an expression in parentheses, as CURRENT_DATE, or shaped as one function call (spec 2 §5)', () => {
    for (const value of [
      'now()',
      'gen_random_uuid()',
      'extensions.uuid_generate_v4()',
      "nextval('todos_id_seq'::regclass)",
      '(1 + 1)',
      "(now() + interval '1 day')",
      'CURRENT_DATE',
      'current_date',
      ' now() ',
    ]) {
      expect(defaultValueFormatOf(value), value).toBe('expression')
    }
    for (const value of [
      'draft',
      '12',
      'now() + 1',
      '(1) + (2)',
      'now',
      "lower('A') || upper('b')",
      'CURRENT_TIMESTAMP',
      '[1,2]',
      "f(')')x",
    ]) {
      expect(defaultValueFormatOf(value), value).toBe('literal')
    }
  })

  it('takes the format given, else reads it from the value', () => {
    expect(defaultValueFormatFor('now()', undefined)).toBe('expression')
    expect(defaultValueFormatFor('now()', 'literal')).toBe('literal')
    expect(defaultValueFormatFor('draft', undefined)).toBe('literal')
    expect(defaultValueFormatFor('1 + 1', 'expression')).toBe('expression')
  })

  it('writes expressions as SQL in parentheses and literals quoted; arrays turn [ ] into { }', () => {
    expect(defaultValueSql('now()', undefined, 'timestamptz')).toBe('(now())')
    expect(defaultValueSql(' 1 + 1 ', 'expression', 'int4')).toBe('(1 + 1)')
    expect(defaultValueSql("it's", undefined, 'text')).toBe("'it''s'")
    expect(defaultValueSql('now()', 'literal', 'text')).toBe("'now()'")
    expect(defaultValueSql('12', undefined, 'int4')).toBe("'12'")
    expect(defaultValueSql('[1, 2]', undefined, 'int4[]')).toBe("'{1, 2}'")
    expect(defaultValueSql('["a","b"]', 'literal', 'text[]')).toBe(`'{"a","b"}'`)
    expect(defaultValueSql('[1]', undefined, 'jsonb')).toBe("'[1]'")
  })

  it('ends the line before the closing parenthesis when an expression holds --', () => {
    expect(defaultValueSql('1 -- one', 'expression', 'int4')).toBe('(1 -- one\n)')
    expect(defaultValueSql("'a--b'", 'expression', 'text')).toBe("('a--b'\n)")
    expect(buildAddColumn({ table, column: { name: 'n', type: 'int4', check: 'n > 0 -- positive' } })).toBe(
      'alter table "public"."todos" add column "n" int4 check (n > 0 -- positive\n)',
    )
  })
})

describe('buildCreateTable', () => {
  it('creates the table the form starts with: identity primary key, created_at, comment, RLS', () => {
    expect(
      buildCreateTable({
        schema: 'public',
        name: 'todos',
        comment: "Things to do, Ada's",
        rlsEnabled: true,
        columns: [
          { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true, isNullable: false },
          { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', isNullable: false },
        ],
      }),
    ).toBe(
      [
        'create table "public"."todos" (',
        '  "id" int8 generated by default as identity primary key,',
        '  "created_at" timestamptz default (now()) not null',
        ');',
        `comment on table "public"."todos" is 'Things to do, Ada''s';`,
        'alter table "public"."todos" enable row level security',
      ].join('\n'),
    )
  })

  it('writes every column option, a composite primary key and column comments', () => {
    expect(
      buildCreateTable({
        schema: 'app',
        name: ' line items ',
        rlsEnabled: false,
        columns: [
          { name: 'order_id', type: 'int8', isPrimaryKey: true },
          { name: 'n', type: 'int4', isPrimaryKey: true, isIdentity: false },
          {
            name: 'sku',
            type: 'varchar(20)',
            isUnique: true,
            isNullable: false,
            check: "sku <> ''",
            comment: 'Stock unit',
          },
          { name: 'tags', type: 'text[]', defaultValue: '["a"]' },
          { name: 'status', type: 'public.mood', defaultValue: 'ok', defaultValueFormat: 'literal' },
          {
            name: 'author_id',
            type: 'int8',
            foreignKey: {
              schema: 'public',
              table: 'authors',
              column: 'id',
              deletionAction: 'cascade',
              updateAction: 'set null',
            },
          },
          { name: 'label', type: 'text', isIdentity: true, defaultValue: 'x' },
        ],
      }),
    ).toBe(
      [
        'create table "app"."line items" (',
        '  "order_id" int8,',
        '  "n" int4,',
        `  "sku" varchar(20) not null unique check (sku <> ''),`,
        `  "tags" text[] default '{"a"}',`,
        `  "status" "public"."mood" default 'ok',`,
        '  "author_id" int8 references "public"."authors" ("id") on delete cascade on update set null,',
        `  "label" text default 'x',`,
        '  primary key ("order_id", "n")',
        ');',
        `comment on column "app"."line items"."sku" is 'Stock unit'`,
      ].join('\n'),
    )
  })

  it('creates a table without columns, and refuses a column without a name or a type', () => {
    expect(buildCreateTable({ schema: 'public', name: 'empty', rlsEnabled: false, columns: [] })).toBe(
      'create table "public"."empty" ()',
    )
    const create = (column: { name: string; type: string }) => () =>
      buildCreateTable({ schema: 'public', name: 't', rlsEnabled: true, columns: [column] })
    expect(create({ name: ' ', type: 'text' })).toThrow(DDL_MESSAGES.columnNameRequired)
    expect(create({ name: 'a', type: '' })).toThrow(DDL_MESSAGES.columnTypeRequired)
    expect(() => buildCreateTable({ schema: 'public', name: '', rlsEnabled: true, columns: [] })).toThrow(
      DDL_MESSAGES.tableNameRequired,
    )
  })
})

describe('buildUpdateTable and buildDropTable', () => {
  it('comments and toggles RLS on the table as named, then renames, then moves it', () => {
    expect(
      buildUpdateTable({
        table,
        changes: { comment: 'Tasks', rlsEnabled: false, name: 'tasks', schema: 'app' },
      }),
    ).toBe(
      [
        `comment on table "public"."todos" is 'Tasks';`,
        'alter table "public"."todos" disable row level security;',
        'alter table "public"."todos" rename to "tasks";',
        'alter table "public"."tasks" set schema "app"',
      ].join('\n'),
    )
    expect(buildUpdateTable({ table, changes: { comment: '', rlsEnabled: true } })).toBe(
      'comment on table "public"."todos" is null;\nalter table "public"."todos" enable row level security',
    )
    expect(buildUpdateTable({ table, changes: { schema: 'app' } })).toBe(
      'alter table "public"."todos" set schema "app"',
    )
    expect(buildUpdateTable({ table, changes: { name: 'todos', schema: 'public' } })).toBe('')
    expect(() => buildUpdateTable({ table, changes: { name: ' ' } })).toThrow(DDL_MESSAGES.tableNameRequired)
  })

  it('drops a table, optionally with what depends on it', () => {
    expect(buildDropTable({ table })).toBe('drop table "public"."todos"')
    expect(buildDropTable({ table, cascade: true })).toBe('drop table "public"."todos" cascade')
  })
})

describe('buildAddColumn and buildDropColumn', () => {
  it('adds a column with its constraints, then its comment', () => {
    expect(
      buildAddColumn({
        table,
        column: {
          name: 'done',
          type: 'bool',
          defaultValue: 'false',
          isNullable: false,
          comment: 'Finished?',
          isPrimaryKey: false,
        },
      }),
    ).toBe(
      `alter table "public"."todos" add column "done" bool default 'false' not null;\n` +
        `comment on column "public"."todos"."done" is 'Finished?'`,
    )
    expect(buildAddColumn({ table, column: { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true } })).toBe(
      'alter table "public"."todos" add column "id" int8 generated by default as identity primary key',
    )
    expect(() => buildAddColumn({ table, column: { name: '', type: 'text' } })).toThrow(DDL_MESSAGES.columnNameRequired)
    expect(() => buildAddColumn({ table, column: { name: 'a', type: ' ' } })).toThrow(DDL_MESSAGES.columnTypeRequired)
  })

  it('drops a column, optionally with what depends on it', () => {
    expect(buildDropColumn({ table, column: 'done' })).toBe('alter table "public"."todos" drop column "done"')
    expect(buildDropColumn({ table, column: 'done', cascade: true })).toBe(
      'alter table "public"."todos" drop column "done" cascade',
    )
  })
})

const dropConstraints = (kind: string, condition: string) =>
  [
    'do $ddl$',
    'declare',
    '  constraint_name name;',
    'begin',
    '  for constraint_name in',
    `    select conname from pg_constraint where conrelid = '"public"."todos"'::regclass and contype = '${kind}' and ${condition}`,
    '  loop',
    `    execute format('alter table %s drop constraint %I', '"public"."todos"'::regclass, constraint_name);`,
    '  end loop;',
    'end',
    '$ddl$',
  ].join('\n')

describe('buildUpdateColumn', () => {
  const before = { name: 'title', ordinalPosition: 2, type: 'text', defaultValue: null }

  it('writes nothing for no changes, and renames first so later statements use the new name', () => {
    expect(buildUpdateColumn({ table, before, changes: {} })).toBe('')
    expect(buildUpdateColumn({ table, before, changes: { name: 'title' } })).toBe('')
    expect(buildUpdateColumn({ table, before, changes: { isNullable: false, name: ' headline ' } })).toBe(
      'alter table "public"."todos" rename column "title" to "headline";\n' +
        'alter table "public"."todos" alter column "headline" set not null',
    )
    expect(() => buildUpdateColumn({ table, before, changes: { name: '' } })).toThrow(DDL_MESSAGES.columnNameRequired)
    expect(() => buildUpdateColumn({ table, before, changes: { type: '' } })).toThrow(DDL_MESSAGES.columnTypeRequired)
  })

  it('changes the type with a cast, then the default for the new type', () => {
    expect(buildUpdateColumn({ table, before, changes: { type: 'int4[]', defaultValue: '[1]' } })).toBe(
      'alter table "public"."todos" alter column "title" set data type int4[] using "title"::int4[];\n' +
        `alter table "public"."todos" alter column "title" set default '{1}'`,
    )
    expect(buildUpdateColumn({ table, before, changes: { defaultValue: null } })).toBe(
      'alter table "public"."todos" alter column "title" drop default',
    )
    expect(
      buildUpdateColumn({ table, before, changes: { defaultValue: 'now()', defaultValueFormat: 'literal' } }),
    ).toBe(`alter table "public"."todos" alter column "title" set default 'now()'`)
    expect(buildUpdateColumn({ table, before, changes: { defaultValue: "upper('x')" } })).toBe(
      `alter table "public"."todos" alter column "title" set default (upper('x'))`,
    )
  })

  it('adds identity to integer columns only, dropping an old default first', () => {
    const counter = { name: 'n', ordinalPosition: 3, type: 'int8', defaultValue: '0' }
    expect(buildUpdateColumn({ table, before: counter, changes: { isIdentity: true } })).toBe(
      'alter table "public"."todos" alter column "n" drop default;\n' +
        'alter table "public"."todos" alter column "n" add generated by default as identity',
    )
    expect(buildUpdateColumn({ table, before, changes: { isIdentity: true } })).toBe('')
    expect(buildUpdateColumn({ table, before: counter, changes: { isIdentity: false } })).toBe(
      'alter table "public"."todos" alter column "n" drop identity if exists',
    )
  })

  it('adds constraints directly and drops them by the column position', () => {
    expect(buildUpdateColumn({ table, before, changes: { isUnique: true, isPrimaryKey: true } })).toBe(
      'alter table "public"."todos" add unique ("title");\nalter table "public"."todos" add primary key ("title")',
    )
    expect(buildUpdateColumn({ table, before, changes: { isUnique: false } })).toBe(
      dropConstraints('u', 'conkey = array[2]::int2[]'),
    )
    expect(buildUpdateColumn({ table, before, changes: { isPrimaryKey: false } })).toBe(
      dropConstraints('p', '2 = any(conkey)'),
    )
    expect(buildUpdateColumn({ table, before, changes: { check: 'length(title) < 100' } })).toBe(
      `${dropConstraints('c', 'conkey = array[2]::int2[]')};\n` +
        'alter table "public"."todos" add check (length(title) < 100)',
    )
    expect(buildUpdateColumn({ table, before, changes: { check: null } })).toBe(
      dropConstraints('c', 'conkey = array[2]::int2[]'),
    )
  })

  it('replaces the foreign key, and sets or removes the comment', () => {
    expect(
      buildUpdateColumn({
        table,
        before,
        changes: { foreignKey: { schema: 'public', table: 'titles', column: 'name', deletionAction: 'restrict' } },
      }),
    ).toBe(
      `${dropConstraints('f', 'conkey = array[2]::int2[]')};\n` +
        'alter table "public"."todos" add foreign key ("title") references "public"."titles" ("name") on delete restrict',
    )
    expect(buildUpdateColumn({ table, before, changes: { foreignKey: null } })).toBe(
      dropConstraints('f', 'conkey = array[2]::int2[]'),
    )
    expect(buildUpdateColumn({ table, before, changes: { comment: 'Shown first' } })).toBe(
      `comment on column "public"."todos"."title" is 'Shown first'`,
    )
    expect(buildUpdateColumn({ table, before, changes: { comment: null } })).toBe(
      'comment on column "public"."todos"."title" is null',
    )
  })

  it('picks a dollar-quote tag the names do not contain', () => {
    const odd = { schema: 'public', name: 'a$ddl$b' }
    const sql = buildUpdateColumn({ table: odd, before, changes: { isUnique: false } })
    expect(sql.startsWith('do $ddl1$\n')).toBe(true)
    expect(sql.endsWith('\n$ddl1$')).toBe(true)
  })
})
