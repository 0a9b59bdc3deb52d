import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseTrigger } from '@basalt/contracts'
import { Agent, createProjectApp, projectSuperuserUrl } from '../../../test/platform-app.ts'

describe('Database › Triggers routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path: string) => `/api/platform/pg-meta/${p.ref}/database/triggers${path}`
  const list = async (): Promise<DatabaseTrigger[]> => (await p.owner.get(api('?included_schemas=public'))).json()
  const named = async (name: string) => (await list()).find((t) => t.name === name)

  beforeAll(async () => {
    p = await createProjectApp('Triggers')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create table public.items (id int primary key, title text, note text, touched int default 0);
      create view public.item_titles as select id, title from public.items;
      create function public.touch() returns trigger language plpgsql as $$
        begin new.touched := new.touched + 1; return new; end $$;
      create function public.audit_args() returns trigger language plpgsql as $$ begin return null; end $$;
      create trigger on_truncate after truncate on public.items for each statement execute function public.audit_args();
      create trigger on_title before update of title, note on public.items for each row
        when (old.title is distinct from new.title) execute function public.touch();
      create trigger with_args after insert or delete on public.items for each row
        execute function public.audit_args('héllo wörld', 'a''b', '日本');
      create trigger transitions after update on public.items referencing old table as before_rows new table as after_rows
        for each statement execute function public.audit_args();
    `)
    // A table the admin role does not own, with a conditional trigger: the admin may read it, not alter it.
    const su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
    const admin = (await p.database.query('select current_user as u')).rows[0].u
    await su.query(`
      create table public.owned_elsewhere (id int, state text);
      create trigger guarded before update on public.owned_elsewhere for each row
        when (new.state <> 'locked') execute function public.touch();
      grant select on public.owned_elsewhere to "${admin}";
    `)
    await su.end()
  })
  afterAll(async () => {
    await p?.close()
  })

  it('lists triggers as pg_trigger has them: TRUNCATE, UPDATE OF, conditions, non-ASCII arguments, transition tables', async () => {
    expect(await named('on_truncate')).toMatchObject({
      table: 'items',
      timing: 'AFTER',
      orientation: 'STATEMENT',
      events: ['TRUNCATE'],
      function_name: 'audit_args',
      enabled_mode: 'origin',
    })
    expect(await named('on_title')).toMatchObject({
      timing: 'BEFORE',
      orientation: 'ROW',
      events: ['UPDATE'],
      update_columns: ['title', 'note'],
      condition: '(old.title IS DISTINCT FROM new.title)',
    })
    expect(await named('with_args')).toMatchObject({
      events: ['INSERT', 'DELETE'],
      function_args: ['héllo wörld', "a'b", '日本'],
    })
    expect(await named('transitions')).toMatchObject({ old_table: 'before_rows', new_table: 'after_rows' })
    expect(await named('guarded')).toMatchObject({
      table: 'owned_elsewhere',
      condition: "(new.state <> 'locked'::text)",
    })
  })

  const definition = {
    schema: 'public',
    table: 'items',
    name: 'count_edits',
    timing: 'BEFORE',
    orientation: 'ROW',
    events: ['INSERT', 'UPDATE'],
    condition: null,
    function_schema: 'public',
    function_name: 'touch',
  }

  it('creates a trigger that fires, disables and enables it, and drops it', async () => {
    const created = await p.owner.post(api(''), definition)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ name: 'count_edits', events: ['INSERT', 'UPDATE'], enabled_mode: 'origin' })
    await p.database.query(`insert into public.items (id, title) values (1, 'a')`)
    expect((await p.database.query('select touched from public.items where id = 1')).rows[0].touched).toBe(1)

    const disabled = await p.owner.patch(api(`?id=${created.json().id}`), { enabled: false })
    expect(disabled.json().enabled_mode).toBe('disabled')
    await p.database.query(`update public.items set note = 'x' where id = 1`)
    expect((await p.database.query('select touched from public.items where id = 1')).rows[0].touched).toBe(1)
    const enabled = await p.owner.patch(api(`?id=${created.json().id}`), { enabled: true })
    expect(enabled.json().enabled_mode).toBe('origin')

    const dropped = await p.owner.delete(api(`?id=${created.json().id}`))
    expect(dropped.statusCode).toBe(200)
    expect(await named('count_edits')).toBeUndefined()
  })

  it('refuses what Postgres refuses with its own message, and a condition that adds a statement; nothing changes', async () => {
    const onView = await p.owner.post(api(''), { ...definition, table: 'item_titles', name: 'on_view' })
    expect(onView.statusCode).toBe(400)
    expect(onView.json()).toMatchObject({ code: 'pg_error', pg: { code: '42809' } })
    expect(onView.json().message).toMatch(/"item_titles" is a view/)
    const injected = await p.owner.post(api(''), {
      ...definition,
      name: 'sneaky',
      condition:
        'true) execute function public.touch(); drop table public.items; create trigger x before insert on public.items for each row when (true',
    })
    expect(injected.statusCode).toBe(400)
    expect(injected.json().message).toBe('The definition must not contain other statements')
    const badColumn = await p.owner.post(api(''), { ...definition, name: 'bad', condition: 'new.nope > 1' })
    expect(badColumn.statusCode).toBe(400)
    expect(badColumn.json().message).toBe('column new.nope does not exist')
    expect((await list()).map((t) => t.name).sort()).toEqual([
      'guarded',
      'on_title',
      'on_truncate',
      'transitions',
      'with_args',
    ])
    expect((await p.database.query('select count(*)::int as n from public.items')).rows[0].n).toBe(1)
  })

  it('audits every change', async () => {
    const { rows } = await p.t.db.query(
      `select action, target from basalt.audit_log where action like 'database.trigger.%' order by id`,
    )
    expect(rows.map((r) => `${r.action} ${r.target}`)).toEqual([
      'database.trigger.create count_edits on public.items',
      'database.trigger.disable count_edits on public.items',
      'database.trigger.enable count_edits on public.items',
      'database.trigger.delete count_edits on public.items',
    ])
  })

  it('lets a Read-only member read only; an outsider gets 404 and a signed-out caller 401', async () => {
    const trigger = (await named('on_title'))!
    const signedOut = new Agent(p.t.app)
    await signedOut.get('/api/auth/state')
    expect((await readOnly.get(api(''))).statusCode).toBe(200)
    for (const [method, path, body] of [
      ['POST', '', { ...definition, name: 'ro' }],
      ['PATCH', `?id=${trigger.id}`, { enabled: false }],
      ['DELETE', `?id=${trigger.id}`, undefined],
    ] as const) {
      expect((await readOnly.request(method, api(path), body)).statusCode, `${method} ${path}`).toBe(403)
      expect((await outsider.request(method, api(path), body)).statusCode).toBe(404)
      expect((await signedOut.request(method, api(path), body)).statusCode).toBe(401)
    }
    expect((await outsider.get(api(''))).statusCode).toBe(404)
    expect((await signedOut.get(api(''))).statusCode).toBe(401)
    expect((await named('on_title'))!.enabled_mode).toBe('origin')
  })
})
