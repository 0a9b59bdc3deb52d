import type { PgFunction, PgFunctionArg, TableColumnsListing } from '@basalt/contracts'
import { DEFAULT_SEARCH_PATH, type SqlCatalog } from '../sql-catalog'

/** A small catalog for the intellisense tests: two schemas, a table with a name that needs quotes, functions. */

const relation = (
  schemaname: string,
  tablename: string,
  columns: [string, string][],
  type: TableColumnsListing['type'] = 'table',
): TableColumnsListing => ({
  schemaname,
  tablename,
  quoted_name: `${schemaname}.${tablename}`,
  is_table: type === 'table',
  type,
  columns: columns.map(([attname, data_type], i) => ({ attname, data_type, attnum: i + 1 })),
})

const arg = (name: string, type: string, extra: Partial<PgFunctionArg> = {}): PgFunctionArg => ({
  mode: 'in',
  name,
  type,
  default: null,
  ...extra,
})

let nextId = 1
const fn = (
  schema: string,
  name: string,
  args: PgFunctionArg[],
  result: string,
  extra: Partial<PgFunction> = {},
): PgFunction => ({
  id: nextId++,
  schema,
  name,
  description: null,
  result_type: result,
  argument_types: args.map((a) => `${a.name} ${a.type}`.trim()).join(', '),
  type: 'normal',
  returns_set: false,
  args,
  ...extra,
})

export const sampleCatalog: SqlCatalog = {
  searchPath: DEFAULT_SEARCH_PATH,
  keywords: [
    { word: 'select', category: 'reserved' },
    { word: 'from', category: 'reserved' },
    { word: 'where', category: 'reserved' },
    { word: 'order', category: 'reserved' },
    { word: 'user', category: 'reserved' },
    { word: 'join', category: 'type_func_name' },
    { word: 'name', category: 'unreserved' },
  ],
  relations: [
    relation('public', 'todos', [
      ['id', 'bigint'],
      ['title', 'text'],
      ['Done At', 'timestamp with time zone'],
      ['user', 'uuid'],
    ]),
    relation('public', 'Order Lines', [
      ['id', 'bigint'],
      ['qty', 'integer'],
    ]),
    relation('public', 'open_todos', [['id', 'bigint']], 'view'),
    relation('auth', 'users', [
      ['id', 'uuid'],
      ['email', 'text'],
    ]),
  ],
  functions: [
    fn('public', 'add_todo', [arg('title', 'text'), arg('done', 'boolean', { default: 'false' })], 'bigint', {
      description: 'Adds a todo',
    }),
    fn('auth', 'uid', [], 'uuid'),
    fn('pg_catalog', 'now', [], 'timestamp with time zone'),
    fn('pg_catalog', 'left', [arg('', 'text'), arg('', 'integer')], 'text'),
    fn('pg_catalog', 'concat_ws', [arg('', 'text'), arg('', '"any"', { mode: 'variadic' })], 'text'),
    fn('pg_catalog', 'round', [arg('', 'numeric')], 'numeric'),
    fn('pg_catalog', 'round', [arg('', 'numeric'), arg('', 'integer')], 'numeric'),
    fn('pg_catalog', 'generate_series', [arg('start', 'integer'), arg('stop', 'integer')], 'SETOF integer', {
      returns_set: true,
    }),
    fn('public', 'touch', [], 'trigger', { type: 'trigger' }),
  ],
}
