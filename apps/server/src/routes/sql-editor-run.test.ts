import { randomUUID } from 'node:crypto'
import {
  SQL_COPY_STDIO_MESSAGE,
  SQL_MAX_BYTES,
  SQL_MAX_ROWS,
  SQL_READ_ONLY_IMPERSONATION_MESSAGE,
  SQL_READ_ONLY_TRANSACTION_CONTROL_MESSAGE,
  SQL_RUN_ID_TAKEN_MESSAGE,
  SQL_RUN_NOT_FOUND_MESSAGE,
  type SqlRunBody,
  type SqlRunResult,
} from '@basalt/contracts'
import { literal } from '@basalt/sql'
import { toPostgresCsv } from '@basalt/sql/csv'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { MAX_ROW_BYTES } from '../db/row-guard.ts'

const A = 'aaaaaaaa-0000-4000-8000-000000000001'
const B = 'bbbbbbbb-0000-4000-8000-000000000002'

describe('SQL editor runs', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let developer: Agent
  let readOnly: Agent
  let outsider: Agent
  const url = (path = '') => `/api/platform/pg-meta/${p.ref}/query${path}`
  const run = async (agent: Agent, query: string, extra: Omit<SqlRunBody, 'query'> = {}) => {
    const res = await agent.post(url(), { query, ...extra })
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    return res.json() as SqlRunResult
  }
  const rowsOf = (r: SqlRunResult, i = 0) => r.results[i]!.rows
  const adminRole = async () => (await project.query<{ u: string }>('select current_user as u')).rows[0]!.u

  beforeAll(async () => {
    p = await createProjectApp('SQL editor')
    project = p.database
    developer = await p.join('dev@example.com', 'developer')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await project.query(`
      insert into auth.users (id, email) values ('${A}', 'ada@example.com'), ('${B}', 'bob@example.com');
      create table public.notes (id int primary key, owner uuid not null, body text);
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for all to authenticated
        using (auth.uid() = owner) with check (auth.uid() = owner);
      grant select, insert, update, delete on public.notes to anon, authenticated;
      insert into public.notes values (1, '${A}', 'a1'), (2, '${B}', 'b1');
      create table public.items (id int primary key, name text);
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('runs every statement in order and answers every result set with its columns, rows, tag and place', async () => {
    const query =
      "select 1 as a, 'x' as a, null::int[] as arr;\ncreate table public.t1 (id int);\n" +
      'insert into public.t1 values (1), (2), (3);\nselect id from public.t1 where id > 1 order by id;\n' +
      'insert into public.t1 values (4) returning id, now() is not null as fresh;\nselect 1 where false'
    const r = await run(p.owner, query)
    expect(r.status).toBe('success')
    expect(r.error).toBeNull()
    expect(r.rolledBack).toBe(false)
    expect(r.statementCount).toBe(6)
    expect(r.runId).toMatch(/^[0-9a-f-]{36}$/)
    expect(r.results.map((x) => [x.command, x.rowCount, x.rows])).toEqual([
      ['SELECT', 1, [[1, 'x', null]]],
      ['CREATE TABLE', null, []],
      ['INSERT', 3, []],
      ['SELECT', 2, [[2], [3]]],
      ['INSERT', 1, [[4, true]]],
      ['SELECT', 0, []],
    ])
    expect(r.results[0]!.columns).toEqual([
      { name: 'a', type: 'int4', typeId: 23 },
      { name: 'a', type: 'text', typeId: 25 },
      { name: 'arr', type: '_int4', typeId: 1007 },
    ])
    // No columns at all is 'Success. No rows returned'; a SELECT of no rows still has its columns.
    expect(r.results[1]!.columns).toEqual([])
    expect(r.results[5]!.columns).toEqual([{ name: '?column?', type: 'int4', typeId: 23 }])
    for (const [i, x] of r.results.entries()) {
      expect(x.statement.index).toBe(i)
      expect(query.slice(x.statement.start, x.statement.end)).toBe(x.statement.sql)
      expect(x.statement.line).toBe(i + 1)
      expect(x.capped).toBeNull()
    }
    expect((await project.query('select count(*)::int as n from public.t1')).rows[0].n).toBe(4)
  })

  it('keeps values as Postgres writes them: bigints, numerics, floats, timestamps, json, arrays, NaN', async () => {
    const r = await run(
      p.owner,
      "select 9007199254740993::int8 as big, 1.10::numeric as num, 'NaN'::float8 as nan, 2.5::float8 as f, " +
        "'2024-01-02 03:04:05+00'::timestamptz at time zone 'UTC' as ts, '{\"a\": [1]}'::jsonb as j, true as b, " +
        "array['x', null, 'y z']::text[] as arr, 1e15::float8 as big_f, 7::int4 as i",
    )
    expect(rowsOf(r)).toEqual([
      [
        '9007199254740993',
        '1.10',
        'NaN',
        '2.5',
        '2024-01-02 03:04:05',
        '{"a": [1]}',
        true,
        '{x,NULL,"y z"}',
        '1e+15',
        7,
      ],
    ])
  })

  it('exports a result as CSV byte for byte as COPY … TO STDOUT CSV HEADER (psql \\copy) writes it', async () => {
    const select =
      `select true as b, false as "b,2", array['a', 'b c', null, 'q"x', ''] as arr, ` +
      `'{"k": [1, 2.50], "s": "x,y"}'::json as j, '{"k": 1.0, "a": null}'::jsonb as jb, null::text as n, ` +
      `E'say "hi", then\\nbye\\r' as t, '' as empty, ' pad ' as pad, ` +
      `timestamptz '2024-01-02 03:04:05.678+02' as ts, 1.5e15::float8 as f, 42 as i, ` +
      `123456789012345678901.50::numeric as num, '{{1,2},{3,NULL}}'::int[] as grid`
    const ran = await run(p.owner, `${select};\nshow timezone`)
    const csv = toPostgresCsv(
      ran.results[0]!.columns.map((c) => c.name),
      ran.results[0]!.rows,
    )
    // COPY in the run's time zone, in which its session printed the timestamp.
    await project.query('begin')
    try {
      await project.query(`set local timezone = ${literal(String(ran.results[1]!.rows[0]![0]))}`)
      const chunks: Buffer[] = []
      for await (const chunk of project.query(copyTo(`copy (${select}) to stdout with (format csv, header true)`))) {
        chunks.push(chunk as Buffer)
      }
      const copied = Buffer.concat(chunks).toString('utf8')
      expect(copied).toMatch(/^b,"b,2",arr,j,jb,n,t,empty,pad,ts,f,i,num,grid\nt,f,"{a,""b c"",NULL,/)
      expect(csv).toBe(copied)
    } finally {
      await project.query('rollback')
    }
  })

  it('is one transaction unless the SQL says otherwise: an error rolls back what ran before it', async () => {
    await project.query('create table public.tx (v int primary key)')
    const r = await run(p.owner, 'insert into public.tx values (1);\ninsert into public.tx values (1);\nselect 2')
    expect(r.status).toBe('error')
    expect(r.rolledBack).toBe(true)
    expect(r.results.map((x) => x.command)).toEqual(['INSERT'])
    expect(r.error).toMatchObject({ code: 'pg_error', statementIndex: 1, pg: { code: '23505' } })
    expect((await project.query('select count(*)::int as n from public.tx')).rows[0].n).toBe(0)

    // A commit keeps what ran before it; what follows is a transaction of its own.
    const kept = await run(p.owner, 'insert into public.tx values (1); commit; insert into public.tx values (1)')
    expect(kept.status).toBe('error')
    expect(kept.results.map((x) => x.command)).toEqual(['INSERT', 'COMMIT'])
    expect((await project.query('select v from public.tx')).rows).toEqual([{ v: 1 }])
  })

  it('runs begin … commit, savepoints and rollback across statements', async () => {
    const r = await run(
      p.owner,
      'begin; insert into public.tx values (10); savepoint s; insert into public.tx values (11); ' +
        'rollback to savepoint s; commit; begin; insert into public.tx values (12); rollback; select array_agg(v order by v) from public.tx',
    )
    expect(r.status).toBe('success')
    expect(r.notices).toEqual([])
    expect(r.results.map((x) => x.command)).toEqual([
      'BEGIN',
      'INSERT',
      'SAVEPOINT',
      'INSERT',
      'ROLLBACK',
      'COMMIT',
      'BEGIN',
      'INSERT',
      'ROLLBACK',
      'SELECT',
    ])
    expect(rowsOf(r, 9)).toEqual([['{1,10}']])
    // A BEGIN never committed is rolled back when the run ends, as when psql ends.
    const open = await run(p.owner, 'begin; insert into public.tx values (20)')
    expect(open).toMatchObject({ status: 'success', rolledBack: true })
    expect((await project.query('select count(*)::int as n from public.tx where v = 20')).rows[0].n).toBe(0)
  })

  it('keeps set across statements, and nothing of a run reaches the next one', async () => {
    const r = await run(
      p.owner,
      'create schema if not exists app; set search_path = app, public; create table here (x int); show search_path;' +
        ' create temporary table scratch (x int); prepare q as select 1; set role anon; select current_user',
    )
    expect(r.status).toBe('success')
    expect(rowsOf(r, 3)).toEqual([['app, public']])
    expect(rowsOf(r, 7)).toEqual([['anon']])
    expect((await project.query("select to_regclass('app.here') is not null as made")).rows[0].made).toBe(true)
    // Many runs, so that they use every pooled connection: each starts as the admin, with the defaults.
    for (let i = 0; i < 8; i++) {
      const next = await run(
        p.owner,
        "select current_user, current_setting('search_path'), to_regclass('pg_temp.scratch'), " +
          '(select count(*)::int from pg_prepared_statements)',
      )
      expect(rowsOf(next)).toEqual([[await adminRole(), '"$user", public', null, 0]])
    }
  })

  it('runs a lone statement as a transaction of its own, and one that needs a transaction block in one', async () => {
    await project.query(`
      create table public.parents (id int primary key);
      create table public.children (id int primary key, parent int references public.parents
        deferrable initially deferred)`)
    // Refused only when its transaction commits: the statement's rows are answered, then the commit's error.
    const deferred = await run(p.owner, 'insert into public.children values (1, 99) returning id')
    expect(deferred).toMatchObject({ status: 'error', rolledBack: true })
    expect(deferred.results.map((x) => [x.command, x.rows])).toEqual([['INSERT', [[1]]]])
    expect(deferred.error).toMatchObject({ statementIndex: null, pg: { code: '23503' } })
    expect((await project.query('select count(*)::int as n from public.children')).rows[0].n).toBe(0)

    const failed = await run(p.owner, 'insert into public.parents values (1), (1)')
    expect(failed).toMatchObject({ status: 'error', rolledBack: true, error: { statementIndex: 0 } })
    const done = await run(p.owner, 'insert into public.parents values (1), (2)')
    expect(done).toMatchObject({ status: 'success', rolledBack: false, results: [{ command: 'INSERT', rowCount: 2 }] })

    // LOCK and SET LOCAL act on the transaction block they run in: alone, they still run in one.
    const locked = await run(p.owner, 'lock table public.parents in share mode')
    expect(locked).toMatchObject({ status: 'success', results: [{ command: 'LOCK TABLE' }] })
    const local = await run(p.owner, "set local statement_timeout = '5s'")
    expect(local).toMatchObject({ status: 'success', notices: [] })
  })

  it('runs a statement that refuses transaction blocks alone, and refuses it after pending work as Postgres does', async () => {
    const alone = await run(p.owner, 'vacuum public.tx; create index concurrently tx_v on public.tx (v)')
    expect(alone.status).toBe('success')
    expect(alone.results.map((x) => x.command)).toEqual(['VACUUM', 'CREATE INDEX'])
    const after = await run(p.owner, 'insert into public.tx values (30); vacuum public.tx')
    expect(after.status).toBe('error')
    expect(after.error).toMatchObject({ statementIndex: 1, pg: { code: '25001' } })
    expect((await project.query('select count(*)::int as n from public.tx where v = 30')).rows[0].n).toBe(0)
  })

  it('collects notices with the statement that raised them', async () => {
    const r = await run(
      p.owner,
      "select 1; do $$ begin raise notice 'first %', 1; raise warning 'careful' using hint = 'look', detail = 'why'; end $$",
    )
    expect(r.notices).toEqual([
      { statementIndex: 1, severity: 'NOTICE', code: '00000', message: 'first 1' },
      { statementIndex: 1, severity: 'WARNING', code: '01000', message: 'careful', detail: 'why', hint: 'look' },
    ])
  })

  it('answers errors with SQLSTATE, detail, hint and a position in the whole text, psql-style', async () => {
    const query = "select 1;\n-- 😀 a comment\nselect 'é', nosuch\n  from public.notes"
    const r = await run(p.owner, query)
    expect(r.status).toBe('error')
    expect(r.results).toHaveLength(1)
    const position = query.indexOf('nosuch') + 1
    expect(r.error).toEqual({
      code: 'pg_error',
      message: 'column "nosuch" does not exist',
      position,
      line: 3,
      statementIndex: 1,
      pg: { code: '42703' },
      formattedError: `ERROR:  column "nosuch" does not exist\nLINE 3: select 'é', nosuch\n${' '.repeat(20)}^`,
    })

    const detailed = await run(p.owner, 'insert into public.notes values (1, gen_random_uuid(), null)')
    expect(detailed.error).toMatchObject({ pg: { code: '23505', detail: 'Key (id)=(1) already exists.' } })
    expect(detailed.error!.formattedError).toContain('DETAIL:  Key (id)=(1) already exists.')
    const hinted = await run(p.owner, 'select nosuchfunction(1)')
    expect(hinted.error!.pg!.hint).toMatch(/^No function matches/)
    expect(hinted.error!.formattedError).toContain('HINT:  No function matches')
  })

  it('answers a syntax error anywhere without running anything', async () => {
    const query = 'insert into public.tx values (40);\nselect * form public.tx'
    const r = await run(p.owner, query)
    expect(r).toMatchObject({ status: 'error', results: [], statementCount: 0, rolledBack: false })
    expect(r.error).toMatchObject({
      code: 'pg_error',
      message: 'syntax error at or near "form"',
      position: query.indexOf('form') + 1,
      line: 2,
      statementIndex: null,
      pg: { code: '42601' },
    })
    expect(r.error!.formattedError).toContain('LINE 2: select * form public.tx')
    expect((await project.query('select count(*)::int as n from public.tx where v = 40')).rows[0].n).toBe(0)
  })

  it('answers an empty text with no results', async () => {
    expect(await run(p.owner, ' -- nothing here\n;')).toMatchObject({
      status: 'success',
      results: [],
      statementCount: 0,
    })
  })

  it('refuses COPY from the client and stops there', async () => {
    const r = await run(p.owner, 'select 1; copy public.tx from stdin; select 2')
    expect(r.results).toHaveLength(1)
    expect(r.error).toMatchObject({ code: 'bad_request', message: SQL_COPY_STDIO_MESSAGE, statementIndex: 1, line: 1 })
  })

  it(`caps a result at ${SQL_MAX_ROWS} rows and says so`, async () => {
    const r = await run(p.owner, `select g, 'row ' || g from generate_series(1, ${SQL_MAX_ROWS + 5}) g; select 'after'`)
    expect(r.status).toBe('success')
    const first = r.results[0]!
    expect(first.capped).toEqual({ reason: 'rows', limit: SQL_MAX_ROWS })
    expect(first.rows).toHaveLength(SQL_MAX_ROWS)
    expect(first.rowCount).toBe(SQL_MAX_ROWS)
    expect(first.rows.at(-1)).toEqual([SQL_MAX_ROWS, `row ${SQL_MAX_ROWS}`])
    expect(rowsOf(r, 1)).toEqual([['after']])
  })

  it(`caps the run's rows at ${SQL_MAX_BYTES} bytes`, async () => {
    const r = await run(
      p.owner,
      "select g, repeat('x', 1000000) from generate_series(1, 40) g; select repeat('y', 1000000); select 'small'",
    )
    const first = r.results[0]!
    expect(first.capped).toEqual({ reason: 'bytes', limit: SQL_MAX_BYTES })
    expect(first.rows.length).toBe(Math.floor(SQL_MAX_BYTES / 1_000_010))
    // The budget is the run's: a next result set shows only what still fits in it.
    expect(r.results[1]!).toMatchObject({ rows: [], capped: { reason: 'bytes', limit: SQL_MAX_BYTES } })
    expect(r.results[2]!).toMatchObject({ rows: [['small']], capped: null })
  })

  it('answers a row too big for the server with what to do, rolls its statement back and goes on', async () => {
    // Read-only members run SQL too: none of it may end the server (db/row-guard.ts).
    const huge = await run(readOnly, `select repeat('x', ${MAX_ROW_BYTES + 1024 * 1024}) as v`)
    expect(huge).toMatchObject({ status: 'error', rolledBack: true })
    expect(huge.error).toMatchObject({
      code: 'bad_request',
      message: 'A row of the result is over 64 MB: select fewer or shorter columns',
      statementIndex: 0,
    })
    const wide = await run(
      p.owner,
      // Narrow first rows size the next read at 1,000 rows, which then come 1 MB each.
      `insert into public.items values (900, 'kept?');
       select g, case when g > 25 then repeat('x', 1000000) end from generate_series(1, 1100) g`,
    )
    expect(wide).toMatchObject({ status: 'error', rolledBack: true })
    expect(wide.error?.message).toMatch(/^The rows read at once are over 256 MB/)
    expect((await project.query('select count(*)::int as n from public.items where id = 900')).rows[0].n).toBe(0)
    expect(rowsOf(await run(readOnly, 'select 1'))).toEqual([[1]])
  })

  it('runs as the impersonated role, with RLS, across its own commits, and not after the run', async () => {
    const anon = await run(developer, 'select count(*) from public.notes', { impersonation: { role: 'anon' } })
    expect(rowsOf(anon)).toEqual([['0']])
    const asA = await run(
      p.owner,
      "select current_user, auth.uid(), array_agg(body) from public.notes; commit; select current_user, auth.jwt() ->> 'email';" +
        " insert into public.notes values (3, '" +
        B +
        "', 'not mine')",
      { impersonation: { role: 'authenticated', userId: A } },
    )
    expect(rowsOf(asA, 0)).toEqual([['authenticated', A, '{a1}']])
    expect(rowsOf(asA, 2)).toEqual([['authenticated', 'ada@example.com']])
    expect(asA.error).toMatchObject({
      message: 'new row violates row-level security policy for table "notes"',
      pg: { code: '42501' },
      statementIndex: 3,
    })
    const service = await run(p.owner, 'select count(*) from public.notes', { impersonation: { role: 'service_role' } })
    expect(rowsOf(service)).toEqual([['2']])
    const after = await run(p.owner, 'select current_user')
    expect(rowsOf(after)).toEqual([[await adminRole()]])

    const unknown = await p.owner.post(url(), {
      query: 'select 1',
      impersonation: { role: 'authenticated', userId: randomUUID() },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/^User .* not found in auth.users$/)
  })

  it('Read-only members read on the read-only login and cannot write, whatever they run', async () => {
    const read = await run(readOnly, 'select id, body from public.notes order by id; select current_user')
    expect(rowsOf(read, 0)).toEqual([
      [1, 'a1'],
      [2, 'b1'],
    ])
    expect(rowsOf(read, 1)[0]![0]).toMatch(/readonly$/)
    const attempts = [
      "insert into public.notes values (9, gen_random_uuid(), 'x')",
      "commit; set role service_role; insert into public.notes values (9, gen_random_uuid(), 'x')",
      "commit; set default_transaction_read_only = off; begin read write; insert into public.notes values (9, gen_random_uuid(), 'x')",
      'commit; set session authorization postgres',
      'drop table public.notes',
      'create table public.mine (x int)',
    ]
    for (const query of attempts) {
      const r = await run(readOnly, query)
      expect(r.status, query).toBe('error')
      // Refused by Postgres, or — ending Basalt's read-only transaction — before it reaches Postgres.
      if (query.startsWith('commit')) {
        expect(r.error).toMatchObject({ code: 'forbidden', message: SQL_READ_ONLY_TRANSACTION_CONTROL_MESSAGE })
      } else {
        expect(['25006', '42501'], `${query}: ${r.error?.message}`).toContain(r.error!.pg!.code)
      }
    }
    expect((await project.query('select count(*)::int as n from public.notes')).rows[0].n).toBe(2)
    expect((await project.query("select to_regclass('public.mine') as t")).rows[0].t).toBeNull()

    const impersonating = await readOnly.post(url(), { query: 'select 1', impersonation: { role: 'service_role' } })
    expect(impersonating.statusCode).toBe(403)
    expect(impersonating.json()).toEqual({ code: 'forbidden', message: SQL_READ_ONLY_IMPERSONATION_MESSAGE })
  })

  it('is over once its answer has arrived: listed as it ended, and no longer cancellable', async () => {
    for (let i = 0; i < 5; i++) {
      const runId = randomUUID()
      const done = await run(developer, `select ${i} as over`, { runId })
      expect(done.status).toBe('success')
      const [entry] = (await developer.get(url(`/history?limit=1`))).json().runs
      expect(entry).toMatchObject({ id: runId, status: 'success', rows: 1 })
      const cancel = await developer.post(url('/cancel'), { runId })
      expect(cancel.statusCode).toBe(404)
    }
  })

  it('cancels the caller’s own running query and says so', async () => {
    const runId = randomUUID()
    const pending = developer.post(url(), { query: 'select 1; select pg_sleep(60); select 2', runId })
    await waitForRun(developer, runId, 'pg_sleep')
    // Only its owner may cancel it.
    const notYours = await p.owner.post(url('/cancel'), { runId })
    expect(notYours.statusCode).toBe(404)
    expect(notYours.json()).toEqual({ code: 'not_found', message: SQL_RUN_NOT_FOUND_MESSAGE })

    const started = Date.now()
    const cancel = await developer.post(url('/cancel'), { runId })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json()).toEqual({ cancelled: true })
    const res = await pending
    expect(Date.now() - started).toBeLessThan(10_000)
    const r = res.json() as SqlRunResult
    expect(r).toMatchObject({ runId, status: 'cancelled', rolledBack: true })
    expect(r.results.map((x) => x.command)).toEqual(['SELECT'])
    expect(r.error).toMatchObject({ statementIndex: 1, pg: { code: '57014' } })
    const again = await developer.post(url('/cancel'), { runId })
    expect(again.statusCode).toBe(404)
    const [entry] = (await developer.get(url(`/history?search=pg_sleep`))).json().runs
    expect(entry).toMatchObject({ id: runId, status: 'cancelled' })

    // A run id is used once.
    const reused = await developer.post(url(), { query: 'select 1', runId })
    expect(reused.statusCode).toBe(409)
    expect(reused.json()).toEqual({ code: 'conflict', message: SQL_RUN_ID_TAKEN_MESSAGE })
  })

  it('signals a cancelled run again until it stops, when the first signal did not stop it', async () => {
    const runId = randomUUID()
    // The first cancel is caught inside the statement, which then sleeps on: only another signal ends it.
    const query =
      'do $$ begin begin perform pg_sleep(60); exception when query_canceled then ' +
      "raise notice 'swallowed'; end; perform pg_sleep(60); end $$"
    const pending = developer.post(url(), { query, runId })
    await waitForRun(developer, runId, 'swallowed')
    const started = Date.now()
    expect((await developer.post(url('/cancel'), { runId })).json()).toEqual({ cancelled: true })
    const r = (await pending).json() as SqlRunResult
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(r).toMatchObject({ status: 'cancelled', error: { pg: { code: '57014' } } })
    expect(r.notices.map((n) => n.message)).toEqual(['swallowed'])
  })

  async function waitForRun(agent: Agent, runId: string, inQuery: string) {
    const deadline = Date.now() + 10_000
    for (;;) {
      const { runs } = (await agent.get(url(`/history?search=${inQuery}`))).json()
      const mine = runs.find((r: { id: string }) => r.id === runId)
      // Running, and its statement reached the server (pg_stat_activity shows it).
      if (mine?.status === 'running') {
        const { rows } = await project.query(
          "select 1 from pg_stat_activity where query like '%pg_sleep(%' and state = 'active' and pid <> pg_backend_pid()",
        )
        if (rows.length > 0) return
      }
      if (Date.now() > deadline) throw new Error(`run ${runId} did not start`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  it('stops at the project’s statement timeout, which Settings → Database changes', async () => {
    const settings = `/api/projects/${p.ref}/database/settings`
    expect((await p.owner.get(settings)).json()).toEqual({ statementTimeoutMs: 120_000 })
    expect((await developer.patch(settings, { statementTimeoutMs: 1000 })).statusCode).toBe(403)
    expect((await p.owner.patch(settings, { statementTimeoutMs: 999 })).statusCode).toBe(400)
    const changed = await p.owner.patch(settings, { statementTimeoutMs: 1000 })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toEqual({ statementTimeoutMs: 1000 })
    expect((await readOnly.get(settings)).json()).toEqual({ statementTimeoutMs: 1000 })
    try {
      const started = Date.now()
      const r = await run(developer, 'select 1; select pg_sleep(5)')
      expect(Date.now() - started).toBeLessThan(4000)
      expect(r).toMatchObject({ status: 'timeout', rolledBack: true })
      expect(r.error).toMatchObject({ message: 'canceling statement due to statement timeout', pg: { code: '57014' } })
      // The grid's reads use the same timeout.
      const rows = await developer.post(`/api/platform/pg-meta/${p.ref}/table-rows`, {
        schema: 'public',
        table: 'notes',
      })
      expect(rows.statusCode).toBe(200)
    } finally {
      expect((await p.owner.patch(settings, { statementTimeoutMs: 120_000 })).statusCode).toBe(200)
    }
    const audit = (await p.owner.get(`/api/organizations/${p.slug}/audit`)).json()
    expect(JSON.stringify(audit)).toContain('project.database_settings')
  })

  it('keeps every run in the caller’s history, searchable, newest first', async () => {
    const marker = `marker_${randomUUID().slice(0, 8)}`
    await run(developer, `select '${marker}' as one`)
    await run(developer, `select '${marker.toUpperCase()}' as two; select 1/0`)
    await run(developer, `select 'other'`)
    const { runs } = (await developer.get(url(`/history?search=${marker}`))).json()
    expect(
      runs.map((r: { query: string; status: string; rows: number; role: string }) => [r.status, r.rows, r.role]),
    ).toEqual([
      ['error', 1, 'admin'],
      ['success', 1, 'admin'],
    ])
    expect(runs[0]).toMatchObject({ statementCount: 2, error: 'division by zero', userId: null })
    expect(runs[0].durationMs).toBeGreaterThan(0)
    // Paging, and nobody else's runs.
    const page = (await developer.get(url(`/history?limit=1&before=${runs[0].id}&search=${marker}`))).json().runs
    expect(page.map((r: { id: string }) => r.id)).toEqual([runs[1].id])
    expect((await p.owner.get(url(`/history?search=${marker}`))).json().runs).toEqual([])
    const impersonated = await run(developer, `select '${marker}_imp'`, {
      impersonation: { role: 'authenticated', userId: A },
    })
    expect(impersonated.status).toBe('success')
    const [entry] = (await developer.get(url(`/history?search=${marker}_imp`))).json().runs
    expect(entry).toMatchObject({ role: 'authenticated', userId: A })
    expect(
      (await readOnly.get(url('/history'))).json().runs.every((r: { role: string }) => r.role === 'read_only'),
    ).toBe(true)
  })

  it('analyzes a text: its statements and the destructive ones, named', async () => {
    const res = await developer.post(url('/analyze'), {
      query: 'select 1;\ndelete from public.notes;\ndrop table public.tx',
    })
    expect(res.statusCode).toBe(200)
    const { statements, destructive } = res.json()
    expect(statements.map((s: { sql: string; line: number }) => [s.sql, s.line])).toEqual([
      ['select 1', 1],
      ['delete from public.notes', 2],
      ['drop table public.tx', 3],
    ])
    expect(destructive.map((s: { index: number; destructive: unknown }) => [s.index, s.destructive])).toEqual([
      [1, [{ operation: 'delete', description: 'delete from public.notes without a where clause' }]],
      [2, [{ operation: 'drop', description: 'drop table public.tx' }]],
    ])
    const bad = await developer.post(url('/analyze'), { query: 'select * form x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'pg_error', position: 10, pg: { code: '42601' } })
  })

  it('formats SQL as PostgreSQL', async () => {
    const res = await readOnly.post(url('/format'), { query: 'select a,b from t where x=1 and y::int>2' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe('select\n  a,\n  b\nfrom\n  t\nwhere\n  x = 1\n  and y::int > 2')
    const bad = await readOnly.post(url('/format'), { query: "select 'unterminated" })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Unable to format this query: /)
  })

  it('is a 404 outside the organisation and a 401 signed out, for every call', async () => {
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    const calls: [string, string, unknown?][] = [
      ['POST', url(), { query: 'select 1' }],
      ['POST', url('/cancel'), { runId: randomUUID() }],
      ['POST', url('/analyze'), { query: 'select 1' }],
      ['POST', url('/format'), { query: 'select 1' }],
      ['GET', url('/history')],
      ['GET', `/api/projects/${p.ref}/database/settings`],
      ['PATCH', `/api/projects/${p.ref}/database/settings`, { statementTimeoutMs: 5000 }],
    ]
    for (const [method, path, body] of calls) {
      const out = await outsider.request(method as 'POST', path, body)
      expect(out.statusCode, `${method} ${path}`).toBe(404)
      const anon = await anonymous.request(method as 'POST', path, body)
      expect(anon.statusCode, `${method} ${path}`).toBe(401)
    }
  })
})
