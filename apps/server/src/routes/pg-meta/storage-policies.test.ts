import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseMigrationsResponse } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

const ADA = '00000000-0000-4000-8000-0000000000a1'
const BOB = '00000000-0000-4000-8000-0000000000b2'
const OWN_FOLDER = "bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text)"

/**
 * Storage policies (issue 25 points 4 and 5) through the policies routes: written by the project's admin
 * role on storage.objects (owned by the storage owner role it is a member of), several in one transaction,
 * audited and recorded as a migration; and 'Test as a user' of a Storage API operation on a path.
 */
describe('storage policy routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path: string) => `/api/platform/pg-meta/${p.ref}${path}`
  const stored = async () =>
    (
      await p.database.query(
        `select tablename, policyname, cmd, roles::text[] as roles from pg_policies where schemaname = 'storage' order by policyname`,
      )
    ).rows
  const objects = async () => (await p.database.query('select name from storage.objects order by name')).rows
  const policy = (name: string, command: string, expression: string) => ({
    schema: 'storage',
    table: 'objects',
    name,
    command,
    roles: ['authenticated'],
    ...(command === 'INSERT' ? { check: expression } : { definition: expression }),
  })
  const ownFolder = [
    policy('Own folder 1a2b3c_0', 'SELECT', OWN_FOLDER),
    policy('Own folder 1a2b3c_1', 'INSERT', OWN_FOLDER),
  ]

  beforeAll(async () => {
    p = await createProjectApp('Storage policies')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      insert into auth.users (id, email) values ('${ADA}', 'ada@example.com'), ('${BOB}', 'bob@example.com');
      insert into storage.buckets (id, name, public) values ('docs', 'docs', false);
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  const trial = (body: Record<string, unknown>) => p.owner.post(api('/policies/storage-test'), body)

  it('tries pending policies as a user, an operation on a path at a time, and keeps nothing', async () => {
    const base = { pending: { create: ownFolder }, bucket_id: 'docs' }
    const ada = await trial({
      ...base,
      as: { role: 'authenticated', userId: ADA },
      operation: 'upload',
      path: `${ADA}/a.txt`,
    })
    expect(ada.statusCode, ada.body).toBe(200)
    expect(ada.json()).toMatchObject({
      operation: 'upload',
      commands: ['INSERT'],
      allowed: true,
      reason: null,
      rls_enabled: true,
      policies: [{ name: 'Own folder 1a2b3c_1', command: 'INSERT', for: ['INSERT'], applies: true, passed: true }],
    })
    // Bob in Ada's folder: Postgres' own refusal, and the policy that said no.
    const bob = (
      await trial({ ...base, as: { role: 'authenticated', userId: BOB }, operation: 'upload', path: `${ADA}/a.txt` })
    ).json()
    expect(bob.allowed).toBe(false)
    expect(bob.reason).toBe('new row violates row-level security policy for table "objects"')
    expect(bob.policies).toMatchObject([{ name: 'Own folder 1a2b3c_1', applies: true, passed: false }])
    // Claims typed as JSON, as an app's token would carry them.
    const claims = (
      await trial({
        ...base,
        as: { claims: { role: 'authenticated', sub: BOB } },
        operation: 'upload',
        path: `${BOB}/b.txt`,
      })
    ).json()
    expect(claims).toMatchObject({ allowed: true, policies: [{ passed: true }] })
    // anon: the policies are for authenticated, so none applies; the object supposed there is not found.
    const anon = (await trial({ ...base, as: { role: 'anon' }, operation: 'download', path: `${ADA}/a.txt` })).json()
    expect(anon).toMatchObject({
      allowed: false,
      reason: 'Object not found',
      supposed: 'object',
      policies: [{ name: 'Own folder 1a2b3c_0', applies: false, passed: null }],
    })
    // Remove needs SELECT and DELETE: Ada sees her object but no DELETE policy lets her delete it.
    const remove = (
      await trial({ ...base, as: { role: 'authenticated', userId: ADA }, operation: 'remove', path: `${ADA}/a.txt` })
    ).json()
    expect(remove).toMatchObject({ commands: ['SELECT', 'DELETE'], allowed: false })
    expect(remove.reason).toMatch(/No DELETE policy/)
    expect(await stored()).toEqual([])
    expect(await objects()).toEqual([])

    // A bad path, an unknown bucket, an unknown user, service_role: a clear 400/404, nothing kept.
    const bad = await trial({ ...base, as: { role: 'anon' }, operation: 'upload', path: 'a/../b' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('The object name may not contain . or .. segments')
    const nobucket = await trial({ ...base, bucket_id: 'nope', as: { role: 'anon' }, operation: 'upload', path: 'a' })
    expect(nobucket.statusCode).toBe(404)
    const service = await trial({ ...base, as: { role: 'service_role' }, operation: 'upload', path: 'a' })
    expect(service.statusCode).toBe(400)
    const broken = await trial({
      pending: { create: [policy('Broken', 'SELECT', "bucket_id = 'docs' and")] },
      bucket_id: 'docs',
      as: { role: 'anon' },
      operation: 'download',
      path: 'a',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/syntax error/)
    expect(await stored()).toEqual([])
  })

  it('creates one policy per operation in one transaction as the admin, audited and recorded as one migration', async () => {
    // A definition that does not parse: Postgres' message, and neither policy saved.
    const refused = await p.owner.post(api('/policies/batch'), {
      policies: [ownFolder[0], policy('Own folder 1a2b3c_1', 'INSERT', "bucket_id = 'docs' and (")],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/syntax error/)
    const unknownColumn = await p.owner.post(api('/policies/batch'), {
      policies: [ownFolder[0], policy('Own folder 1a2b3c_1', 'INSERT', 'no_such_column = 1')],
    })
    expect(unknownColumn.statusCode).toBe(400)
    expect(unknownColumn.json().message).toBe('column "no_such_column" does not exist')
    expect(await stored()).toEqual([])

    const created = await p.owner.post(api('/policies/batch'), { policies: ownFolder })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().map((x: { name: string; command: string }) => [x.name, x.command])).toEqual([
      ['Own folder 1a2b3c_0', 'SELECT'],
      ['Own folder 1a2b3c_1', 'INSERT'],
    ])
    expect(await stored()).toEqual([
      { tablename: 'objects', policyname: 'Own folder 1a2b3c_0', cmd: 'SELECT', roles: ['authenticated'] },
      { tablename: 'objects', policyname: 'Own folder 1a2b3c_1', cmd: 'INSERT', roles: ['authenticated'] },
    ])
    const { migrations } = (await p.owner.get(api('/database/migrations'))).json() as DatabaseMigrationsResponse
    expect(migrations.at(-1)?.name).toMatch(/^policy_create_own_folder_1a2b3c_0_on_storage_objects/)
    const audit = await p.t.db.query<{ action: string; target: string }>(
      "select action, target from basalt.audit_log where action = 'policy.create' order by id desc limit 1",
    )
    expect(audit.rows[0]?.target).toBe('Own folder 1a2b3c_0 on storage.objects, Own folder 1a2b3c_1 on storage.objects')

    // The saved policies decide the test of an existing policy set (no pending ones).
    const saved = (
      await trial({
        bucket_id: 'docs',
        as: { role: 'authenticated', userId: ADA },
        operation: 'upload',
        path: `${BOB}/x`,
      })
    ).json()
    expect(saved).toMatchObject({ allowed: false, policies: [{ name: 'Own folder 1a2b3c_1', passed: false }] })
  })

  it('edits and deletes a storage policy through the policies routes; policies on storage.buckets too', async () => {
    const [select] = (await p.owner.get(api('/policies?included_schemas=storage'))).json()
    const renamed = await p.owner.patch(api(`/policies?id=${select.id}`), { name: 'Own folder read', roles: ['anon'] })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Own folder read', roles: ['anon'] })
    const buckets = await p.owner.post(api('/policies'), {
      schema: 'storage',
      table: 'buckets',
      name: 'See buckets',
      command: 'SELECT',
      definition: 'true',
    })
    expect(buckets.statusCode, buckets.body).toBe(201)
    expect((await p.owner.delete(api(`/policies?id=${buckets.json().id}`))).statusCode).toBe(200)
    expect((await p.owner.delete(api(`/policies?id=${select.id}`))).statusCode).toBe(200)
    expect((await stored()).map((r) => r.policyname)).toEqual(['Own folder 1a2b3c_1'])
    // Other tables of the storage schema stay the platform's.
    const migrations = await p.owner.post(api('/policies'), { ...policy('x', 'SELECT', 'true'), table: 'migrations' })
    expect(migrations.statusCode).toBe(400)
    expect(migrations.json().message).toMatch(/managed by the platform/)
  })

  it('refuses a Read-only member (403), a member of another organisation (404) and a signed-out caller (401)', async () => {
    const before = await stored()
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    const calls = [
      ['/policies/batch', { policies: ownFolder }],
      [
        '/policies/storage-test',
        { bucket_id: 'docs', as: { role: 'anon' }, operation: 'download', path: 'a', pending: { create: ownFolder } },
      ],
    ] as const
    for (const [path, body] of calls) {
      const refused = await readOnly.post(api(path), body)
      expect(refused.statusCode, path).toBe(403)
      expect(refused.json().message).toBe('You need additional permissions to edit RLS policies')
      expect((await outsider.post(api(path), body)).statusCode).toBe(404)
      expect((await anonymous.post(api(path), body)).statusCode).toBe(401)
    }
    expect(await stored()).toEqual(before)
  })
})
