import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseFunction } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

describe('Database › Functions routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path: string) => `/api/platform/pg-meta/${p.ref}/database/functions${path}`
  const list = async (): Promise<DatabaseFunction[]> => (await p.owner.get(api('?included_schemas=public'))).json()
  const named = async (name: string) => (await list()).filter((f) => f.name === name)

  beforeAll(async () => {
    p = await createProjectApp('Functions')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create function public.tricky(a int, out b int, c int default 5, out d text, e text default 'x=y')
        language sql as $$ select a + c, e $$;
      create function public.configured() returns int language sql
        set search_path = public, "My Schema" set application_name = 'a=b=c' as $$ select 1 $$;
      create function public.std_return(x int) returns int language sql immutable strict parallel safe return x + 1;
      create function public.std_atomic(x int) returns int language sql begin atomic select x * 2; end;
      create function public.over(x int) returns int language sql as $$ select x $$;
      create function public.over(x text) returns text language sql as $$ select x $$;
      create procedure public.proc(inout n int) language plpgsql as $$ begin n := n + 1; end $$;
      create aggregate public.total(int) (sfunc = int4pl, stype = int, initcond = '0');
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('lists arguments in order with each default on its own argument, settings whole, SQL-standard bodies, kinds and overloads', async () => {
    const [tricky] = await named('tricky')
    expect(tricky!.arguments).toEqual([
      { mode: 'in', name: 'a', type: 'integer', default: null },
      { mode: 'out', name: 'b', type: 'integer', default: null },
      { mode: 'in', name: 'c', type: 'integer', default: '5' },
      { mode: 'out', name: 'd', type: 'text', default: null },
      { mode: 'in', name: 'e', type: 'text', default: "'x=y'::text" },
    ])
    expect(tricky!.return_type).toBe('record')
    const [configured] = await named('configured')
    expect(configured!.config).toEqual([
      { name: 'search_path', value: 'public, "My Schema"' },
      { name: 'application_name', value: 'a=b=c' },
    ])
    const [ret] = await named('std_return')
    expect(ret).toMatchObject({
      sql_body: true,
      body: 'RETURN (x + 1)',
      volatility: 'immutable',
      strict: true,
      parallel: 'safe',
    })
    expect(ret!.definition).toContain('RETURN (x + 1)')
    const [atomic] = await named('std_atomic')
    expect(atomic!.body).toMatch(/^BEGIN ATOMIC\n\s+SELECT \(x \* 2\);\nEND$/)
    expect((await named('over')).map((f) => f.identity_arguments)).toEqual(['x integer', 'x text'])
    expect((await named('proc'))[0]).toMatchObject({ kind: 'procedure', return_type: null })
    expect((await named('total'))[0]).toMatchObject({ kind: 'aggregate', definition: null })
  })

  const definition = {
    schema: 'public',
    name: 'greet',
    arguments: [
      { mode: 'in', name: 'who', type: 'text' },
      { mode: 'in', name: 'times', type: 'integer', default: '1' },
    ],
    returns: { kind: 'type', type: 'text', setof: false },
    language: 'plpgsql',
    body: "begin\n  return repeat('hi ' || who, times);\nend",
    volatility: 'stable',
    security_definer: true,
    search_path: ['public'],
    comment: 'Says hi',
  }

  it('creates a function, in one transaction with its comment, and answers it as the catalog says', async () => {
    const created = await p.owner.post(api(''), definition)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'greet',
      language: 'plpgsql',
      security_definer: true,
      volatility: 'stable',
      comment: 'Says hi',
      config: [{ name: 'search_path', value: 'public' }],
      arguments: [
        { mode: 'in', name: 'who', type: 'text', default: null },
        { mode: 'in', name: 'times', type: 'integer', default: '1' },
      ],
    })
    expect((await p.database.query(`select public.greet('x', 2) as g`)).rows[0].g).toBe('hi xhi x')

    const table = await p.owner.post(api(''), {
      ...definition,
      name: 'pairs',
      arguments: [],
      returns: {
        kind: 'table',
        columns: [
          { name: 'k', type: 'text' },
          { name: 'v', type: 'integer' },
        ],
      },
      language: 'sql',
      body: "select 'a', 1 union all select 'b', 2",
      security_definer: false,
      search_path: null,
      comment: null,
    })
    expect(table.statusCode, table.body).toBe(201)
    expect(table.json()).toMatchObject({ return_type: 'TABLE(k text, v integer)', returns_set: true })
    const setof = await p.owner.post(api(''), {
      ...definition,
      name: 'names',
      arguments: [],
      returns: { kind: 'type', type: 'text', setof: true },
      language: 'sql',
      body: "select 'x$$'",
      comment: null,
    })
    expect(setof.statusCode, setof.body).toBe(201)
    expect(setof.json()).toMatchObject({ return_type: 'SETOF text', body: "select 'x$$'" })
  })

  it("refuses a body that does not compile with Postgres' message and position, and extra statements; nothing changes", async () => {
    const broken = await p.owner.post(api(''), { ...definition, name: 'broken', body: 'begin\n  retrun 1;\nend' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ code: 'pg_error', pg: { code: '42601' } })
    expect(broken.json().message).toMatch(/syntax error at or near "retrun"/)
    const injected = await p.owner.post(api(''), {
      ...definition,
      name: 'sneaky',
      comment: null,
      returns: {
        kind: 'type',
        type: "text as $$ select '' $$ language sql; drop table if exists x; create function g() returns text",
        setof: false,
      },
    })
    expect(injected.statusCode).toBe(400)
    expect(injected.json().message).toBe('The definition must not contain other statements')
    expect(await named('broken')).toEqual([])
    expect(await named('sneaky')).toEqual([])
    expect(await named('g')).toEqual([])
  })

  it('changes a function in place, renames it, and drops and creates it when its result changes', async () => {
    const [greet] = await named('greet')
    const edited = await p.owner.patch(api(`?id=${greet!.id}`), {
      ...definition,
      body: "begin return 'hello ' || who; end",
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().id).toBe(greet!.id)
    const renamed = await p.owner.patch(api(`?id=${greet!.id}`), {
      ...definition,
      name: 'welcome',
      body: "begin return 'hello ' || who; end",
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ id: greet!.id, name: 'welcome' })
    const retyped = await p.owner.patch(api(`?id=${greet!.id}`), {
      ...definition,
      name: 'welcome',
      returns: { kind: 'type', type: 'integer', setof: false },
      body: 'begin return times; end',
    })
    expect(retyped.statusCode, retyped.body).toBe(200)
    expect(retyped.json()).toMatchObject({ name: 'welcome', return_type: 'integer' })
    // A failing change leaves it as it was (the rename before the failing statement is rolled back).
    const failed = await p.owner.patch(api(`?id=${retyped.json().id}`), {
      ...definition,
      name: 'renamed_again',
      returns: { kind: 'type', type: 'integer', setof: false },
      body: 'begin return nope; end',
      language: 'no_such_language',
    })
    expect(failed.statusCode).toBe(400)
    expect(failed.json().message).toMatch(/language "no_such_language" does not exist/)
    expect((await named('welcome')).length).toBe(1)
    expect(await named('renamed_again')).toEqual([])
  })

  it('shows what depends on a function and drops it only with cascade', async () => {
    await p.database.query(`
      create table public.items (id int);
      create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger items_touch before insert on public.items for each row execute function public.touch();
    `)
    const [touch] = await named('touch')
    const dependents = await p.owner.get(api(`/dependents?id=${touch!.id}`))
    expect(dependents.json()).toEqual([{ description: 'trigger items_touch on table items', catalog: 'pg_trigger' }])
    const refused = await p.owner.delete(api(`?id=${touch!.id}`))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ pg: { code: '2BP01' } })
    expect(await named('touch')).toHaveLength(1)
    const dropped = await p.owner.delete(api(`?id=${touch!.id}&cascade=true`))
    expect(dropped.statusCode, dropped.body).toBe(200)
    expect(await named('touch')).toEqual([])
  })

  it('audits every change', async () => {
    const { rows } = await p.t.db.query(
      `select action, target, actor_email from basalt.audit_log where action like 'database.function.%' order by id`,
    )
    expect(rows.map((r) => `${r.action} ${r.target}`)).toEqual([
      'database.function.create public.greet(who text, times integer)',
      'database.function.create public.pairs()',
      'database.function.create public.names()',
      'database.function.update public.greet(who text, times integer)',
      'database.function.update public.welcome(who text, times integer)',
      'database.function.update public.welcome(who text, times integer)',
      'database.function.delete public.touch()',
    ])
    expect(rows[0].actor_email).toBe('owner@example.com')
  })

  it('lets a Read-only member read only; an outsider gets 404 and a signed-out caller 401', async () => {
    const [fn] = await named('names')
    // Signed out, with the CSRF cookie the sign-in page would have: the session is what is missing.
    const signedOut = new Agent(p.t.app)
    await signedOut.get('/api/auth/state')
    expect((await readOnly.get(api(''))).statusCode).toBe(200)
    for (const [method, path, body] of [
      ['POST', '', { ...definition, name: 'ro' }],
      ['PATCH', `?id=${fn!.id}`, definition],
      ['DELETE', `?id=${fn!.id}`, undefined],
    ] as const) {
      expect((await readOnly.request(method, api(path), body)).statusCode, `${method} ${path}`).toBe(403)
      expect((await outsider.request(method, api(path), body)).statusCode).toBe(404)
      expect((await signedOut.request(method, api(path), body)).statusCode).toBe(401)
    }
    expect((await outsider.get(api(''))).statusCode).toBe(404)
    expect((await outsider.get(api(`/dependents?id=${fn!.id}`))).statusCode).toBe(404)
    expect((await p.t.app.inject({ method: 'GET', url: api('') })).statusCode).toBe(401)
    expect(await named('names')).toHaveLength(1)
  })
})
