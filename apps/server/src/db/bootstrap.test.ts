import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/databases.ts'
import { bootstrapProjectDatabase } from './bootstrap.ts'
import { createPool } from './pools.ts'
import { withRole } from './impersonation.ts'

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

describe('project database bootstrap', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let client: pg.Client
  beforeAll(async () => {
    db = await createTestDatabase('boot')
    client = await connect(db.url)
  })
  afterAll(async () => {
    await client.end()
    await db.drop()
  })

  it('creates the contract on an empty database', async () => {
    const applied = await bootstrapProjectDatabase(client)
    expect(applied.length).toBeGreaterThan(0)
    const roles = await client.query(
      `select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
        where rolname in ('anon','authenticated','service_role','authenticator') order by rolname`,
    )
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false, rolinherit: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolinherit: false },
    ])
    const members = await client.query(
      `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
        join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    )
    expect(members.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role'])
    const cols = await client.query(
      `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users' order by column_name`,
    )
    expect(cols.rows.map((r) => r.column_name)).toEqual([
      'aud',
      'banned_until',
      'confirmation_token',
      'confirmed_at',
      'created_at',
      'deleted_at',
      'email',
      'email_change',
      'email_change_token_current',
      'email_change_token_new',
      'email_confirmed_at',
      'encrypted_password',
      'id',
      'instance_id',
      'is_anonymous',
      'last_sign_in_at',
      'phone',
      'phone_change',
      'phone_change_token',
      'phone_confirmed_at',
      'raw_app_meta_data',
      'raw_user_meta_data',
      'reauthentication_token',
      'recovery_token',
      'role',
      'updated_at',
    ])
    // GoTrue's identities, removed with their user; confirmed_at follows the first confirmation.
    await client.query(`insert into auth.users (id, email, email_confirmed_at)
      values ('33333333-3333-3333-3333-333333333333', 'i@example.com', '2026-01-02T00:00:00Z')`)
    await client.query(`insert into auth.identities (provider_id, user_id, identity_data, provider)
      values ('33333333-3333-3333-3333-333333333333', '33333333-3333-3333-3333-333333333333', '{"email": "I@Example.com"}', 'email')`)
    const identity = await client.query(
      `select i.email, u.confirmed_at::text, u.confirmation_token from auth.identities i join auth.users u on u.id = i.user_id`,
    )
    expect(identity.rows).toEqual([
      { email: 'i@example.com', confirmed_at: '2026-01-02 00:00:00+00', confirmation_token: '' },
    ])
    await client.query(`delete from auth.users where id = '33333333-3333-3333-3333-333333333333'`)
    expect((await client.query('select count(*)::int as n from auth.identities')).rows[0].n).toBe(0)
    const rls = await client.query(`select relrowsecurity from pg_class where oid = 'storage.objects'::regclass`)
    expect(rls.rows[0].relrowsecurity).toBe(true)
    const fns = await client.query(
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file,
              storage.extension('a/b/c.tar.gz') as ext, storage.extension('noext') as none`,
    )
    expect(fns.rows[0]).toEqual({ folders: ['a', 'b'], file: 'c.png', ext: 'gz', none: '' })
  })

  it('is idempotent: a second run applies nothing and changes nothing', async () => {
    const snapshot = () =>
      client.query(
        `select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('auth','storage','extensions','_basalt') order by 1, 2`,
      )
    const before = await snapshot()
    expect(await bootstrapProjectDatabase(client)).toEqual([])
    expect((await snapshot()).rows).toEqual(before.rows)
  })

  it('reads claims from request.jwt.claims and the older request.jwt.claim.*', async () => {
    await client.query('begin')
    await client.query(
      `select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","role":"authenticated","email":"a@x.io"}', true)`,
    )
    const a = await client.query(
      'select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub',
      ['sub'],
    )
    expect(a.rows[0]).toEqual({
      uid: '00000000-0000-0000-0000-00000000000a',
      role: 'authenticated',
      email: 'a@x.io',
      sub: '00000000-0000-0000-0000-00000000000a',
    })
    await client.query(
      `select set_config('request.jwt.claims', '', true), set_config('request.jwt.claim.sub', '00000000-0000-0000-0000-00000000000b', true)`,
    )
    const b = await client.query('select auth.uid()::text as uid')
    expect(b.rows[0].uid).toBe('00000000-0000-0000-0000-00000000000b')
    await client.query('rollback')
  })
})

