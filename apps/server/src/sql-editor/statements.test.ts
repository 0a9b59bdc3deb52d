import { describe, expect, it } from 'vitest'
import type { DestructiveOperation } from '@basalt/contracts'
import { splitStatements, type SqlStatement } from './statements.ts'

type Op = DestructiveOperation['operation']

/**
 * The corpus: each entry is one statement as written and the destructive operations the parser must find
 * in it (none for most). They are joined into one text with varied separators, blanks and comments, which
 * must split back into exactly these statements, in order.
 */
const CORPUS: [sql: string, ops?: Op[]][] = [
  // Plain reads, with semicolons and keywords where no parser should cut or flag.
  ['select 1'],
  ["select 'a;b' as semi, 'drop table x' as text"],
  ['select "we;ird" from "odd;table"'],
  ['select "delete" from public."truncate"'],
  ["select E'it\\'s; fine'"],
  ['select $$dollar; quoted$$'],
  ['select $tag$ inner $$ still; quoted $tag$'],
  ["select U&'d\\0061t\\+000061' as unicode"],
  ['select /* a comment; with drop table t */ 2'],
  ['select 3 -- trailing; comment\n + 4'],
  ["select 'é; ü; 😀' as multibyte"],
  ['select * from generate_series(1, 10) g(n) where n % 2 = 0 order by n desc limit 3 offset 1'],
  ['values (1, 2), (3, 4)'],
  ['table pg_catalog.pg_am'],
  ['select count(*) filter (where true) over () from pg_class'],
  ['select (array[1,2,3])[1:2], (row(1, 2)).f1'],
  ['select \'{"a": "b;c"}\'::jsonb -> \'a\''],
  ['select x from (select 1 as x union all select 2) s'],
  ['select exists (select 1 from pg_roles where rolname = current_user)'],
  ["select format('%I.%I', 'public', 'my;table')"],
  // CTEs, with and without data-modifying parts.
  ['with recursive t(n) as (values (1) union all select n + 1 from t where n < 5) select sum(n) from t'],
  ['with d as (delete from public.logs returning *) select count(*) from d', ['delete']],
  ['with d as (delete from public.logs where at < now() returning *) select count(*) from d'],
  ['with u as (update public.accounts set balance = 0 returning id) select * from u', ['update']],
  ['with u as (update public.accounts set balance = 0 where id = 1 returning id) select * from u'],
  ["with i as (insert into public.audit (what) values ('x') returning *) select * from i"],
  ['with a as (with b as (delete from t2 returning 1) select * from b) select * from a', ['delete']],
  ['select * from (with d as (select 1) select * from d) s'],
  // Writes that are not destructive.
  ["insert into public.todos (title) values ('a;b'), ('c')"],
  ['insert into public.todos (title) select title from public.old_todos'],
  ["insert into public.todos (id, title) values (1, 'x') on conflict (id) do update set title = excluded.title"],
  ['update public.todos set done = true where id = 1'],
  ['update public.todos t set done = true from public.users u where u.id = t.owner'],
  ['delete from public.todos where done'],
  ['delete from public.todos t using public.users u where u.id = t.owner and u.banned'],
  [
    'merge into public.t using public.s on t.id = s.id when matched then update set v = s.v when not matched then insert values (s.id, s.v)',
  ],
  ["select nextval('public.seq')"],
  // Destructive writes.
  ['delete from public.todos', ['delete']],
  ['delete from only public.todos as t', ['delete']],
  ['update public.todos set done = false', ['update']],
  ['update only public.todos set done = false returning *', ['update']],
  ['truncate public.todos', ['truncate']],
  ['truncate table a, only b restart identity cascade', ['truncate']],
  // DDL that creates or changes without dropping.
  [
    'create table public.todos (id bigint generated always as identity primary key, title text not null, done boolean default false)',
  ],
  ['create table if not exists "Mixed Case" (";" text)'],
  ['create temporary table tmp as select 1 as x'],
  ['create index on public.todos (title)'],
  ['create unique index todos_title on public.todos using btree (lower(title))'],
  ['create view public.open_todos as select * from public.todos where not done'],
  ['create materialized view public.mv as select 1'],
  ['create schema if not exists app'],
  ["create type public.mood as enum ('sad', 'ok', 'happy')"],
  ['create domain public.posint as integer check (value > 0)'],
  ['create sequence public.seq start 10'],
  ['create extension if not exists pgcrypto with schema extensions'],
  ['alter table public.todos add column due date'],
  ["alter table public.todos alter column title set default 'untitled'"],
  ['alter table public.todos rename column title to name'],
  ['alter table public.todos enable row level security'],
  ['alter table public.todos detach partition public.todos_2020'],
  ["alter type public.mood add value 'meh'"],
  ['alter table public.todos owner to postgres'],
  ["comment on table public.todos is 'drop; truncate; delete'"],
  ['create policy "own rows" on public.todos for all to authenticated using (auth.uid() = owner)'],
  ['alter policy "own rows" on public.todos using (true)'],
  ['grant select on public.todos to anon'],
  ['grant usage on schema public to authenticated'],
  ['grant service_role to some_role'],
  // Functions, triggers and rules: their bodies are not run by creating them.
  [
    'create function public.wipe() returns void language plpgsql as $$ begin delete from public.todos; drop table x; end $$',
  ],
  ['create or replace function public.one() returns int language sql as $fn$ select 1; $fn$'],
  ['create function public.f() returns int language sql begin atomic; delete from public.todos; select 1; end'],
  ['create rule r as on insert to public.v do instead delete from public.todos'],
  ['create trigger t before update on public.todos for each row execute function public.touch()'],
  ['prepare wipe as delete from public.todos'],
  ['execute wipe'],
  ['explain delete from public.todos'],
  ['explain (analyze, buffers) delete from public.todos', ['delete']],
  ['explain (analyze false) delete from public.todos'],
  // DO blocks: the statements PL/pgSQL runs as written count; EXECUTE'd strings cannot be seen.
  ["do $$ begin raise notice 'hello; world'; end $$"],
  ['do $$ begin delete from public.todos; end $$', ['delete']],
  ['do $do$ begin if true then truncate public.todos; end if; end $do$', ['truncate']],
  ["do $$ begin execute 'drop table public.todos'; end $$"],
  [
    'do $$ declare n int; begin select count(*) into n from public.todos; delete from public.todos where id = n; end $$',
  ],
  ['do language plpgsql $$ begin drop table public.gone; end $$', ['drop']],
  ['do $outer$ begin do $inner$ begin drop table public.deep; end $inner$; end $outer$', ['drop']],
  // Drops of every kind.
  ['drop table public.todos', ['drop']],
  ['drop table if exists a, b cascade', ['drop']],
  ['drop view public.open_todos', ['drop']],
  ['drop materialized view public.mv', ['drop']],
  ['drop index concurrently public.todos_title', ['drop']],
  ['drop schema app cascade', ['drop']],
  ['drop function public.f(int), public.g', ['drop']],
  ['drop type public.mood', ['drop']],
  ['drop sequence public.seq', ['drop']],
  ['drop extension pgcrypto', ['drop']],
  ['drop policy "own rows" on public.todos', ['drop']],
  ['drop trigger t on public.todos', ['drop']],
  ['drop role someone', ['drop']],
  ['drop owned by someone', ['drop']],
  ['drop database other', ['drop']],
  // ALTER … DROP.
  ['alter table public.todos drop column done', ['alter_drop']],
  ['alter table if exists public.todos drop constraint todos_pkey', ['alter_drop']],
  ['alter table public.todos alter column due drop default', ['alter_drop']],
  ['alter table public.todos alter column title drop not null', ['alter_drop']],
  ['alter table public.todos alter column id drop identity', ['alter_drop']],
  ['alter table public.todos add column x int, drop column y', ['alter_drop']],
  ['alter type public.address drop attribute zip', ['alter_drop']],
  ['alter domain public.posint drop constraint posint_check', ['alter_drop']],
  ['alter publication pub drop table public.todos', ['alter_drop']],
  ['alter extension pgcrypto drop function public.gen()', ['alter_drop']],
  // Revokes.
  ['revoke select on public.todos from anon', ['revoke']],
  ['revoke all on all tables in schema public from anon, authenticated', ['revoke']],
  ['revoke grant option for select on public.todos from authenticated', ['revoke']],
  ['revoke service_role from some_role', ['revoke']],
  ['alter default privileges in schema public revoke all on tables from anon', ['revoke']],
  // Transactions and session settings.
  ['begin'],
  ['start transaction isolation level serializable'],
  ['savepoint s1'],
  ['rollback to savepoint s1'],
  ['release savepoint s1'],
  ['commit'],
  ['rollback'],
  ['commit and chain'],
  ['set search_path = app, public'],
  ["set local statement_timeout = '5s'"],
  ['reset all'],
  ['set role anon'],
  ['show search_path'],
  // COPY, maintenance and the rest.
  ['copy public.todos from stdin with (format csv)'],
  ['copy (select 1) to stdout'],
  ["copy public.todos to '/tmp/todos.csv'"],
  ['vacuum analyze public.todos'],
  ['analyze public.todos'],
  ['create index concurrently on public.todos (due)'],
  ['reindex table concurrently public.todos'],
  ['create database other'],
  ["alter system set work_mem = '8MB'"],
  ['listen ch'],
  ["notify ch, 'payload; with semicolon'"],
  ['lock table public.todos in exclusive mode'],
  ['refresh materialized view public.mv'],
  ['call public.proc(1)'],
  ['declare c cursor for select 1'],
  ['security label on table public.todos is null'],
]

