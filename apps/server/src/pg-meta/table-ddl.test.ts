import type { CreateColumnPayload, PgColumn, PgTable, Result, UpdateColumnPayload } from '@basalt/contracts'
import { buildAddColumn, DDL_MESSAGES } from '@basalt/sql'
import pg from 'pg'
import { withRole } from '../db/impersonation.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTable } from './tables.ts'
import { addColumn, createTable, deleteColumn, deleteTable, updateColumn, updateTable } from './table-ddl.ts'
import { EXPRESSION_MESSAGES } from './expression.ts'
import { createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'

const FIXTURE = `
create type public.mood as enum ('sad', 'ok', 'happy');
create table public.authors (id bigint generated always as identity primary key, name text not null);
insert into public.authors (name) values ('Ada'), ('Grace');
create schema app;
`

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase('ddl', FIXTURE)
})
afterAll(async () => {
  await db.drop()
})

/** Runs a change the way the routes do: one transaction, rolled back on failure. */
const change = <T>(fn: (client: pg.ClientBase) => Promise<Result<T>>) => withRole(db.pool, undefined, (c) => fn(c))

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.data
}

const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
  (await db.pool.query<R>(sql, values)).rows

const table = async (name: string) => data(await db.run(async (c) => getTable(c, await oidOf(c, name))))
const column = (t: PgTable, name: string): PgColumn => {
  const found = t.columns?.find((c) => c.name === name)
  if (!found) throw new Error(`no column ${name} in ${t.name}`)
  return found
}
const exists = async (name: string) => (await query<{ t: string | null }>('select to_regclass($1) as t', [name]))[0]?.t

/** What a user sees of a table in the editor: everything but sizes and estimates. */
const shape = async (name: string) => {
  const t = await table(name)
  return {
    name: t.name,
    schema: t.schema,
    comment: t.comment,
    rls_enabled: t.rls_enabled,
    primary_keys: t.primary_keys,
    relationships: t.relationships,
    columns: t.columns,
  }
}

const STARTING_COLUMNS: CreateColumnPayload[] = [
  { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
  { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', isNullable: false },
]

describe('createTable', () => {
  it('creates the table the form starts with: identity key, created_at now(), comment and RLS', async () => {
    const created = data(
      await change((c) =>
        createTable(c, {
          schema: 'public',
          name: 'todos',
          comment: 'Things to do',
          rlsEnabled: true,
          columns: STARTING_COLUMNS,
        }),
      ),
    )
    expect(created).toMatchObject({
      schema: 'public',
      name: 'todos',
      comment: 'Things to do',
      rls_enabled: true,
      primary_keys: [{ name: 'id' }],
    })
    expect(column(created, 'id')).toMatchObject({
      format: 'int8',
      is_identity: true,
      identity_generation: 'BY DEFAULT',
    })
    expect(column(created, 'created_at')).toMatchObject({
      format: 'timestamptz',
      default_value: 'now()',
      is_nullable: false,
    })
    await db.exec('insert into public.todos default values; insert into public.todos default values')
    const rows = await query<{ id: string; has_time: boolean }>(
      'select id, created_at is not null as has_time from public.todos order by id',
    )
    expect(rows).toEqual([
      { id: '1', has_time: true },
      { id: '2', has_time: true },
    ])
  })

  it('creates every column option the form offers', async () => {
    const created = data(
      await change((c) =>
        createTable(c, {
          schema: 'app',
          name: 'line items',
          rlsEnabled: false,
          columns: [
            { name: 'order_id', type: 'int8', isPrimaryKey: true },
            { name: 'n', type: 'int4', isPrimaryKey: true },
            {
              name: 'sku',
              type: 'varchar(20)',
              isUnique: true,
              isNullable: false,
              check: "sku <> ''",
              comment: 'Unit',
            },
            { name: 'tags', type: 'text[]', defaultValue: '["a", "b"]' },
            { name: 'mood', type: 'public.mood', defaultValue: 'ok' },
            { name: 'label', type: 'text', isIdentity: true, defaultValue: 'none' },
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
          ],
        }),
      ),
    )
    expect(created.primary_keys).toEqual([{ name: 'order_id' }, { name: 'n' }])
    expect(created.rls_enabled).toBe(false)
    expect(column(created, 'sku')).toMatchObject({
      is_unique: true,
      is_nullable: false,
      check: "sku::text <> ''::text",
      comment: 'Unit',
    })
    expect(column(created, 'tags')).toMatchObject({ data_type: 'ARRAY', default_value: `'{a,b}'::text[]` })
    expect(column(created, 'mood')).toMatchObject({ default_value: "'ok'::mood", enums: ['sad', 'ok', 'happy'] })
    // Identity is only honoured for integer types: a text column keeps its default instead.
    expect(column(created, 'label')).toMatchObject({ is_identity: false, default_value: "'none'::text" })
    expect(created.relationships).toEqual([
      expect.objectContaining({
        source_column_name: 'author_id',
        target_table_schema: 'public',
        target_table_name: 'authors',
        target_column_name: 'id',
        deletion_action: 'cascade',
        update_action: 'set null',
      }),
    ])
  })

  it('creates nothing when any part fails', async () => {
    const failed = await change((c) =>
      createTable(c, {
        schema: 'public',
        name: 'half_made',
        comment: 'never',
        rlsEnabled: true,
        columns: [
          ...STARTING_COLUMNS,
          {
            name: 'owner',
            type: 'int8',
            foreignKey: {
              schema: 'public',
              table: 'nope',
              column: 'id',
              deletionAction: 'no action',
              updateAction: 'no action',
            },
          },
        ],
      }),
    )
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'relation "public.nope" does not exist' },
    })
    expect(await exists('public.half_made')).toBeNull()

    const unnamed = await change((c) =>
      createTable(c, { schema: 'public', name: 'unnamed', rlsEnabled: true, columns: [{ name: '', type: 'text' }] }),
    )
    expect(unnamed).toEqual({ ok: false, error: { code: 'bad_request', message: DDL_MESSAGES.columnNameRequired } })
    const untyped = await change((c) =>
      createTable(c, { schema: 'public', name: 'untyped', rlsEnabled: true, columns: [{ name: 'a', type: '' }] }),
    )
    expect(untyped).toEqual({ ok: false, error: { code: 'bad_request', message: DDL_MESSAGES.columnTypeRequired } })
  })

  it('refuses protected schemas', async () => {
    const refused = await change((c) =>
      createTable(c, { schema: 'auth', name: 'mine', rlsEnabled: true, columns: STARTING_COLUMNS }),
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    expect(await exists('auth.mine')).toBeNull()
  })
})

