import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp, projectAdminUrl, waitForProject } from '../../../test/platform-app.ts'

const A = 'aaaaaaaa-0000-4000-8000-000000000001'
const B = 'bbbbbbbb-0000-4000-8000-000000000002'

describe('pg-meta routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let ref: string
  let notesId: number
  const api = (path: string) => `/api/platform/pg-meta/${ref}${path}`

  beforeAll(async () => {
    t = await createTestApp()
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    const [org] = (await owner.get('/api/organizations')).json()
    const created = await owner.post(`/api/organizations/${org.slug}/projects`, { name: 'Notes' })
    ref = created.json().ref
    expect((await waitForProject(owner, ref)).status).toBe('active')

    const client = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
    await client.connect()
    await client.query(`
      insert into auth.users (id, email) values ('${A}', 'ada@example.com'), ('${B}', 'bob@example.com');
      create table public.notes (id bigint generated always as identity primary key, owner uuid not null references auth.users (id), body text);
      comment on table public.notes is 'Private notes';
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated using (auth.uid() = owner);
      insert into public.notes (owner, body) values ('${A}', 'a1'), ('${A}', 'a2'), ('${B}', 'b1');
    `)
    notesId = (await client.query(`select 'public.notes'::regclass::oid as id`)).rows[0].id
    await client.end()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists schemas with the protected ones marked, and the entities of a schema', async () => {
    const schemas = (await owner.get(api('/schemas'))).json()
    expect(schemas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'public', protected: false }),
        expect.objectContaining({ name: 'auth', protected: true }),
      ]),
    )
    const entities = (await owner.get(api('/entities?schema=public'))).json()
    expect(entities).toMatchObject({ page: 1, total: 1, hasMore: false })
    expect(entities.entities[0]).toMatchObject({
      id: notesId,
      schema: 'public',
      name: 'notes',
      type: 'table',
      rls_enabled: true,
    })
  })

  it('gets a table by id with its columns, primary key and relationships', async () => {
    const table = (await owner.get(api(`/tables?id=${notesId}`))).json()
    expect(table).toMatchObject({ name: 'notes', comment: 'Private notes', primary_keys: [{ name: 'id' }] })
    expect(table.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'owner', 'body'])
    expect(table.relationships[0]).toMatchObject({
      source_column_name: 'owner',
      target_table_schema: 'auth',
      target_table_name: 'users',
    })
  })

  it('reads rows and counts as the impersonated role, so RLS applies', async () => {
    const rows = async (impersonation?: object) => {
      const res = await owner.post(api('/table-rows'), { schema: 'public', table: 'notes', impersonation })
      expect(res.statusCode).toBe(200)
      return res.json().rows.map((r: { data: { body: string } }) => r.data.body)
    }
    expect(await rows()).toEqual(['a1', 'a2', 'b1'])
    expect(await rows({ role: 'authenticated', userId: A })).toEqual(['a1', 'a2'])
    expect(await rows({ role: 'authenticated', userId: B })).toEqual(['b1'])
    expect(await rows({ role: 'anon' })).toEqual([])
    expect(await rows({ role: 'service_role' })).toEqual(['a1', 'a2', 'b1'])

    const count = await owner.post(api('/table-count'), {
      schema: 'public',
      table: 'notes',
      impersonation: { role: 'authenticated', userId: A },
    })
    expect(count.json()).toEqual({ count: 2, is_estimate: false })
  })

  it('filters and sorts, and keeps Postgres errors whole', async () => {
    const res = await owner.post(api('/table-rows'), {
      schema: 'public',
      table: 'notes',
      filters: [{ column: 'body', operator: '~~', value: 'a%' }],
      sorts: [{ column: 'body', ascending: false }],
    })
    expect(res.json().rows.map((r: { data: { body: string } }) => r.data.body)).toEqual(['a2', 'a1'])
    const bad = await owner.post(api('/table-rows'), {
      schema: 'public',
      table: 'notes',
      sorts: [{ column: 'nope', ascending: true }],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'pg_error', message: expect.stringContaining('does not exist') })
  })

  it('refuses to impersonate a user who does not exist', async () => {
    const res = await owner.post(api('/table-rows'), {
      schema: 'public',
      table: 'notes',
      impersonation: { role: 'authenticated', userId: '99999999-0000-4000-8000-000000000000' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/not found/)
  })

  it('shows the table definition with its RLS policy', async () => {
    const { definition } = (await owner.get(api(`/table-definition?id=${notesId}`))).json()
    expect(definition).toContain('create table "public"."notes" (')
    expect(definition).toContain('"id" bigint generated always as identity not null')
    expect(definition).toContain(`comment on table "public"."notes" is 'Private notes';`)
    expect(definition).toContain('alter table "public"."notes" enable row level security;')
    // The policy as @basalt/sql's policy module writes it (the editor's review shows the same text).
    expect(definition).toContain(
      'create policy "own notes" on "public"."notes"\nas permissive\nfor select\nto "authenticated"\nusing ((auth.uid() = owner));',
    )
  })

  it("offers no role of Basalt's own logins as a policy target: they are reserved like spec 1's", async () => {
    const { rows } = await t.db.query<{ admin_role: string; readonly_role: string }>(
      'select admin_role, readonly_role from basalt.projects where ref = $1',
      [ref],
    )
    const own = [rows[0]!.admin_role, rows[0]!.readonly_role]
    // The roles exist in the project's database (on this shared server, basalt_…_<ref>_admin and _readonly)…
    const client = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
    await client.connect()
    try {
      const found = await client.query('select rolname from pg_roles where rolname = any($1) order by 1', [own])
      expect(found.rows.map((r) => r.rolname)).toEqual([...own].sort())
    } finally {
      await client.end()
    }
    // …and the roles list, which the policy editor's Target roles offers, leaves them out.
    const names = (await owner.get(api('/roles'))).json().map((r: { name: string }) => r.name)
    expect(names).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']))
    for (const name of own) expect(names).not.toContain(name)
  })

  it('searches auth users to impersonate', async () => {
    const all = (await owner.get(`/api/platform/auth/${ref}/users`)).json()
    expect(all.users.map((u: { email: string }) => u.email).sort()).toEqual(['ada@example.com', 'bob@example.com'])
    const ada = (await owner.get(`/api/platform/auth/${ref}/users?keywords=${encodeURIComponent(' ADA ')}`)).json()
    expect(ada.users).toEqual([
      expect.objectContaining({ id: A, email: 'ada@example.com', phone: null, user_metadata: {}, providers: [] }),
    ])
    expect(ada.nextCursor).toBeNull()
    const none = (await owner.get(`/api/platform/auth/${ref}/users?keywords=%25`)).json()
    expect(none.users).toEqual([])
  })

  it('answers 404 to someone who is not a member of the project', async () => {
    const res = await new Agent(t.app).get(api('/schemas'))
    expect(res.statusCode).toBe(401)
  })
})
