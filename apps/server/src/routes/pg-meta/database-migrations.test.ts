import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseMigrationsResponse } from '@basalt/contracts'
import { Agent, createProjectApp, projectSuperuserUrl } from '../../../test/platform-app.ts'
import { createTestDatabase } from '../../../test/databases.ts'

const suffix = Math.random().toString(36).slice(2, 8)

describe('Database › Migrations routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const pgMeta = (path: string) => `/api/platform/pg-meta/${p.ref}/${path}`
  const history = async (): Promise<DatabaseMigrationsResponse> =>
    (await p.owner.get(pgMeta('database/migrations'))).json()

  beforeAll(async () => {
    p = await createProjectApp('Migrations')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
  })
  afterAll(async () => {
    await p.database.query(`drop role if exists mig_${suffix}`)
    await p?.close()
  })

  it('records each schema change a member ran — table editor, Database pages, policies — numbered, with its SQL and author', async () => {
    expect((await history()).migrations).toEqual([])
    const table = await p.owner.post(pgMeta('tables'), {
      schema: 'public',
      name: 'notes',
      rlsEnabled: true,
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        { name: 'body', type: 'text' },
      ],
    })
    expect(table.statusCode, table.body).toBe(201)
    expect(
      (await p.owner.post(pgMeta('database/types'), { schema: 'public', name: 'mood', values: ['ok'] })).statusCode,
    ).toBe(201)
    const index = await p.owner.post(pgMeta('database/indexes'), {
      schema: 'public',
      table: 'notes',
      columns: ['body'],
    })
    expect(index.statusCode, index.body).toBe(201)
    const policy = await p.owner.post(pgMeta('policies'), {
      schema: 'public',
      table: 'notes',
      name: 'read all',
      command: 'SELECT',
      roles: ['authenticated'],
      definition: 'true',
    })
    expect(policy.statusCode, policy.body).toBe(201)
    // A refused change records nothing.
    expect(
      (await p.owner.post(pgMeta('database/indexes'), { schema: 'public', table: 'notes', columns: ['nope'] }))
        .statusCode,
    ).toBe(400)

    const { migrations, supabase } = await history()
    expect(supabase).toBeNull()
    expect(migrations.map((m) => [m.number, m.name])).toEqual([
      [1, 'table_create_public_notes'],
      [2, 'type_create_public_mood'],
      [3, 'index_create_public_notes_body_idx_on_notes'],
      [4, 'policy_create_read_all_on_public_notes'],
    ])
    expect(migrations.every((m) => m.author === 'owner@example.com')).toBe(true)
    expect(migrations[2]!.statements).toBe('CREATE INDEX "notes_body_idx" ON "public"."notes" USING btree ("body");')
    expect(migrations[0]!.statements).toMatch(/^create table "public"."notes"/im)
    expect(migrations[0]!.statements).not.toMatch(/^select/im)
    const versions = migrations.map((m) => BigInt(m.version))
    expect(versions.every((v, i) => i === 0 || v > versions[i - 1]!)).toBe(true)
  })

  it('downloads the migrations as files that apply to another database', async () => {
    const one = await p.owner.get(pgMeta('database/migrations/file?number=3'))
    expect(one.headers['content-disposition']).toMatch(
      /attachment; filename="\d{14}_index_create_public_notes_body_idx_on_notes\.sql"/,
    )
    const all = await p.owner.get(pgMeta('database/migrations/file'))
    expect(all.statusCode).toBe(200)
    // Another database with the roles the policies name: the file applies there whole.
    const other = await createTestDatabase('migapply')
    const client = new pg.Client({ connectionString: other.url })
    await client.connect()
    try {
      await client.query(all.body)
      const { rows } = await client.query(
        `select (select count(*) from pg_indexes where indexname = 'notes_body_idx')::int as indexes,
                (select count(*) from pg_policy where polname = 'read all')::int as policies,
                (select array_agg(enumlabel::text) from pg_enum) as labels`,
      )
      expect(rows[0]).toEqual({ indexes: 1, policies: 1, labels: ['ok'] })
    } finally {
      await client.end()
      await other.drop()
    }
  })

  it("leaves a role's password out of its migration, and lists the Supabase CLI's history when there is one", async () => {
    const role = await p.owner.post(pgMeta('database/roles'), {
      name: `mig_${suffix}`,
      can_login: true,
      password: 'hunter2-secret',
    })
    expect(role.statusCode, role.body).toBe(201)
    const last = (await history()).migrations.at(-1)!
    expect(last.statements).toContain(`CREATE ROLE "mig_${suffix}"`)
    expect(last.statements).toContain('a password is not recorded')
    // Only the password's statement is left out: the role is created with its attributes.
    expect(last.statements).toMatch(new RegExp(`^CREATE ROLE "mig_${suffix}" .*LOGIN`, 'm'))
    expect(last.statements).not.toContain('hunter2')

    const su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
    const admin = (await p.database.query<{ u: string }>('select current_user as u')).rows[0]!.u
    await su.query(`
      create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
      insert into supabase_migrations.schema_migrations values ('20240101000000', array['create table a ()'], 'init');
      grant usage on schema supabase_migrations to "${admin}";
      grant select on supabase_migrations.schema_migrations to "${admin}";
    `)
    await su.end()
    expect((await history()).supabase).toEqual([
      { version: '20240101000000', name: 'init', statements: ['create table a ()'] },
    ])
  })

  it('lets a Read-only member read; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(pgMeta('database/migrations'))).statusCode).toBe(200)
    expect((await outsider.get(pgMeta('database/migrations'))).statusCode).toBe(404)
    expect((await outsider.get(pgMeta('database/migrations/file'))).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(pgMeta('database/migrations'))).statusCode).toBe(401)
  })
})