describe('updateTable and deleteTable', () => {
  it('renames, moves, comments and toggles RLS; the id stays', async () => {
    await db.exec('create table public.notes (id int primary key)')
    const id = (await table('public.notes')).id
    const updated = data(
      await change((c) =>
        updateTable(c, id, { name: 'memos', schema: 'app', comment: 'Short notes', rls_enabled: true }),
      ),
    )
    expect(updated).toMatchObject({ id, schema: 'app', name: 'memos', comment: 'Short notes', rls_enabled: true })
    const cleared = data(await change((c) => updateTable(c, id, { comment: '', rls_enabled: false })))
    expect(cleared).toMatchObject({ comment: null, rls_enabled: false })
  })

  it('leaves the table exactly as before when one change fails', async () => {
    await db.exec('create table public.drafts (id int); create table public.taken (id int)')
    const before = await shape('public.drafts')
    const failed = await change(async (c) =>
      updateTable(c, await oidOf(c, 'public.drafts'), { comment: 'first', rls_enabled: true, name: 'taken' }),
    )
    expect(failed).toMatchObject({ ok: false, error: { code: 'pg_error', message: 'relation "taken" already exists' } })
    expect(await shape('public.drafts')).toEqual(before)
  })

  it('drops a table only with cascade when a view depends on it, and answers it as it was', async () => {
    await db.exec('create table public.old (id int); create view public.old_ids as select id from public.old')
    const id = (await table('public.old')).id
    const refused = await change((c) => deleteTable(c, id, false))
    expect(refused).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '2BP01' } } })
    expect(await exists('public.old')).toBe('old')
    const dropped = data(await change((c) => deleteTable(c, id, true)))
    expect(dropped).toMatchObject({ id, name: 'old', schema: 'public' })
    expect(await exists('public.old')).toBeNull()
    expect(await exists('public.old_ids')).toBeNull()
    expect(await change((c) => deleteTable(c, id, false))).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

