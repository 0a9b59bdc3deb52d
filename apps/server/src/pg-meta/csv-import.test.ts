import { Readable } from 'node:stream'
import { CSV_IMPORT_TOO_LARGE_MESSAGE, type CsvImportOptions, type Impersonation, type Result } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportTableCsv } from './csv-export.ts'
import { CsvFileTooLargeError, copyLine, importCsv } from './csv-import.ts'
import { EXPRESSION_MESSAGES } from './expression.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

const ada = 'aaaaaaaa-0000-4000-8000-000000000001'
const bob = 'bbbbbbbb-0000-4000-8000-000000000002'

// Every type the round trip must keep: text with the CSV's own characters, '' apart from null, numbers,
// booleans, timestamps, json, arrays (of an enum too), bytea, an identity that COPY writes as given.
const KINDS_SQL = (name: string) => `
  create table public.${name} (
    id bigint generated always as identity primary key,
    title text,
    price numeric(12, 2),
    done boolean,
    due timestamptz,
    day date,
    meta jsonb,
    tags text[],
    moods public.mood[],
    blob bytea,
    n int
  );`

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'csvimp',
    `
    create type public.mood as enum ('sad', 'ok', 'happy');
    ${KINDS_SQL('kinds')}
    ${KINDS_SQL('kinds_copy')}
    create table public.people (id int primary key, name text not null, email text unique, age int);
    insert into public.people values (1, 'Existing', 'existing@example.com', 40);

    insert into auth.users (id, email) values ('${ada}', 'ada@example.com'), ('${bob}', 'bob@example.com');
    create table public.notes (id int primary key, owner uuid not null, body text);
    alter table public.notes enable row level security;
    create policy "read own" on public.notes for select to authenticated using (auth.uid() = owner);
    create policy "write own" on public.notes for insert to authenticated with check (auth.uid() = owner);
    insert into public.notes values (1, '${bob}', 'bob was here');
    `,
  )
})
afterAll(async () => {
  await db.drop()
})

class Rollback extends Error {
  constructor(readonly result: Result<unknown>) {
    super('rollback')
  }
}

type Options = Omit<CsvImportOptions, 'impersonation'>

/** What the route does: the import in one transaction (as a role), rolled back when it fails. */
async function importFile(file: string | Readable, options: Options, impersonation?: Impersonation) {
  const source = typeof file === 'string' ? Readable.from([Buffer.from(file)]) : file
  try {
    return await db.run(async (client) => {
      const result = await importCsv(client, options, source)
      if (!result.ok) throw new Rollback(result)
      return result
    }, impersonation)
  } catch (err) {
    if (err instanceof Rollback) return err.result
    throw err
  }
}

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return db.run(async (client) => (await client.query(sql)).rows)
}

async function exportCsv(table: string): Promise<string> {
  let text: Promise<string> | undefined
  const result = await db.run((client) =>
    exportTableCsv(client, { schema: 'public', table, filters: [], sorts: [] }, (csv) => {
      text = (async () => {
        const chunks: Buffer[] = []
        for await (const chunk of csv) chunks.push(chunk as Buffer)
        return Buffer.concat(chunks).toString('utf8')
      })()
    }),
  )
  expect(result).toEqual({ ok: true, data: undefined })
  return text!
}

const people = (mapping: (string | null)[], extra: Partial<Options> = {}): Options => ({
  schema: 'public',
  table: 'people',
  header: true,
  mapping,
  ...extra,
})

