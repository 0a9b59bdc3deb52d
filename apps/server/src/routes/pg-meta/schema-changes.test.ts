import { DDL_MESSAGES } from '@basalt/sql'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp, projectAdminUrl, waitForProject } from '../../../test/platform-app.ts'

describe('table and column routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let readOnly: Agent
  let ref: string
  let slug: string
  let project: pg.Client
  const api = (path: string) => `/api/platform/pg-meta/${ref}${path}`

  /** The table as the editor reads it. */
  const getTable = async (id: number) => (await owner.get(api(`/tables?id=${id}`))).json()
  const columnNames = async (id: number) => (await getTable(id)).columns.map((c: { name: string }) => c.name)

  beforeAll(async () => {
    t = await createTestApp()
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    const [org] = (await owner.get('/api/organizations')).json()
    slug = org.slug
    ref = (await owner.post(`/api/organizations/${org.slug}/projects`, { name: 'Shop' })).json().ref
    expect((await waitForProject(owner, ref)).status).toBe('active')
    const { token } = (
      await owner.post(`/api/organizations/${org.slug}/invitations`, { email: 'ro@example.com', role: 'read_only' })
    ).json()
    readOnly = new Agent(t.app)
    expect((await readOnly.signUp('ro@example.com', 'correct horse battery', token)).statusCode).toBe(201)

    project = new pg.Client({ connectionString: await projectAdminUrl(t, ref) })
    await project.connect()
    await project.query('create table public.authors (id bigint generated always as identity primary key, name text)')
  })
  afterAll(async () => {
    await project?.end()
    await t?.close()
  })

  it('creates, edits and drops a table and its columns, each answered as the catalog then says', async () => {
    const created = await owner.post(api('/tables'), {
      schema: 'public',
      name: 'books',
      comment: 'On the shelf',
      rlsEnabled: true,
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        {
          name: 'created_at',
          type: 'timestamptz',
          defaultValue: 'now()',
          defaultValueFormat: 'expression',
          isNullable: false,
        },
      ],
    })
    expect(created.statusCode).toBe(201)
    const book = created.json()
    expect(book).toMatchObject({
      name: 'books',
      comment: 'On the shelf',
      rls_enabled: true,
      primary_keys: [{ name: 'id' }],
    })
    expect(book.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'created_at'])

    const column = await owner.post(api('/columns'), {
      tableId: book.id,
      name: 'author_id',
      type: 'int8',
      foreignKey: { schema: 'public', table: 'authors', column: 'id', deletionAction: 'cascade' },
    })
    expect(column.statusCode).toBe(201)
    expect(column.json()).toMatchObject({ name: 'author_id', format: 'int8', table_id: book.id })
    expect((await getTable(book.id)).relationships).toEqual([
      expect.objectContaining({
        source_column_name: 'author_id',
        target_table_name: 'authors',
        deletion_action: 'cascade',
      }),
    ])

    const columnId = column.json().id
    const renamed = await owner.patch(api(`/columns?id=${columnId}`), { name: 'writer_id', comment: 'Who wrote it' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ id: columnId, name: 'writer_id', comment: 'Who wrote it' })

    const updated = await owner.patch(api(`/tables?id=${book.id}`), {
      name: 'titles',
      comment: null,
      rls_enabled: false,
    })
    expect(updated.json()).toMatchObject({ id: book.id, name: 'titles', comment: null, rls_enabled: false })

    const dropped = await owner.delete(api(`/columns?id=${columnId}`))
    expect(dropped.json()).toMatchObject({ name: 'writer_id' })
    expect(await columnNames(book.id)).toEqual(['id', 'created_at'])

    const gone = await owner.delete(api(`/tables?id=${book.id}&cascade=true`))
    expect(gone.json()).toMatchObject({ id: book.id, name: 'titles' })
    expect((await owner.get(api(`/tables?id=${book.id}`))).statusCode).toBe(404)
  })

  it('audits each table change with the member who made it and the SQL that ran; a refused one not at all', async () => {
    const created = await owner.post(api('/tables'), {
      schema: 'public',
      name: 'ledger',
      rlsEnabled: false,
      columns: [{ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true }],
    })
    expect(created.statusCode, created.body).toBe(201)
    const column = await owner.post(api('/columns'), { tableId: created.json().id, name: 'amount', type: 'numeric' })
    expect(column.statusCode, column.body).toBe(201)
    const refused = await owner.post(api('/columns'), { tableId: created.json().id, name: 'amount', type: 'numeric' })
    expect(refused.statusCode).toBe(400)

    const { entries } = (await owner.get(`/api/organizations/${slug}/audit`)).json() as {
      entries: Array<{ action: string; actorEmail: string; target: string; details: Record<string, unknown> }>
    }
    const tableEntry = entries.find((e) => e.action === 'table.create' && e.target?.includes('ledger'))
    expect(tableEntry).toMatchObject({ actorEmail: 'owner@example.com', details: { project: ref } })
    expect(tableEntry!.details.sql).toMatch(
      /^create table "public"\."ledger" \(\s+"id" int8 generated by default as identity primary key\s+\);$/,
    )
    const columnEntries = entries.filter((e) => e.action === 'column.create' && e.target?.includes('amount'))
    expect(columnEntries).toHaveLength(1)
    expect(columnEntries[0]).toMatchObject({ actorEmail: 'owner@example.com' })
    expect(columnEntries[0]!.details.sql).toMatch(/alter table "public"\."ledger" add column "amount" numeric/i)
  })

  it("says the spec's messages and keeps Postgres errors whole", async () => {
    const unnamed = await owner.post(api('/tables'), {
      schema: 'public',
      name: 'shelves',
      rlsEnabled: true,
      columns: [{ name: ' ', type: 'text' }],
    })
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json()).toEqual({ code: 'bad_request', message: DDL_MESSAGES.columnNameRequired })

    const authors = (await project.query(`select 'public.authors'::regclass::oid::int8 as id`)).rows[0].id
    const untyped = await owner.post(api('/columns'), { tableId: Number(authors), name: 'bio', type: '' })
    expect(untyped.json()).toEqual({ code: 'bad_request', message: DDL_MESSAGES.columnTypeRequired })

    const bad = await owner.post(api('/columns'), {
      tableId: Number(authors),
      name: 'bio',
      type: 'text',
      check: 'bio >',
    })
    // Not one expression: refused before any SQL is built, with Postgres' parser's message.
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      code: 'bad_request',
      message: 'syntax error at or near ")"',
      formattedError: expect.stringContaining('HINT:  Check constraint must be a single expression'),
    })
    // One expression that Postgres refuses when it runs: its error kept whole, with the line it ran.
    const ghost = await owner.post(api('/columns'), {
      tableId: Number(authors),
      name: 'bio',
      type: 'text',
      check: 'ghost > 0',
    })
    expect(ghost.statusCode).toBe(400)
    expect(ghost.json()).toMatchObject({
      code: 'pg_error',
      message: 'column "ghost" does not exist',
      formattedError: 'ERROR:  column "ghost" does not exist',
      pg: { code: '42703' },
    })
    expect(await columnNames(Number(authors))).toEqual(['id', 'name'])
  })

  it('refuses every schema change to a Read-only member and changes nothing', async () => {
    await project.query('create table public.stock (id int primary key, qty int)')
    const id = Number((await project.query(`select 'public.stock'::regclass::oid::int8 as id`)).rows[0].id)
    const before = await getTable(id)
    const attempts = [
      readOnly.post(api('/tables'), { schema: 'public', name: 'sneaky', rlsEnabled: false, columns: [] }),
      readOnly.patch(api(`/tables?id=${id}`), { name: 'renamed' }),
      readOnly.delete(api(`/tables?id=${id}`)),
      readOnly.post(api('/columns'), { tableId: id, name: 'extra', type: 'text' }),
      readOnly.patch(api(`/columns?id=${id}.2`), { name: 'quantity' }),
      readOnly.delete(api(`/columns?id=${id}.2`)),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ code: 'forbidden' })
    }
    expect(await getTable(id)).toEqual(before)
    expect((await project.query(`select to_regclass('public.sneaky') as t`)).rows[0].t).toBeNull()
    // Reading is still theirs.
    expect((await readOnly.get(api(`/tables?id=${id}`))).statusCode).toBe(200)
  })
})