describe('addColumn', () => {
  it('adds columns with every option; identity only on integers', async () => {
    await db.exec('create table public.posts (id int primary key); insert into public.posts values (1), (2)')
    const tableId = (await table('public.posts')).id
    const add = (payload: CreateColumnPayload) => change((c) => addColumn(c, { tableId, ...payload }))

    expect(data(await add({ name: 'seq', type: 'int8', isIdentity: true }))).toMatchObject({
      name: 'seq',
      is_identity: true,
      identity_generation: 'BY DEFAULT',
    })
    expect(data(await add({ name: 'code', type: 'text', isIdentity: true }))).toMatchObject({
      is_identity: false,
      default_value: null,
    })
    expect(
      data(await add({ name: 'title', type: 'text', defaultValue: 'untitled', isNullable: false, comment: 'Shown' })),
    ).toMatchObject({ default_value: "'untitled'::text", is_nullable: false, comment: 'Shown' })
    expect(
      data(await add({ name: 'uid', type: 'uuid', defaultValue: 'gen_random_uuid()', isUnique: true })),
    ).toMatchObject({ default_value: 'gen_random_uuid()', is_unique: true })
    expect(data(await add({ name: 'scores', type: 'int4[]', defaultValue: '[1,2]' }))).toMatchObject({
      format: '_int4',
      default_value: "'{1,2}'::integer[]",
    })
    expect(data(await add({ name: 'day', type: 'date', defaultValue: 'CURRENT_DATE' }))).toMatchObject({
      default_value: 'CURRENT_DATE',
    })
    expect(data(await add({ name: 'stars', type: 'int2', check: 'stars between 0 and 5' }))).toMatchObject({
      check: 'stars >= 0 AND stars <= 5',
    })
    data(
      await add({
        name: 'author_id',
        type: 'int8',
        foreignKey: {
          schema: 'public',
          table: 'authors',
          column: 'id',
          deletionAction: 'set null',
          updateAction: 'restrict',
        },
      }),
    )
    expect((await table('public.posts')).relationships).toEqual([
      expect.objectContaining({
        source_column_name: 'author_id',
        deletion_action: 'set null',
        update_action: 'restrict',
      }),
    ])
    const rows = await query<{ title: string; scores: number[] }>('select title, scores from public.posts order by id')
    expect(rows).toEqual([
      { title: 'untitled', scores: [1, 2] },
      { title: 'untitled', scores: [1, 2] },
    ])
  })

  it('adds nothing when the column cannot be added', async () => {
    await db.exec('create table public.pairs (k int); insert into public.pairs values (1), (1)')
    const before = await shape('public.pairs')
    const failed = await change(async (c) =>
      addColumn(c, {
        tableId: await oidOf(c, 'public.pairs'),
        name: 'v',
        type: 'int4',
        defaultValue: '1',
        isUnique: true,
        comment: 'x',
      }),
    )
    expect(failed).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '23505' } } })
    expect(await shape('public.pairs')).toEqual(before)
  })
})

