import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PoolTarget } from '../src/db/pools.ts'
import { projectLogin } from '../src/db/connections.ts'
import type { ProjectRow } from '../src/platform/projects.ts'
import { Agent, createTestApp, projectSuperuserUrl, waitForProject } from './platform-app.ts'

/**
 * The isolation matrix (issue 9, docs/isolation.md): what project A's connections — its admin role, its
 * read-only role, and the admin switched to an API role as impersonated calls are — may not do, on a shared
 * server (databases with their own roles) and on clusters of their own (the embedded default). Every attack
 * must be refused by Postgres itself, whatever SQL reaches it.
 */

/** SQLSTATEs of a refusal: insufficient privilege, a read-only transaction, or a login that is not allowed. */
const REFUSED = ['42501', '25006', '28P01', '28000', '3D000']
/** Impersonated calls run in a transaction, where ALTER SYSTEM is refused before its privilege is checked. */
const REFUSED_IN_TRANSACTION = [...REFUSED, '25001']

type Connection = 'admin' | 'read-only' | 'impersonated'

/** Attacks on the server from inside a project: each must fail, from every connection of the project. */
const SERVER_ATTACKS: { attack: string; sql: string }[] = [
  { attack: 'run a program with COPY … FROM PROGRAM', sql: `copy (select 1) to program 'id > /tmp/basalt-pwned'` },
  { attack: 'read a server file with COPY', sql: `create temp table f(l text); copy f from '/etc/passwd'` },
  { attack: 'read a server file with pg_read_file', sql: `select pg_read_file('/etc/passwd')` },
  { attack: 'list the data directory with pg_ls_dir', sql: `select pg_ls_dir('.')` },
  { attack: 'import a server file with lo_import', sql: `select lo_import('/etc/passwd')` },
  { attack: 'create extension dblink', sql: 'create extension dblink' },
  { attack: 'create extension postgres_fdw', sql: 'create extension postgres_fdw' },
  { attack: 'load C code', sql: `create function x() returns int as '/lib/x.so', 'x' language c` },
  { attack: 'alter system', sql: `alter system set log_statement = 'all'` },
  { attack: 'give anon BYPASSRLS', sql: 'alter role anon bypassrls' },
  { attack: 'create a superuser', sql: 'create role boss superuser login' },
  { attack: 'set role to the superuser', sql: 'set role postgres' },
  { attack: 'grant itself pg_execute_server_program', sql: 'grant pg_execute_server_program to current_user' },
  { attack: 'read pg_authid', sql: 'select rolpassword from pg_authid' },
  {
    attack: "end Basalt's own session on the project database",
    sql: `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and usename = 'postgres' and pid <> pg_backend_pid()`,
  },
]

/** Writes a Read-only member's connection may not make, whatever SQL it sends. */
const READ_ONLY_WRITES: { attack: string; sql: string }[] = [
  { attack: 'insert', sql: `insert into public.notes (body) values ('x')` },
  { attack: 'update', sql: `update public.notes set body = 'x'` },
  { attack: 'delete', sql: 'delete from public.notes' },
  { attack: 'DDL', sql: 'create table public.sneaky (id int)' },
  { attack: 'drop a table', sql: 'drop table public.notes' },
  { attack: 'nextval', sql: `select nextval('public.notes_id_seq')` },
  { attack: 'a volatile function that writes', sql: 'select public.add_note()' },
  { attack: 'a security-definer function that writes', sql: 'select public.add_note_as_owner()' },
  { attack: 'truncate', sql: 'truncate public.notes' },
  {
    attack: 'become service_role and insert',
    sql: `set role service_role; insert into public.notes (body) values ('x')`,
  },
  {
    attack: 'leave the read-only transaction, become service_role and insert',
    sql: `commit; set default_transaction_read_only = off; set role service_role; insert into public.notes (body) values ('x')`,
  },
]

async function refusal(target: PoolTarget & { options?: string }, run: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client(target)
  client.on('error', () => {})
  try {
    await client.connect()
    await run(client)
    return null
  } catch (err) {
    return (err as { code?: string }).code ?? String(err)
  } finally {
    await client.end().catch(() => {})
  }
}