const SEPARATORS = [
  ';\n',
  ';',
  ' ;\n\n',
  ';\n-- between statements; with a semicolon\n',
  '; /* block; comment */ ',
  ';;\n',
]

function corpusText(): string {
  return CORPUS.map(([sql], i) => sql + SEPARATORS[i % SEPARATORS.length]).join('')
}

const split = async (text: string) => {
  const result = await splitStatements(text)
  if (!result.ok) throw new Error(result.error.message)
  return result.data
}

describe('splitStatements on the corpus', () => {
  it('holds more than 100 statements', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(100)
  })

  it('cuts exactly the statements as written, in order, with places that slice back to them', async () => {
    const text = corpusText()
    const statements = await split(text)
    expect(statements.map((s) => s.sql)).toEqual(CORPUS.map(([sql]) => sql))
    for (const s of statements) {
      expect(text.slice(s.start, s.end)).toBe(s.sql)
      expect(s.line).toBe(text.slice(0, s.start).split('\n').length)
    }
    expect(statements.map((s) => s.index)).toEqual(CORPUS.map((_, i) => i))
  })

  it('finds the destructive operations of exactly the destructive statements', async () => {
    const statements = await split(corpusText())
    const found = statements.map((s) => s.destructive.map((d) => d.operation))
    expect(found).toEqual(CORPUS.map(([, ops]) => ops ?? []))
  })

  it('splits each statement alone the same way', async () => {
    for (const [sql, ops] of CORPUS) {
      const [only, ...more] = await split(sql)
      expect(more, sql).toEqual([])
      expect(only!.sql, sql).toBe(sql)
      expect(
        only!.destructive.map((d) => d.operation),
        sql,
      ).toEqual(ops ?? [])
    }
  })
})

