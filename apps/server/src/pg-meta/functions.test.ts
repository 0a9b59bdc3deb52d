import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listFunctions } from './functions.ts'
import { listKeywords } from './keywords.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'functions',
    `create schema sales;
     create function sales.discount(price numeric, percent int default 10, variadic tags text[] default '{}')
       returns numeric language sql as 'select price * (100 - percent) / 100';
     comment on function sales.discount is 'Price after a discount';
     create function sales.split(input text, out head text, out tail text)
       language sql as $$ select split_part(input, ' ', 1), split_part(input, ' ', 2) $$;
     create function sales.orders_between(since date, until date)
       returns table (id bigint, total numeric) language sql as 'select 1::bigint, 2::numeric';
     create function sales.touch() returns trigger language plpgsql as 'begin return new; end';
     create aggregate sales.product(numeric) (sfunc = numeric_mul, stype = numeric, initcond = '1');
     create procedure sales.archive() language sql as 'select 1';
     create function sales.secret() returns int language sql as 'select 42';
     revoke execute on function sales.secret() from public;
     grant usage on schema sales to public;`,
  )
})
afterAll(async () => {
  await db.drop()
})

const sales = { includedSchemas: ['sales'] }

describe('listFunctions', () => {
  it('lists functions with their kind, result and arguments (names, types, modes, defaults), not procedures', async () => {
    const result = await db.run((c) => listFunctions(c, sales))
    if (!result.ok) throw new Error(result.error.message)
    const byName = Object.fromEntries(result.data.map(({ id: _id, ...f }) => [f.name, f]))
    expect(Object.keys(byName)).toEqual(['discount', 'orders_between', 'product', 'secret', 'split', 'touch'])
    expect(byName.discount).toEqual({
      schema: 'sales',
      name: 'discount',
      description: 'Price after a discount',
      result_type: 'numeric',
      argument_types: "price numeric, percent integer DEFAULT 10, VARIADIC tags text[] DEFAULT '{}'::text[]",
      type: 'normal',
      returns_set: false,
      args: [
        { mode: 'in', name: 'price', type: 'numeric', default: null },
        { mode: 'in', name: 'percent', type: 'integer', default: '10' },
        { mode: 'variadic', name: 'tags', type: 'text[]', default: "'{}'::text[]" },
      ],
    })
    expect(byName.split?.args.map((a) => `${a.mode} ${a.name}`)).toEqual(['in input', 'out head', 'out tail'])
    expect(byName.orders_between).toMatchObject({ returns_set: true, result_type: 'TABLE(id bigint, total numeric)' })
    expect(byName.orders_between?.args.map((a) => a.mode)).toEqual(['in', 'in', 'table', 'table'])
    expect(byName.touch?.type).toBe('trigger')
    expect(byName.product).toMatchObject({
      type: 'agg',
      args: [{ mode: 'in', name: '', type: 'numeric', default: null }],
    })
  })

  it('lists only what the role may execute', async () => {
    const result = await db.runAs(db.nobody, (c) => listFunctions(c, sales))
    const names = result.ok ? result.data.map((f) => f.name) : []
    expect(names).toContain('discount')
    expect(names).not.toContain('secret')
  })

  it("lists Postgres' own functions only with system schemas, without type I/O and operator implementations", async () => {
    const result = await db.run((c) =>
      listFunctions(c, { includedSchemas: ['pg_catalog'], includeSystemSchemas: true }),
    )
    if (!result.ok) throw new Error(result.error.message)
    const names = new Set(result.data.map((f) => f.name))
    for (const name of ['now', 'count', 'jsonb_build_object', 'row_number', 'generate_series'])
      expect(names).toContain(name)
    for (const name of ['int4in', 'int4pl', 'textout']) expect(names).not.toContain(name)
    expect(result.data.find((f) => f.name === 'row_number')?.type).toBe('window')

    const user = await db.run((c) => listFunctions(c))
    expect(user.ok && user.data.some((f) => f.schema === 'pg_catalog')).toBe(false)
  })
})

describe('listKeywords', () => {
  it("lists the server's key words with their category", async () => {
    const result = await db.run((c) => listKeywords(c))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toEqual(
      expect.arrayContaining([
        { word: 'select', category: 'reserved' },
        { word: 'abort', category: 'unreserved' },
        { word: 'coalesce', category: 'col_name' },
        { word: 'join', category: 'type_func_name' },
      ]),
    )
  })
})