describe('updateColumn', () => {
  const idOf = async (qualifiedTable: string, name: string) => column(await table(qualifiedTable), name).id

  it('changes name, type, default, nullability, unique, check, foreign key and comment together', async () => {
    await db.exec(
      "create table public.books (id int primary key, ref text); insert into public.books values (1, '1'), (2, '2')",
    )
    const id = await idOf('public.books', 'ref')
    const updated = data(
      await change((c) =>
        updateColumn(c, id, {
          name: 'author_id',
          type: 'int8',
          defaultValue: '1',
          isNullable: false,
          isUnique: true,
          check: 'author_id > 0',
          comment: 'Who wrote it',
          foreignKey: {
            schema: 'public',
            table: 'authors',
            column: 'id',
            deletionAction: 'cascade',
            updateAction: 'no action',
          },
        }),
      ),
    )
    expect(updated).toMatchObject({
      id,
      name: 'author_id',
      format: 'int8',
      default_value: "'1'::bigint",
      is_nullable: false,
      is_unique: true,
      check: 'author_id > 0',
      comment: 'Who wrote it',
    })
    expect((await table('public.books')).relationships).toEqual([
      expect.objectContaining({ source_column_name: 'author_id', deletion_action: 'cascade' }),
    ])

    const cleared = data(
      await change((c) =>
        updateColumn(c, id, {
          defaultValue: null,
          isNullable: true,
          isUnique: false,
          check: null,
          comment: null,
          foreignKey: null,
        }),
      ),
    )
    expect(cleared).toMatchObject({
      default_value: null,
      is_nullable: true,
      is_unique: false,
      check: null,
      comment: null,
    })
    expect((await table('public.books')).relationships).toEqual([])
  })

  it('alters nothing for fields sent as they already are', async () => {
    await db.exec("create table public.quiet (id int primary key, body text default 'x' not null)")
    const t = await table('public.quiet')
    const body = column(t, 'body')
    const fileBefore = await query("select relfilenode from pg_class where oid = 'public.quiet'::regclass")
    const same = data(
      await change((c) =>
        updateColumn(c, body.id, {
          name: 'body',
          type: 'text',
          defaultValue: "'x'::text",
          isNullable: false,
          isUnique: false,
          isPrimaryKey: false,
          isIdentity: false,
          check: null,
          comment: '',
        }),
      ),
    )
    expect(same).toEqual(body)
    // A type change would have rewritten the table into a new file.
    expect(await query("select relfilenode from pg_class where oid = 'public.quiet'::regclass")).toEqual(fileBefore)
  })

  it('makes an integer column an identity (dropping its default) and back, and moves the primary key', async () => {
    await db.exec('create table public.counters (n int8 default 0 not null, label text unique)')
    const n = await idOf('public.counters', 'n')
    expect(data(await change((c) => updateColumn(c, n, { isIdentity: true, isPrimaryKey: true })))).toMatchObject({
      is_identity: true,
      default_value: null,
    })
    expect((await table('public.counters')).primary_keys).toEqual([{ name: 'n' }])
    expect(data(await change((c) => updateColumn(c, n, { isIdentity: false, isPrimaryKey: false })))).toMatchObject({
      is_identity: false,
    })
    expect((await table('public.counters')).primary_keys).toEqual([])
    const label = await idOf('public.counters', 'label')
    expect(data(await change((c) => updateColumn(c, label, { isUnique: false })))).toMatchObject({ is_unique: false })
  })

  it('leaves the column exactly as before when a check fails on existing rows', async () => {
    await db.exec(
      'create table public.prices (id int primary key, amount int); insert into public.prices values (1, -5)',
    )
    const before = await shape('public.prices')
    const failed = await change(async (c) =>
      updateColumn(c, await idOf('public.prices', 'amount'), {
        comment: 'In cents',
        name: 'cents',
        check: 'cents >= 0',
      }),
    )
    expect(failed).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '23514' } } })
    expect(await shape('public.prices')).toEqual(before)
  })

  it('leaves the table exactly as before when a primary key is added over duplicates', async () => {
    await db.exec('create table public.dupes (k int, v text); insert into public.dupes values (1, null), (1, null)')
    const before = await shape('public.dupes')
    const failed = await change(async (c) =>
      updateColumn(c, await idOf('public.dupes', 'k'), { isNullable: false, isPrimaryKey: true }),
    )
    expect(failed).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '23505' } } })
    expect(await shape('public.dupes')).toEqual(before)
  })

  it('answers not_found for a column that does not exist', async () => {
    const t = await table('public.authors')
    expect(await change((c) => updateColumn(c, `${t.id}.99`, { name: 'x' }))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
  })
})

describe('deleteColumn', () => {
  it('drops a column only with cascade when a view uses it, and answers it as it was', async () => {
    await db.exec(
      'create table public.tmp (id int, extra text); create view public.tmp_extra as select extra from public.tmp',
    )
    const extra = column(await table('public.tmp'), 'extra')
    const refused = await change((c) => deleteColumn(c, extra.id, false))
    expect(refused).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '2BP01' } } })
    expect((await table('public.tmp')).columns?.map((c) => c.name)).toEqual(['id', 'extra'])
    expect(data(await change((c) => deleteColumn(c, extra.id, true)))).toEqual(extra)
    expect((await table('public.tmp')).columns?.map((c) => c.name)).toEqual(['id'])
    expect(await exists('public.tmp_extra')).toBeNull()
  })
})