describe('splitStatements', () => {
  const one = async (sql: string): Promise<SqlStatement> => (await split(sql))[0]!

  it('names what each destructive statement destroys', async () => {
    const described = async (sql: string) => (await one(sql)).destructive.map((d) => d.description)
    expect(await described('drop table if exists public.todos, b cascade')).toEqual(['drop table public.todos, b'])
    expect(await described('drop policy "own rows" on public.todos')).toEqual(['drop policy own rows on public.todos'])
    expect(await described('delete from x.t as y')).toEqual(['delete from x.t without a where clause'])
    expect(await described('update t set a = 1')).toEqual(['update t without a where clause'])
    expect(await described('truncate a, only b')).toEqual(['truncate a, b'])
    expect(await described('alter table t drop column c, alter column d drop default, add column e int')).toEqual([
      'alter table t drop column c, alter column d drop default',
    ])
    expect(await described('alter type ty drop attribute a')).toEqual(['alter type ty drop attribute a'])
    expect(await described('revoke select, insert on public.todos from anon, public')).toEqual([
      'revoke select, insert on table public.todos from anon, public',
    ])
    expect(await described('revoke all on all tables in schema public from anon')).toEqual([
      'revoke all on all tables in schema public from anon',
    ])
    expect(await described('revoke r from u')).toEqual(['revoke r from u'])
    expect(await described('drop function f(int), g')).toEqual(['drop function f, g'])
    expect(await described('do $$ begin delete from t; update t set a = 1 where a = 2; end $$')).toEqual([
      'delete from t without a where clause (in a do block)',
    ])
    expect(
      await described('with a as (delete from t returning 1), b as (update u set x = 1 returning 1) select 1'),
    ).toEqual(['delete from t without a where clause', 'update u without a where clause'])
  })

  it('answers a text split again as the first time, syntax errors included', async () => {
    const text = 'select 1; drop table t'
    const first = await splitStatements(text)
    expect(await splitStatements(text)).toEqual(first)
    expect(await splitStatements('select * form t')).toEqual(await splitStatements('select * form t'))
    expect((await splitStatements('select * form t')).ok).toBe(false)
  })

  it('knows which statements act on the transaction block they run in', async () => {
    const statements = await split(
      'select 1; insert into t values (1) returning *; update t set a = 1; create table u (a int); ' +
        'with d as (delete from t returning *) select * from d; lock table t; declare c cursor for select 1; ' +
        "set local work_mem = '1MB'; set search_path = app; set constraints all deferred; savepoint a; " +
        'call p(); do $$ begin commit; end $$',
    )
    expect(statements.map((s) => [s.sql.split(' ')[0], s.actsOnTransaction])).toEqual([
      ['select', false],
      ['insert', false],
      ['update', false],
      ['create', false],
      ['with', false],
      ['lock', true],
      ['declare', true],
      ['set', true],
      ['set', true],
      ['set', true],
      ['savepoint', true],
      ['call', true],
      ['do', true],
    ])
  })

  it('knows what statements do to transactions and which must run outside one', async () => {
    const statements = await split(
      'begin; start transaction; commit; end; rollback; abort; commit and chain; rollback and chain; ' +
        "savepoint a; release a; rollback to a; prepare transaction 'x'; commit prepared 'x'; select 1; " +
        'vacuum; vacuum analyze t; analyze t; create index concurrently on t (a); create index on t (a); ' +
        'drop index concurrently i; reindex table concurrently t; reindex table t; reindex database d; ' +
        "create database d; drop database d; alter system set work_mem = '1MB'; cluster; cluster t using i",
    )
    expect(statements.map((s) => [s.sql, s.transaction ?? null, s.outsideTransaction])).toEqual([
      ['begin', 'begin', false],
      ['start transaction', 'begin', false],
      ['commit', 'end', false],
      ['end', 'end', false],
      ['rollback', 'end', false],
      ['abort', 'end', false],
      ['commit and chain', 'chain', false],
      ['rollback and chain', 'chain', false],
      ['savepoint a', null, false],
      ['release a', null, false],
      ['rollback to a', null, false],
      ["prepare transaction 'x'", 'end', false],
      ["commit prepared 'x'", null, true],
      ['select 1', null, false],
      ['vacuum', null, true],
      ['vacuum analyze t', null, true],
      ['analyze t', null, false],
      ['create index concurrently on t (a)', null, true],
      ['create index on t (a)', null, false],
      ['drop index concurrently i', null, true],
      ['reindex table concurrently t', null, true],
      ['reindex table t', null, false],
      ['reindex database d', null, true],
      ['create database d', null, true],
      ['drop database d', null, true],
      ["alter system set work_mem = '1MB'", null, true],
      ['cluster', null, true],
      ['cluster t using i', null, false],
    ])
  })

  it('marks COPY from or to the client, not COPY of a server file', async () => {
    const statements = await split(
      "copy t from stdin; copy t to stdout; copy (select 1) to stdout with csv; copy t to '/tmp/x'; copy t from program 'id'",
    )
    expect(statements.map((s) => s.copyStdio)).toEqual([true, true, true, false, false])
  })

  it('gives places in UTF-16 code units and lines, past multibyte text and comments', async () => {
    const text = "-- 😀 émoji; comment\nselect '😀';\n\n  /* ü */ select 'é'\n  as e ;select 3"
    const statements = await split(text)
    expect(statements.map((s) => s.sql)).toEqual(["select '😀'", "select 'é'\n  as e", 'select 3'])
    expect(statements.map((s) => s.line)).toEqual([2, 4, 5])
    for (const s of statements) expect(text.slice(s.start, s.end)).toBe(s.sql)
  })

  it('has nothing to run in blank text, empty statements or comments only', async () => {
    expect(await split('')).toEqual([])
    expect(await split(' ;;\n; ')).toEqual([])
    expect(await split('-- nothing\n/* at all */')).toEqual([])
  })

  it('answers a syntax error like Postgres: SQLSTATE 42601, the position in the whole text, the caret', async () => {
    const text = "select 1;\nselect '😀' frm x y;\nselect 2"
    const result = await splitStatements(text)
    expect(result.ok).toBe(false)
    if (result.ok) return
    const position = text.indexOf('x y') + 1
    expect(result.error).toEqual({
      code: 'pg_error',
      message: 'syntax error at or near "x"',
      position,
      pg: { code: '42601' },
      formattedError: `ERROR:  syntax error at or near "x"\nLINE 2: select '😀' frm x y;\n${' '.repeat(8 + "select '😀' frm ".length)}^`,
    })
  })

  it('answers an unterminated string or dollar quote as a syntax error', async () => {
    for (const text of ["select 'open", 'select $$ never closed', 'select "unterminated']) {
      const result = await splitStatements(text)
      expect(result.ok, text).toBe(false)
      if (!result.ok) expect(result.error.pg?.code).toBe('42601')
    }
  })
})