describe('bootstrap on a database that already has part of the contract (as Supabase does)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let client: pg.Client
  beforeAll(async () => {
    db = await createTestDatabase('supa')
    client = await connect(db.url)
    // A database set up elsewhere: its own auth.users with extra columns and data, its own auth.uid(),
    // a storage.buckets table with an extra column, and data in them.
    await client.query(`
      create schema auth;
      create table auth.users (id uuid primary key, email text, instance_id uuid, aud varchar(255), confirmation_token text);
      insert into auth.users (id, email, aud) values ('11111111-1111-1111-1111-111111111111', 'kept@example.com', 'authenticated');
      create function auth.uid() returns uuid language sql stable as $$ select '22222222-2222-2222-2222-222222222222'::uuid $$;
      create schema storage;
      create table storage.buckets (id text primary key, name text not null, owner uuid, avif_autodetection boolean default false);
      insert into storage.buckets (id, name) values ('avatars', 'avatars');
    `)
  })
  afterAll(async () => {
    await client.end()
    await db.drop()
  })

  it('adds only what is missing and drops nothing', async () => {
    await bootstrapProjectDatabase(client)
    const users = await client.query('select id::text, email, aud from auth.users')
    expect(users.rows).toEqual([
      { id: '11111111-1111-1111-1111-111111111111', email: 'kept@example.com', aud: 'authenticated' },
    ])
    const cols = await client.query(
      `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'`,
    )
    const names = cols.rows.map((r) => r.column_name)
    expect(names).toEqual(
      expect.arrayContaining(['instance_id', 'aud', 'confirmation_token', 'raw_app_meta_data', 'is_anonymous']),
    )
    // The existing function is kept as it was, not replaced.
    expect((await client.query('select auth.uid()::text as uid')).rows[0].uid).toBe(
      '22222222-2222-2222-2222-222222222222',
    )
    const buckets = await client.query('select id, owner, avif_autodetection, public from storage.buckets')
    expect(buckets.rows).toEqual([{ id: 'avatars', owner: null, avif_autodetection: false, public: false }])
    expect(await bootstrapProjectDatabase(client)).toEqual([])
  })
})

describe('role impersonation under RLS', () => {
  const userA = 'aaaaaaaa-0000-0000-0000-000000000001'
  const userB = 'bbbbbbbb-0000-0000-0000-000000000002'
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let pool: pg.Pool
  beforeAll(async () => {
    db = await createTestDatabase('rls')
    const client = await connect(db.url)
    await bootstrapProjectDatabase(client)
    await client.query(`
      insert into auth.users (id, email) values ('${userA}', 'a@example.com'), ('${userB}', 'b@example.com');
      create table public.notes (id bigint generated always as identity primary key, owner uuid not null, body text);
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated using (auth.uid() = owner);
      insert into public.notes (owner, body) values ('${userA}', 'a1'), ('${userA}', 'a2'), ('${userB}', 'b1');
    `)
    await client.end()
    pool = createPool(db.url, { max: 2 })
  })
  afterAll(async () => {
    await pool.end()
    await db.drop()
  })

  const bodies = (imp: Parameters<typeof withRole>[1]) =>
    withRole(pool, imp, async (c) =>
      (await c.query('select body from public.notes order by body')).rows.map((r) => r.body),
    )

  it('authenticated as user A sees only A rows, as B only B rows', async () => {
    expect(await bodies({ role: 'authenticated', userId: userA })).toEqual(['a1', 'a2'])
    expect(await bodies({ role: 'authenticated', userId: userB })).toEqual(['b1'])
  })

  it('anon sees none', async () => {
    expect(await bodies({ role: 'anon' })).toEqual([])
  })

  it('service_role sees all', async () => {
    expect(await bodies({ role: 'service_role' })).toEqual(['a1', 'a2', 'b1'])
  })

  it('sets the claims PostgREST would and leaves no role behind on the pooled connection', async () => {
    const claims = await withRole(
      pool,
      { role: 'authenticated', userId: userA },
      async (c) => (await c.query(`select current_user as role, auth.jwt() as jwt`)).rows[0],
    )
    expect(claims.role).toBe('authenticated')
    expect(claims.jwt).toMatchObject({
      sub: userA,
      email: 'a@example.com',
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
    })
    const after = await Promise.all(
      [1, 2].map(() =>
        pool.query(`select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as c`),
      ),
    )
    for (const r of after) expect(r.rows[0]).toEqual({ role: 'postgres', c: '' })
  })

  it('refuses an unknown user', async () => {
    await expect(bodies({ role: 'authenticated', userId: '99999999-0000-0000-0000-000000000000' })).rejects.toThrow(
      /not found/,
    )
  })
})
