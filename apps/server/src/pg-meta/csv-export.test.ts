import {
  CSV_EXPORT_LIMIT_MESSAGE,
  NO_PRIMARY_KEY_MESSAGE,
  type Impersonation,
  type TableExportBody,
} from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRole } from '../db/impersonation.ts'
import { exportSelectSql, exportTableCsv } from './csv-export.ts'
import type { Relation } from './relation-lookup.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

const relation = (extra: Partial<Relation> = {}): Relation => ({
  id: 1,
  schema: 'public',
  name: 'books',
  kind: 'r',
  rls_enabled: false,
  columns: [
    {
      name: 'author_id',
      type_id: 20,
      format: 'int8',
      data_type: 'bigint',
      is_array: false,
      is_user_array: false,
      is_varlena: false,
    },
    {
      name: 'isbn',
      type_id: 25,
      format: 'text',
      data_type: 'text',
      is_array: false,
      is_user_array: false,
      is_varlena: true,
    },
  ],
  primary_key: ['author_id', 'isbn'],
  estimated_rows: 10,
  bytes: 8192,
  signature: '',
  restricted: false,
  ...extra,
})

describe('exportSelectSql', () => {
  it('selects with the filters and sorts, or the primary key order of a small table', () => {
    expect(
      exportSelectSql(relation(), {
        filters: [{ column: 'author_id', operator: '=', value: '7' }],
        sorts: [{ column: 'isbn', ascending: false }],
      }),
    ).toBe('select * from "public"."books" where "author_id" = 7 order by "isbn" desc')
    expect(exportSelectSql(relation(), { filters: [], sorts: [] })).toBe(
      'select * from "public"."books" order by "author_id" asc, "isbn" asc',
    )
    expect(exportSelectSql(relation({ estimated_rows: 5_000_000 }), { filters: [], sorts: [] })).toBe(
      'select * from "public"."books"',
    )
  })

  it('keeps chosen rows by their (composite) primary key, typed by the table', () => {
    expect(
      exportSelectSql(relation(), {
        filters: [{ column: 'isbn', operator: '~~', value: "it's%" }],
        sorts: [],
        rows: [{ author_id: '1', isbn: 'a' }],
      }),
    ).toBe(
      `select * from "public"."books" where "isbn" ~~ 'it''s%' and ("author_id", "isbn") in ` +
        `(select "author_id", "isbn" from jsonb_populate_recordset(null::"public"."books", ` +
        `'[{"author_id":"1","isbn":"a"}]'::jsonb)) order by "author_id" asc, "isbn" asc`,
    )
  })
})

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'csvexp',
    `
    create table public.books (author_id bigint, isbn text, title text, primary key (author_id, isbn));
    insert into public.books values (1, 'a', 'Alpha'), (1, 'b', 'Beta'), (2, 'a', 'Gamma');
    create table public.loose (v text);
    insert into public.loose values ('x');
    alter table public.books enable row level security;
    create policy "first author" on public.books for select to anon using (author_id = 1);
    create table public.big (id int primary key);
    insert into public.big select generate_series(1, 500001);
    alter table public.big enable row level security;
    create policy "first ten" on public.big for select to anon using (id <= 10);
    `,
  )
})
afterAll(async () => {
  await db.drop()
})

/**
 * Exports through withRole as the route does: by default with a shared snapshot, so the count runs on a second
 * connection beside the COPY; `{ shared: false }` counts first on the same connection.
 */
async function exportText(
  params: Omit<TableExportBody, 'impersonation'>,
  impersonation?: Impersonation,
  { shared = true } = {},
) {
  let text: Promise<string> | undefined
  const result = await withRole(
    db.pool,
    impersonation,
    (client, snapshot) =>
      exportTableCsv(
        client,
        params,
        (csv) => {
          text = (async () => {
            let out = ''
            for await (const chunk of csv) out += String(chunk)
            return out
          })()
        },
        shared ? snapshot : undefined,
      ),
    { readOnly: true, shareSnapshot: shared },
  )
  return { result, text: text === undefined ? undefined : await text }
}

describe('exportTableCsv', () => {
  it('streams the chosen rows of a composite key, and only those the role sees', async () => {
    const chosen = {
      schema: 'public',
      table: 'books',
      rows: [
        { author_id: 1, isbn: 'b' },
        { author_id: 2, isbn: 'a' },
      ],
    }
    expect(await exportText(chosen)).toEqual({
      result: { ok: true, data: undefined },
      text: 'author_id,isbn,title\n1,b,Beta\n2,a,Gamma\n',
    })
    expect((await exportText(chosen, { role: 'anon' })).text).toBe('author_id,isbn,title\n1,b,Beta\n')
  })

  it('refuses chosen rows without the whole primary key, or on a table without one', async () => {
    const partial = await exportText({ schema: 'public', table: 'books', rows: [{ author_id: 1 }] })
    expect(partial).toEqual({
      result: {
        ok: false,
        error: { code: 'bad_request', message: 'Give the primary key columns author_id, isbn of each row to export' },
      },
      text: undefined,
    })
    const loose = await exportText({ schema: 'public', table: 'loose', rows: [{ v: 'x' }] })
    expect(loose.result).toEqual({ ok: false, error: { code: 'bad_request', message: NO_PRIMARY_KEY_MESSAGE } })
  })

  it('answers not_found for a missing table, before any data', async () => {
    expect((await exportText({ schema: 'public', table: 'nope' })).result).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
  })

  it("refuses more than 500,000 rows with the spec's message, whether counted first or beside the COPY", async () => {
    for (const shared of [false, true]) {
      const over = await exportText({ schema: 'public', table: 'big' }, undefined, { shared })
      expect(over).toEqual({
        result: { ok: false, error: { code: 'bad_request', message: CSV_EXPORT_LIMIT_MESSAGE } },
        text: undefined,
      })
      // A COPY stopped over the limit takes its connection with it; the pool is whole again.
      expect(db.pool.totalCount).toBe(db.pool.idleCount)
    }
    const last = await exportText({
      schema: 'public',
      table: 'big',
      filters: [{ column: 'id', operator: '>', value: '499995' }],
    })
    expect(last.text).toBe('id\n499996\n499997\n499998\n499999\n500000\n500001\n')
  })

  it('counts as the impersonated role on the second connection: RLS decides what is over the limit', async () => {
    const asAnon = await exportText({ schema: 'public', table: 'big' }, { role: 'anon' })
    expect(asAnon.result).toEqual({ ok: true, data: undefined })
    expect(
      asAnon
        .text!.split('\n')
        .slice(1, -1)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
})
