import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Agent } from '../../../test/platform-app.ts'
import { createProjectApp } from '../../../test/platform-app.ts'

const ADA = '00000000-0000-4000-8000-00000000000a'
const BOB = '00000000-0000-4000-8000-00000000000b'

describe('policy routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path: string) => `/api/platform/pg-meta/${p.ref}${path}`
  const policies = async () => (await p.owner.get(api('/policies?included_schemas=public'))).json()
  const stored = async () =>
    (
      await p.database.query(`select policyname, roles::text[] as roles, cmd, qual, with_check from pg_policies
       where schemaname = 'public' order by policyname`)
    ).rows

  beforeAll(async () => {
    p = await createProjectApp('Policies')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      insert into auth.users (id, email, raw_user_meta_data)
        values ('${ADA}', 'ada@example.com', '{"full_name": "Ada Lovelace"}'), ('${BOB}', 'bob@example.com', '{}');
      create table public.todos (id bigint generated always as identity primary key, title text, user_id uuid);
      insert into public.todos (title, user_id) values ('a1', '${ADA}'), ('a2', '${ADA}'), ('b1', '${BOB}');
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  const ownRows = {
    schema: 'public',
    table: 'todos',
    name: 'Own rows',
    command: 'SELECT',
    roles: ['authenticated'],
    definition: '  auth.uid()\n   = user_id ',
  }

  it('creates a policy with its expression whitespace-normalised, lists it, and refuses more than one expression', async () => {
    const created = await p.owner.post(api('/policies'), ownRows)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'Own rows',
      schema: 'public',
      table: 'todos',
      command: 'SELECT',
      action: 'PERMISSIVE',
      roles: ['authenticated'],
      definition: '(auth.uid() = user_id)',
      check: null,
    })
    expect(await policies()).toEqual([created.json()])
    expect((await p.owner.get(api('/policies?excluded_schemas=public'))).json()).toEqual([])

    const twice = await p.owner.post(api('/policies'), {
      ...ownRows,
      name: 'x',
      definition: 'true) ; drop table todos; select (1',
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe('The USING expression must be a single expression')
    const commented = await p.owner.post(api('/policies'), { ...ownRows, name: 'x', definition: 'true -- note' })
    expect(commented.json().message).toBe('The USING expression cannot contain SQL comments')
    const syntax = await p.owner.post(api('/policies'), {
      ...ownRows,
      name: 'x',
      command: 'INSERT',
      check: 'user_id =',
    })
    expect(syntax.statusCode).toBe(400)
    expect(syntax.json().message).toMatch(/syntax error/)
    const unknown = await p.owner.post(api('/policies'), { ...ownRows, name: 'x', definition: 'no_such_column = 1' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'pg_error', pg: { code: '42703' } })
    expect((await stored()).map((r) => r.policyname)).toEqual(['Own rows'])
  })

  it('updates only what changed, in one transaction with the rename last', async () => {
    const [policy] = await policies()
    const unchanged = await p.owner.patch(api(`/policies?id=${policy.id}`), { definition: policy.definition })
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json()).toEqual(policy)

    const changed = await p.owner.patch(api(`/policies?id=${policy.id}`), {
      name: 'Members read',
      roles: ['authenticated', 'anon'],
      definition: 'user_id is not null',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      id: policy.id,
      name: 'Members read',
      roles: ['anon', 'authenticated'],
      definition: '(user_id IS NOT NULL)',
    })

    // A failing statement leaves the policy as it was: the rename before it is rolled back too.
    const failed = await p.owner.patch(api(`/policies?id=${policy.id}`), { name: 'Renamed', roles: ['no_such_role'] })
    expect(failed.statusCode).toBe(400)
    expect(failed.json().message).toMatch(/role "no_such_role" does not exist/)
    expect((await stored()).map((r) => r.policyname)).toEqual(['Members read'])
  })

  it('tries a pending policy as a user, and keeps nothing of it', async () => {
    await p.database.query('alter table public.todos enable row level security')
    const pending = { create: { ...ownRows, name: 'Trial' } }
    const asAda = await p.owner.post(api('/policies/test'), {
      pending,
      impersonation: { role: 'authenticated', userId: ADA },
      command: 'SELECT',
    })
    expect(asAda.statusCode, asAda.body).toBe(200)
    // 'Members read' (any row with a user) lets everyone see all three; test a restrictive pending policy instead.
    expect(asAda.json()).toMatchObject({ command: 'SELECT', allowed: true, rows: 3, total: 3, rls_enabled: true })

    const [members] = await policies()
    const narrowed = await p.owner.post(api('/policies/test'), {
      pending: { update: { id: members.id, definition: 'auth.uid() = user_id' } },
      impersonation: { role: 'authenticated', userId: ADA },
      command: 'SELECT',
    })
    expect(narrowed.json()).toMatchObject({ allowed: true, rows: 2, total: 3 })
    const asAnon = await p.owner.post(api('/policies/test'), {
      pending: { update: { id: members.id, definition: 'auth.uid() = user_id' } },
      impersonation: { role: 'anon' },
      command: 'SELECT',
    })
    expect(asAnon.json()).toMatchObject({ allowed: true, rows: 0, total: 3 })

    const insert = await p.owner.post(api('/policies/test'), {
      pending: {
        create: {
          schema: 'public',
          table: 'todos',
          name: 'Insert own',
          command: 'INSERT',
          check: 'auth.uid() = user_id',
        },
      },
      impersonation: { role: 'authenticated', userId: BOB },
      command: 'INSERT',
      values: { title: 'not mine', user_id: ADA },
    })
    expect(insert.json()).toMatchObject({ command: 'INSERT', allowed: false, rows: 0 })
    expect(insert.json().error.message).toMatch(/new row violates row-level security policy/)
    const own = await p.owner.post(api('/policies/test'), {
      pending: {
        create: {
          schema: 'public',
          table: 'todos',
          name: 'Insert own',
          command: 'INSERT',
          check: 'auth.uid() = user_id',
        },
      },
      impersonation: { role: 'authenticated', userId: BOB },
      command: 'INSERT',
      values: { title: 'mine', user_id: BOB },
    })
    expect(own.json()).toMatchObject({ allowed: true, rows: 1, error: null })

    const deleting = await p.owner.post(api('/policies/test'), {
      pending: {
        create: {
          schema: 'public',
          table: 'todos',
          name: 'Delete own',
          command: 'DELETE',
          definition: 'auth.uid() = user_id',
        },
      },
      impersonation: { role: 'authenticated', userId: ADA },
      command: 'DELETE',
    })
    expect(deleting.json()).toMatchObject({ allowed: true, rows: 2 })
    const updating = await p.owner.post(api('/policies/test'), {
      pending: {
        create: {
          schema: 'public',
          table: 'todos',
          name: 'Update own',
          command: 'UPDATE',
          definition: 'auth.uid() = user_id',
        },
      },
      impersonation: { role: 'authenticated', userId: BOB },
      command: 'UPDATE',
    })
    expect(updating.json()).toMatchObject({ allowed: true, rows: 1 })

    // Nothing was kept: no trial policy, no row inserted or deleted, the edited policy as it was.
    expect((await stored()).map((r) => r.policyname)).toEqual(['Members read'])
    expect((await stored())[0].qual).toBe('(user_id IS NOT NULL)')
    expect((await p.database.query('select count(*)::int as n from public.todos')).rows[0].n).toBe(3)

    const serviceRole = await p.owner.post(api('/policies/test'), {
      pending,
      impersonation: { role: 'service_role' },
      command: 'SELECT',
    })
    expect(serviceRole.statusCode).toBe(400)
    const bad = await p.owner.post(api('/policies/test'), {
      pending: { create: { ...ownRows, name: 'Bad', definition: '1; select 2' } },
      impersonation: { role: 'anon' },
      command: 'SELECT',
    })
    expect(bad.statusCode).toBe(400)
  })

  it('releases the advisory locks a tested expression took before its connection goes back to the pool', async () => {
    const held = async () =>
      (
        await p.database.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 42 and granted`,
        )
      ).rows[0].n
    await p.database.query('alter table public.todos enable row level security')
    // A session-level lock outlives the rolled-back transaction of the test unless Basalt releases it.
    const tried = await p.owner.post(api('/policies/test'), {
      pending: { create: { ...ownRows, name: 'Locks', definition: 'pg_try_advisory_lock(42)' } },
      impersonation: { role: 'authenticated', userId: ADA },
      command: 'SELECT',
    })
    expect(tried.json()).toMatchObject({ allowed: true, rows: 3, error: null, rls_enabled: true })
    expect(await held()).toBe(0)
    // And the lock is free for anyone: the same test again, then a session of the member's own.
    const again = await p.owner.post(api('/policies/test'), {
      pending: { create: { ...ownRows, name: 'Locks', definition: 'pg_try_advisory_lock(42)' } },
      impersonation: { role: 'authenticated', userId: ADA },
      command: 'SELECT',
    })
    expect(again.json()).toMatchObject({ allowed: true, rows: 3 })
    expect((await p.database.query('select pg_try_advisory_lock(42) as got')).rows[0].got).toBe(true)
    await p.database.query('select pg_advisory_unlock(42)')
    expect(await held()).toBe(0)
  })

  it('toggles RLS through the table update and refuses policies on protected schemas', async () => {
    const { rows } = await p.database.query(`select 'public.todos'::regclass::oid::int8 as id`)
    const off = await p.owner.patch(api(`/tables?id=${rows[0].id}`), { rls_enabled: false })
    expect(off.json().rls_enabled).toBe(false)
    const on = await p.owner.patch(api(`/tables?id=${rows[0].id}`), { rls_enabled: true })
    expect(on.json().rls_enabled).toBe(true)
    const locked = await p.owner.post(api('/policies'), { ...ownRows, schema: 'auth', table: 'users' })
    expect(locked.statusCode).toBe(400)
    expect(locked.json().message).toMatch(/managed by the platform/)
  })

  it('lets a Read-only member read policies only; an outsider gets 404 and a signed-out caller 401', async () => {
    const [policy] = await policies()
    expect((await readOnly.get(api('/policies'))).statusCode).toBe(200)
    for (const [method, path, body] of [
      ['POST', '/policies', { ...ownRows, name: 'RO' }],
      ['PATCH', `/policies?id=${policy.id}`, { name: 'RO' }],
      ['DELETE', `/policies?id=${policy.id}`, undefined],
      ['POST', '/policies/test', { pending: { create: ownRows }, impersonation: { role: 'anon' }, command: 'SELECT' }],
    ] as const) {
      const refused = await readOnly.request(method, api(path), body)
      expect(refused.statusCode, `${method} ${path}`).toBe(403)
      expect(refused.json().message).toBe('You need additional permissions to edit RLS policies')
      expect((await outsider.request(method, api(path), body)).statusCode).toBe(404)
    }
    expect((await outsider.get(api('/policies'))).statusCode).toBe(404)
    const signedOut = await p.t.app.inject({ method: 'GET', url: api('/policies') })
    expect(signedOut.statusCode).toBe(401)
    expect((await stored()).map((r) => r.policyname)).toEqual(['Members read'])
  })

  it('deletes a policy', async () => {
    const [policy] = await policies()
    const deleted = await p.owner.delete(api(`/policies?id=${policy.id}`))
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json().name).toBe('Members read')
    expect(await policies()).toEqual([])
    expect((await p.owner.delete(api(`/policies?id=${policy.id}`))).statusCode).toBe(404)
  })
})