describe('one expression means one expression', () => {
  // Both ran as three statements on the admin connection before defaults and checks were parsed.
  const DEFAULT_ATTACK = "0; create table public.rce(line text); copy public.rce from program 'id'; --"
  const CHECK_ATTACK = 'true); create table public.x(); --'
  // The same, closing and reopening the parentheses the DDL puts around an expression.
  const DEFAULT_IN_PARENS = '0); create table public.rce(line text); select (1'
  const CHECK_IN_PARENS = 'true); create table public.x(); select (true'
  /** The tables the attacks would create: none may exist after any of them. */
  const planted = async () => ({ rce: await exists('public.rce'), x: await exists('public.x') })
  const nothingPlanted = { rce: null, x: null }

  let targetId: number
  let amountId: string
  beforeAll(async () => {
    await db.exec('create table public.target (id int primary key, amount int)')
    const target = await table('public.target')
    targetId = target.id
    amountId = column(target, 'amount').id
  })

  const refusal = (message: string) => ({ ok: false, error: expect.objectContaining({ code: 'bad_request', message }) })
  const DEFAULT_REFUSED = refusal('syntax error at or near ";"')
  const CHECK_REFUSED = refusal('syntax error at or near ")"')
  const DEFAULT_NOT_SINGLE = refusal(EXPRESSION_MESSAGES.default.notSingle)
  const CHECK_NOT_SINGLE = refusal(EXPRESSION_MESSAGES.check.notSingle)

  it('refuses the attacks as a new table’s default or check, and creates nothing', async () => {
    const attempts: [CreateColumnPayload, unknown][] = [
      [{ name: 'n', type: 'int4', defaultValue: DEFAULT_ATTACK, defaultValueFormat: 'expression' }, DEFAULT_REFUSED],
      [{ name: 'n', type: 'int4', check: CHECK_ATTACK }, CHECK_REFUSED],
      [
        { name: 'n', type: 'int4', defaultValue: DEFAULT_IN_PARENS, defaultValueFormat: 'expression' },
        DEFAULT_NOT_SINGLE,
      ],
      [{ name: 'n', type: 'int4', check: CHECK_IN_PARENS }, CHECK_NOT_SINGLE],
      [{ name: 'n', type: 'int4', check: '1) + (2' }, CHECK_NOT_SINGLE],
      [{ name: 'n', type: 'int4', defaultValue: '1, 2', defaultValueFormat: 'expression' }, DEFAULT_NOT_SINGLE],
    ]
    for (const [bad, refused] of attempts) {
      const created = await change((c) =>
        createTable(c, { schema: 'public', name: 'victim', rlsEnabled: false, columns: [...STARTING_COLUMNS, bad] }),
      )
      expect(created).toEqual(refused)
    }
    expect(await exists('public.victim')).toBeNull()
    expect(await planted()).toEqual(nothingPlanted)
  })

  it('refuses the attacks as an added column’s default or check, and adds nothing', async () => {
    const before = await shape('public.target')
    const attempts: [CreateColumnPayload, unknown][] = [
      [{ name: 'n', type: 'int4', defaultValue: DEFAULT_ATTACK, defaultValueFormat: 'expression' }, DEFAULT_REFUSED],
      [{ name: 'n', type: 'int4', check: CHECK_ATTACK }, CHECK_REFUSED],
      [
        { name: 'n', type: 'int4', defaultValue: DEFAULT_IN_PARENS, defaultValueFormat: 'expression' },
        DEFAULT_NOT_SINGLE,
      ],
      [{ name: 'n', type: 'int4', check: CHECK_IN_PARENS }, CHECK_NOT_SINGLE],
      [
        { name: 'n', type: 'int4', defaultValue: 'now() -- when', defaultValueFormat: 'expression' },
        refusal(EXPRESSION_MESSAGES.default.comment),
      ],
    ]
    for (const [bad, refused] of attempts) {
      expect(await change((c) => addColumn(c, { tableId: targetId, ...bad }))).toEqual(refused)
    }
    expect(await shape('public.target')).toEqual(before)
    expect(await planted()).toEqual(nothingPlanted)
  })

  it('refuses the attacks as a changed default or check, and changes nothing', async () => {
    const before = await shape('public.target')
    const attempts: [UpdateColumnPayload, unknown][] = [
      [{ name: 'total', defaultValue: DEFAULT_ATTACK, defaultValueFormat: 'expression' }, DEFAULT_REFUSED],
      [{ name: 'total', check: CHECK_ATTACK }, CHECK_REFUSED],
      [{ defaultValue: DEFAULT_IN_PARENS, defaultValueFormat: 'expression' }, DEFAULT_NOT_SINGLE],
      [{ check: CHECK_IN_PARENS }, CHECK_NOT_SINGLE],
      [{ check: 'true from pg_sleep(1)' }, refusal('syntax error at or near "from"')],
    ]
    for (const [bad, refused] of attempts) {
      expect(await change((c) => updateColumn(c, amountId, bad))).toEqual(refused)
    }
    expect(await shape('public.target')).toEqual(before)
    expect(await planted()).toEqual(nothingPlanted)
  })

  it('writes a default with the attack’s shape but no format as the literal it reads as', async () => {
    const added = data(
      await change((c) =>
        addColumn(c, { tableId: targetId, name: 'note', type: 'text', defaultValue: DEFAULT_ATTACK }),
      ),
    )
    expect(added.default_value).toBe(`'${DEFAULT_ATTACK.replaceAll("'", "''")}'::text`)
    expect(await planted()).toEqual(nothingPlanted)
    data(await change((c) => deleteColumn(c, added.id, false)))
  })

  it('keeps checked expressions whole in the DDL: a -- inside a string, a multi-line check', async () => {
    const added = data(
      await change((c) =>
        addColumn(c, {
          tableId: targetId,
          name: 'label',
          type: 'text',
          defaultValue: "'a--b'",
          defaultValueFormat: 'expression',
          isNullable: false,
          check: "label <> ''\n  and length(label) < 10",
        }),
      ),
    )
    expect(added).toMatchObject({
      default_value: "'a--b'::text",
      is_nullable: false,
      check: "label <> ''::text AND length(label) < 10",
    })
    data(await change((c) => deleteColumn(c, added.id, false)))
  })

  it('quotes a type, a comment and a foreign key, so the attacks there are names or text', async () => {
    const before = await shape('public.target')
    // A type is a name, modifiers and []: anything else is refused, and a name is quoted unless built in.
    const typed = await change((c) =>
      addColumn(c, { tableId: targetId, name: 'n', type: 'int4; create table public.rce(line text); --' }),
    )
    expect(typed).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Invalid type "int4; create table public.rce(line text); --"' },
    })
    const named = await change((c) => addColumn(c, { tableId: targetId, name: 'n', type: 'int4; drop table target' }))
    expect(named).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'type "int4; drop table target" does not exist' },
    })
    const retyped = await change((c) =>
      updateColumn(c, amountId, { type: 'int4 using 1; drop table public.target; --' }),
    )
    expect(retyped).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'schema "int4 using 1; drop table public" does not exist' },
    })
    const referenced = await change((c) =>
      addColumn(c, {
        tableId: targetId,
        name: 'n',
        type: 'int4',
        foreignKey: {
          schema: 'public',
          table: 'authors" (id); create table public.rce(line text); --',
          column: 'id',
          deletionAction: 'no action',
          updateAction: 'no action',
        },
      }),
    )
    expect(referenced).toMatchObject({ ok: false, error: { code: 'pg_error', pg: { code: '42P01' } } })
    expect(await shape('public.target')).toEqual(before)

    const attack = "'; create table public.rce(line text); --"
    const commented = data(await change((c) => updateColumn(c, amountId, { comment: attack })))
    expect(commented.comment).toBe(attack)
    const tableCommented = data(await change((c) => updateTable(c, targetId, { comment: `\\${attack}` })))
    expect(tableCommented.comment).toBe(`\\${attack}`)
    expect(await planted()).toEqual(nothingPlanted)
  })

  it('reads strings as the check did even where standard_conforming_strings is off', async () => {
    // With it off, `'\'` does not end at its second quote: this one expression would run as three statements.
    const attack = "'\\' || '); create table public.x(); select (1 --'"
    const offPool = new pg.Pool({ connectionString: db.url, max: 1, options: '-c standard_conforming_strings=off' })
    const column = {
      name: 'quoted',
      type: 'text',
      defaultValue: attack,
      defaultValueFormat: 'expression',
    } satisfies CreateColumnPayload
    try {
      // What the attack counts on: the built DDL, run as it is with the setting off, plants public.x.
      const client = await offPool.connect()
      try {
        await client.query('begin')
        await client.query(buildAddColumn({ table: { schema: 'public', name: 'target' }, column }))
        expect((await client.query("select to_regclass('public.x')::text as x")).rows).toEqual([{ x: 'x' }])
      } finally {
        await client.query('rollback')
        client.release()
      }
      expect(await planted()).toEqual(nothingPlanted)

      const added = data(await withRole(offPool, undefined, (c) => addColumn(c, { tableId: targetId, ...column })))
      expect(added.default_value).toBe(`('\\'::text || '); create table public.x(); select (1 --'::text)`)
      expect(await planted()).toEqual(nothingPlanted)
      data(await change((c) => deleteColumn(c, added.id, false)))
    } finally {
      await offPool.end()
    }
  })
})