describe('importCsv', () => {
  it('copies every mapped column as is, quotes, newlines, null and empty text included', async () => {
    const file =
      '\uFEFFid,name,email,age\n' +
      '2,"Lovelace, Ada","",36\n' +
      '3,"Line one\nline two",,\n' +
      '4,"She said ""hi""",she@example.com,29\n'
    const result = await importFile(file, people(['id', 'name', 'email', 'age']))
    expect(result).toEqual({ ok: true, data: { imported: 3 } })
    expect(await rows('select * from public.people where id > 1 order by id')).toEqual([
      { id: 2, name: 'Lovelace, Ada', email: '', age: 36 },
      { id: 3, name: 'Line one\nline two', email: null, age: null },
      { id: 4, name: 'She said "hi"', email: 'she@example.com', age: 29 },
    ])
    await db.exec('delete from public.people where id > 1')
  })

  it('puts CSV columns into the mapped table columns in any order, skipping the unmapped ones', async () => {
    const file = 'age;note;name;id\n51;skip me;"Grace; Hopper";5\n;"";Alan;6\n'
    const result = await importFile(file, people(['age', null, 'name', 'id'], { delimiter: ';' }))
    expect(result).toEqual({ ok: true, data: { imported: 2 } })
    expect(await rows('select id, name, age, email from public.people where id > 1 order by id')).toEqual([
      { id: 5, name: 'Grace; Hopper', age: 51, email: null },
      { id: 6, name: 'Alan', age: null, email: null },
    ])
    await db.exec('delete from public.people where id > 1')
  })

  it('keeps null apart from empty text when columns are skipped', async () => {
    const file = 'x,id,name,email\n1,7,Kay,""\n2,8,Lin,\n'
    expect(await importFile(file, people([null, 'id', 'name', 'email']))).toMatchObject({ ok: true })
    expect(await rows('select id, email from public.people where id > 1 order by id')).toEqual([
      { id: 7, email: '' },
      { id: 8, email: null },
    ])
    await db.exec('delete from public.people where id > 1')
  })

  it('imports a file without a header line', async () => {
    expect(await importFile('9,Nia\n', people(['id', 'name'], { header: false }))).toEqual({
      ok: true,
      data: { imported: 1 },
    })
    await db.exec('delete from public.people where id > 1')
  })

  it('lists every row whose values do not convert, with its line, and imports nothing', async () => {
    const file = 'id,name,age\n10,Ok,1\n11,Bad age,abc\n12,Ok too,2\n13,Bad again,1.5\n'
    const result = await importFile(file, people(['id', 'name', 'age']))
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'import_rejected',
        message: '2 rows were rejected; nothing was imported',
        rejected: [
          { line: 3, message: expect.stringContaining('"age"') },
          { line: 5, message: expect.stringContaining('"age"') },
        ],
      },
    })
    expect(await rows('select id from public.people')).toEqual([{ id: 1 }])
  })

  it('names the line of a row a constraint refuses, and imports nothing', async () => {
    const file = 'id,name,email\n20,A,a@example.com\n21,B,existing@example.com\n'
    const result = await importFile(file, people(['id', 'name', 'email']))
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'import_rejected',
        rejected: [{ line: 3, message: expect.stringContaining('duplicate key value violates unique constraint') }],
      },
    })
    expect(await rows('select id from public.people')).toEqual([{ id: 1 }])
  })

  it('names the line of a row of the wrong width, with or without skipped columns', async () => {
    const all = await importFile('id,name\n30,A\n31,B,extra\n', people(['id', 'name']))
    expect(all).toMatchObject({ ok: false, error: { code: 'import_rejected', rejected: [{ line: 3 }] } })
    const some = await importFile('id,x,name\n30,1,A\n31,2\n', people(['id', null, 'name']))
    expect(some).toMatchObject({
      ok: false,
      error: { code: 'import_rejected', rejected: [{ line: 3, message: 'Expected 3 columns, found 2' }] },
    })
    expect(await rows('select id from public.people')).toEqual([{ id: 1 }])
  })

  it('leaves the table unchanged when row 900,000 is bad', async () => {
    function* lines() {
      yield Buffer.from('id,name,age\n')
      for (let from = 100; from < 900_099; from += 10_000) {
        let batch = ''
        for (let id = from; id < from + 10_000 && id < 900_099; id++) {
          batch += id === 900_098 ? `${id},Bad,not a number\n` : `${id},Row ${id},${id % 90}\n`
        }
        yield Buffer.from(batch)
      }
    }
    const result = await importFile(Readable.from(lines()), people(['id', 'name', 'age']))
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'import_rejected',
        message: '1 row was rejected; nothing was imported',
        rejected: [{ line: 900_000 }],
      },
    })
    expect(await rows('select count(*)::int as n from public.people')).toEqual([{ n: 1 }])
  })

  it('refuses a file the upload cut at the size limit, and imports nothing', async () => {
    // As the route does when the multipart parser reports its size limit.
    const file = new Readable({ read() {} })
    // The multipart parser listens to its file stream's errors from the start.
    file.on('error', () => {})
    file.push('id,name\n40,A\n')
    setTimeout(() => file.destroy(new CsvFileTooLargeError('over the limit')), 50)
    const result = await importFile(file, people(['id', 'name']))
    expect(result).toEqual({ ok: false, error: { code: 'payload_too_large', message: CSV_IMPORT_TOO_LARGE_MESSAGE } })
    expect(await rows('select id from public.people')).toEqual([{ id: 1 }])
  })

  it('survives a round trip: export, then import into an identical table', async () => {
    await db.exec(`
      insert into public.kinds (title, price, done, due, day, meta, tags, moods, blob, n) values
        ('Comma, "quote" and
newline', 12.50, true, '2026-01-02 10:00:00+00', '2026-01-02', '{"a": [1, "x"], "b": null}', '{a,"b c",NULL}',
         '{happy,sad}', '\\x00ff10', 7),
        ('', 0, false, null, null, '"just text"', '{}', '{}', '\\x', -1),
        (null, null, null, null, null, null, null, null, null, null);
    `)
    const csv = await exportCsv('kinds')
    const header = csv.slice(0, csv.indexOf('\n')).split(',')
    expect(header).toEqual(['id', 'title', 'price', 'done', 'due', 'day', 'meta', 'tags', 'moods', 'blob', 'n'])
    const result = await importFile(csv, { schema: 'public', table: 'kinds_copy', header: true, mapping: header })
    expect(result).toEqual({ ok: true, data: { imported: 3 } })
    const original = await rows('select * from public.kinds order by id')
    expect(await rows('select * from public.kinds_copy order by id')).toEqual(original)
    expect(original[1]).toMatchObject({ title: '', meta: 'just text', tags: [] })
    expect(original[2]).toMatchObject({ title: null, meta: null, tags: null })
  })

  it('creates a new table in the same transaction, and leaves none behind when the import fails', async () => {
    const create = {
      schema: 'public',
      name: 'imported',
      rlsEnabled: true,
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        { name: 'label', type: 'text' },
        { name: 'qty', type: 'int4' },
      ],
    }
    const options = { schema: 'public', table: 'imported', header: true, mapping: ['label', 'qty'], create }
    const bad = await importFile('label,qty\nA,1\nB,many\n', options)
    expect(bad).toMatchObject({ ok: false, error: { code: 'import_rejected', rejected: [{ line: 3 }] } })
    expect(await rows("select to_regclass('public.imported') as t")).toEqual([{ t: null }])

    expect(await importFile('label,qty\nA,1\nB,2\n', options)).toEqual({ ok: true, data: { imported: 2 } })
    expect(await rows('select id, label, qty from public.imported order by id')).toEqual([
      { id: '1', label: 'A', qty: 1 },
      { id: '2', label: 'B', qty: 2 },
    ])
    expect(await rows("select relrowsecurity from pg_class where oid = 'public.imported'::regclass")).toEqual([
      { relrowsecurity: true },
    ])
    const managed = await importFile('label\nA\n', {
      ...options,
      schema: 'auth',
      mapping: ['label'],
      create: { ...create, schema: 'auth' },
    })
    expect(managed).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'The schema auth is managed by the platform and is read-only in the dashboard',
      },
    })
  })

  it('refuses a new table whose default or check is more than one expression, creating nothing', async () => {
    const create = (column: { defaultValue?: string; defaultValueFormat?: 'expression'; check?: string }) => ({
      schema: 'public',
      name: 'planted',
      rlsEnabled: false,
      columns: [{ name: 'label', type: 'text', ...column }],
    })
    const options = { schema: 'public', table: 'planted', header: true, mapping: ['label'] }
    const byDefault = await importFile('label\nA\n', {
      ...options,
      create: create({
        defaultValue: "'a'); create table public.rce(line text); select ('b'",
        defaultValueFormat: 'expression',
      }),
    })
    expect(byDefault).toEqual({
      ok: false,
      error: { code: 'bad_request', message: EXPRESSION_MESSAGES.default.notSingle },
    })
    const byCheck = await importFile('label\nA\n', {
      ...options,
      create: create({ check: 'true); create table public.rce(line text); --' }),
    })
    expect(byCheck).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'syntax error at or near ")"' } })
    expect(await rows("select to_regclass('public.planted') as t, to_regclass('public.rce') as r")).toEqual([
      { t: null, r: null },
    ])
  })

  it("applies the impersonated role's RLS policies, listing the rows they refuse", async () => {
    const options = { schema: 'public', table: 'notes', header: true, mapping: ['id', 'owner', 'body'] }
    const asAda: Impersonation = { role: 'authenticated', userId: ada }
    const refused = await importFile(
      `id,owner,body\n2,${ada},mine\n3,${bob},not mine\n4,${ada},mine too\n5,${bob},nor this\n`,
      options,
      asAda,
    )
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'import_rejected',
        message: '2 rows were rejected; nothing was imported',
        rejected: [
          { line: 3, message: 'new row violates row-level security policy for table "notes"' },
          { line: 5, message: 'new row violates row-level security policy for table "notes"' },
        ],
      },
    })
    const typeError = await importFile(`id,owner,body\n2,${ada},mine\nthree,${ada},x\n`, options, asAda)
    expect(typeError).toMatchObject({ ok: false, error: { code: 'import_rejected', rejected: [{ line: 3 }] } })
    expect(await rows('select id from public.notes order by id')).toEqual([{ id: 1 }])

    const allowed = await importFile(`id,owner,body\n2,${ada},mine\n3,${ada},mine too\n`, options, asAda)
    expect(allowed).toEqual({ ok: true, data: { imported: 2 } })
    expect(await rows('select id, body from public.notes order by id')).toEqual([
      { id: 1, body: 'bob was here' },
      { id: 2, body: 'mine' },
      { id: 3, body: 'mine too' },
    ])
  })

  it('answers Postgres errors that are not about a row as they are', async () => {
    const result = await importFile('id,nope\n1,2\n', people(['id', 'nope']))
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'pg_error', message: 'column "nope" of relation "people" does not exist' },
    })
  })
})

describe('copyLine', () => {
  it('reads the line of COPY context for this relation only', () => {
    expect(copyLine('COPY people, line 3, column age: "abc"', 'people')).toBe(3)
    expect(copyLine('COPY people, line 12: "x,y"', 'people')).toBe(12)
    expect(copyLine('COPY other, line 3', 'people')).toBeNull()
    expect(copyLine(undefined, 'people')).toBeNull()
  })
})