describe.each([
  ['a shared server', false],
  ['clusters of their own', true],
])('project isolation on %s', (_name, clusters) => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let a: ProjectRow
  let b: ProjectRow
  let bAdmin: pg.Client
  /** Basalt's own (superuser) session on A's database, which A's roles must not be able to end. */
  let superuser: pg.Client
  const login = (p: ProjectRow, as: 'admin' | 'read_only') => projectLogin(t.app.platform, p, as)

  /** Runs sql on one of project A's connections; answers the SQLSTATE of the refusal, or null if it ran. */
  const runAs = (connection: Connection, sql: string) =>
    refusal(login(a, connection === 'read-only' ? 'read_only' : 'admin'), async (c) => {
      if (connection !== 'impersonated') return c.query(sql)
      await c.query(`begin; select set_config('role', 'authenticated', true)`)
      try {
        return await c.query(sql)
      } finally {
        await c.query('rollback').catch(() => {})
      }
    })

  beforeAll(async () => {
    t = await createTestApp({ clusters })
    // Two projects in two organisations.
    const owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    const [alpha] = (await owner.get('/api/organizations')).json()
    const beta = (await owner.post('/api/organizations', { name: 'Beta org' })).json()
    const created: ProjectRow[] = []
    for (const [slug, name] of [
      [alpha.slug, 'Alpha'],
      [beta.slug, 'Beta'],
    ] as const) {
      const { ref } = (await owner.post(`/api/organizations/${slug}/projects`, { name })).json()
      expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active' })
      const { rows } = await t.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
      created.push(rows[0]!)
    }
    ;[a, b] = created as [ProjectRow, ProjectRow]

    const aAdmin = new pg.Client(login(a, 'admin'))
    await aAdmin.connect()
    await aAdmin.query(`
      create table public.notes (id bigint generated by default as identity primary key, body text);
      insert into public.notes (body) values ('kept');
      create function public.add_note() returns void language sql volatile
        as $$ insert into public.notes (body) values ('written') $$;
      create function public.add_note_as_owner() returns void language sql volatile security definer
        as $$ insert into public.notes (body) values ('written') $$;
    `)
    await aAdmin.end()
    // B's admin leaves a query with a secret literal in pg_stat_activity.
    bAdmin = new pg.Client(login(b, 'admin'))
    await bAdmin.connect()
    await bAdmin.query(`select 'beta-secret-literal' as s`)
    superuser = new pg.Client({ connectionString: await projectSuperuserUrl(t, a.ref) })
    await superuser.connect()
  })
  afterAll(async () => {
    await superuser?.end()
    await bAdmin?.end()
    await t?.close()
  })

  it('gives each project an admin role that is no superuser and holds no role reaching the server', async () => {
    const su = new pg.Client({ connectionString: await projectSuperuserUrl(t, a.ref) })
    await su.connect()
    try {
      const { rows } = await su.query(
        `select r.rolname, r.rolsuper, r.rolcreaterole, r.rolbypassrls, r.rolconnlimit,
                array(select g.rolname from pg_auth_members m join pg_roles g on g.oid = m.roleid
                       where m.member = r.oid order by g.rolname::text collate "C")::text[] as member_of
           from pg_roles r where r.rolname = any($1) order by r.rolname = $2 desc`,
        [[a.admin_role, a.readonly_role], a.admin_role],
      )
      expect(rows).toEqual([
        {
          rolname: a.admin_role,
          rolsuper: false,
          rolcreaterole: true,
          rolbypassrls: true,
          rolconnlimit: 20,
          // The storage tables' owner (db/project-roles.ts storageOwnerOf), so that storage policies are the admin's.
          member_of: [
            'anon',
            'authenticated',
            a.admin_role!.replace(/_admin$/, '_storage_admin'),
            'service_role',
          ].sort(),
        },
        {
          rolname: a.readonly_role,
          rolsuper: false,
          rolcreaterole: false,
          rolbypassrls: true,
          rolconnlimit: 20,
          member_of: [],
        },
      ])
      const owner = await su.query('select pg_get_userbyid(datdba) as owner from pg_database where datname = $1', [
        a.database_name,
      ])
      expect(owner.rows[0].owner).toBe(a.admin_role)
    } finally {
      await su.end()
    }
  })

  it('lets the admin write policies on storage.objects and storage.buckets, and the read-only login not', async () => {
    const statements = [
      `create policy "own folder" on storage.objects for insert to authenticated
         with check ((storage.foldername(name))[1] = (select auth.uid())::text)`,
      `create policy "see buckets" on storage.buckets for select to anon using (true)`,
    ]
    for (const sql of statements) expect(await runAs('read-only', sql)).not.toBeNull()
    expect(await runAs('admin', statements.join(';'))).toBeNull()
    const policies = await superuser.query(
      "select tablename, policyname from pg_policies where schemaname = 'storage' order by 1, 2",
    )
    expect(policies.rows).toEqual([
      { tablename: 'buckets', policyname: 'see buckets' },
      { tablename: 'objects', policyname: 'own folder' },
    ])
    expect(await runAs('read-only', 'drop policy "own folder" on storage.objects')).not.toBeNull()
    expect(
      await runAs('admin', 'drop policy "own folder" on storage.objects; drop policy "see buckets" on storage.buckets'),
    ).toBeNull()
    expect((await superuser.query("select 1 from pg_policies where schemaname = 'storage'")).rowCount).toBe(0)
    // The owner is the NOLOGIN storage owner, not the admin, and it cannot log in.
    const owners = await superuser.query(
      `select c.relname, pg_get_userbyid(c.relowner) as owner, r.rolcanlogin
         from pg_class c join pg_roles r on r.oid = c.relowner
        where c.oid in ('storage.objects'::regclass, 'storage.buckets'::regclass) order by 1`,
    )
    const owner = a.admin_role!.replace(/_admin$/, '_storage_admin')
    expect(owners.rows).toEqual([
      { relname: 'buckets', owner, rolcanlogin: false },
      { relname: 'objects', owner, rolcanlogin: false },
    ])
  })

  describe.each(['admin', 'read-only', 'impersonated'] as const)('from the %s connection', (connection) => {
    it.each(SERVER_ATTACKS)('refuses to $attack', async ({ sql }) => {
      expect(connection === 'impersonated' ? REFUSED_IN_TRANSACTION : REFUSED).toContain(await runAs(connection, sql))
    })

    it("cannot see another project's running queries", async () => {
      const seen = await refusal(login(a, connection === 'read-only' ? 'read_only' : 'admin'), async (c) => {
        const { rows } = await c.query(
          `select query from pg_stat_activity where pid <> pg_backend_pid() and query like '%beta-secret' || '-literal%'`,
        )
        if (rows.length > 0) throw new Error(`saw: ${rows[0].query}`)
      })
      expect(seen).toBeNull()
    })
  })

  it.each(READ_ONLY_WRITES)('refuses a Read-only connection to write: $attack', async ({ sql }) => {
    expect(REFUSED).toContain(await runAs('read-only', sql))
  })

  it('refuses a Read-only connection to write even after it turns read-only transactions off', async () => {
    expect(REFUSED).toContain(
      await runAs('read-only', `set default_transaction_read_only = off; insert into public.notes (body) values ('x')`),
    )
    const admin = new pg.Client(login(a, 'admin'))
    await admin.connect()
    const { rows } = await admin.query('select body from public.notes order by id')
    await admin.end()
    expect(rows.map((r) => r.body)).toEqual(['kept'])
  })

  describe('through the routes, as members send them', () => {
    let owner: Agent
    let readOnly: Agent
    let notesId: number
    const api = (path: string) => `/api/platform/pg-meta/${a.ref}${path}`
    /** What must still hold after every attack: no table planted, no program run, the notes whole. */
    const unharmed = async () => {
      const { rows } = await superuser.query(
        `select (select count(*)::int from public.notes) as notes,
                array(select relname::text from pg_class where relname in ('rce', 'x', 'y', 'z', 'pwned') order by 1) as planted`,
      )
      expect(rows[0]).toEqual({ notes: 1, planted: [] })
    }

    beforeAll(async () => {
      owner = new Agent(t.app)
      await owner.signIn('owner@example.com')
      const { rows: orgs } = await t.db.query('select slug from basalt.organizations where id = $1', [
        a.organization_id,
      ])
      const { token } = (
        await owner.post(`/api/organizations/${orgs[0].slug}/invitations`, {
          email: 'ro@example.com',
          role: 'read_only',
        })
      ).json()
      readOnly = new Agent(t.app)
      await readOnly.signUp('ro@example.com', 'correct horse battery', token)
      const { rows } = await superuser.query(`select 'public.notes'::regclass::oid::int as id`)
      notesId = rows[0].id
    })

    const column = { name: 'extra', type: 'text' }
    const DDL_ATTACKS: { field: string; body: () => Record<string, unknown> }[] = [
      {
        field: 'default expression',
        body: () => ({
          ...column,
          defaultValue: `0; create table public.rce(line text); copy public.rce from program 'id'; --`,
          defaultValueFormat: 'expression',
        }),
      },
      { field: 'check', body: () => ({ ...column, check: 'true); create table public.x(); --' }) },
      { field: 'type', body: () => ({ ...column, type: 'int4; create table public.z()' }) },
      {
        field: 'foreign key',
        body: () => ({
          ...column,
          foreignKey: { schema: 'public', table: 'notes"; create table public.z(); --', column: 'id' },
        }),
      },
    ]
    it.each(DDL_ATTACKS)('refuses statements stacked in a column’s $field, and changes nothing', async ({ body }) => {
      const res = await owner.post(api('/columns'), { tableId: notesId, ...body() })
      expect(res.statusCode).toBe(400)
      await unharmed()
    })

    it('keeps a comment a comment', async () => {
      const res = await owner.post(api('/columns'), {
        tableId: notesId,
        ...column,
        comment: `'; create table public.y(); --`,
      })
      expect(res.statusCode).toBe(201)
      expect(res.json().comment).toBe(`'; create table public.y(); --`)
      await owner.delete(`${api('/columns')}?id=${res.json().id}`)
      await unharmed()
    })

    it.each([
      ['a filter value', { filters: [{ column: 'id', operator: '=', value: `1; drop table public.notes` }] }],
      ['a filter column', { filters: [{ column: 'id = 1; drop table public.notes; --', operator: '=', value: '1' }] }],
      ['a sort column', { sorts: [{ column: 'id; drop table public.notes', ascending: true }] }],
    ])('refuses SQL in %s', async (_what, params) => {
      const res = await owner.post(api('/table-rows'), { schema: 'public', table: 'notes', ...params })
      expect(res.statusCode).toBe(400)
      await unharmed()
    })

    it('lets a Read-only member read as an API role, and never write as one', async () => {
      const asAnon = await readOnly.post(api('/table-rows'), {
        schema: 'public',
        table: 'notes',
        impersonation: { role: 'service_role' },
      })
      expect(asAnon.statusCode).toBe(200)
      expect(asAnon.json().rows).toHaveLength(1)
      const write = await readOnly.post(api('/table-rows/insert'), {
        schema: 'public',
        table: 'notes',
        rows: [{ body: 'x' }],
        impersonation: { role: 'service_role' },
      })
      expect(write.statusCode).toBe(403)
      await unharmed()
    })

    it.each(['owner', 'read-only'] as const)(
      "does not show the %s member pg_authid's password hashes or another project's queries",
      async (who) => {
        const agent = who === 'owner' ? owner : readOnly
        const authid = await agent.post(api('/table-rows'), { schema: 'pg_catalog', table: 'pg_authid' })
        expect(authid.statusCode).toBe(400)
        expect(authid.json()).toMatchObject({ code: 'pg_error', pg: { code: '42501' } })
        const activity = await agent.post(api('/table-rows'), {
          schema: 'pg_catalog',
          table: 'pg_stat_activity',
          limit: 1000,
        })
        expect(activity.statusCode).toBe(200)
        expect(activity.body).not.toContain('beta-secret-literal')
      },
    )
  })

  it.each(['admin', 'read_only'] as const)(
    "refuses the %s login on the platform database and on another project's database",
    async (as) => {
      const target = login(a, as) as { host: string; port: number; user: string; password: string }
      const platform = new URL((t.db as unknown as { options: { connectionString: string } }).options.connectionString)
      const platformTarget = {
        ...target,
        host: platform.hostname,
        port: Number(platform.port),
        database: platform.pathname.slice(1),
      }
      expect(REFUSED).toContain(await refusal(platformTarget, (c) => c.query('select 1')))
      const otherProject = { ...login(b, 'admin'), user: target.user, password: target.password }
      expect(REFUSED).toContain(await refusal(otherProject, (c) => c.query('select 1')))
    },
  )
})
