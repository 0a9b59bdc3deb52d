import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listTableColumns } from './table-columns.ts'
import { createCatalogDatabase, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase(
    'table_columns',
    `create schema shop;
     grant usage on schema shop to public;
     create table shop."Order Lines" (id bigint primary key, "Qty" int, price numeric(10, 2), secret text);
     alter table shop."Order Lines" drop column price;
     create view shop.totals as select id, "Qty" * 2 as double_qty from shop."Order Lines";
     create table shop.events (at timestamptz not null) partition by range (at);
     create table shop.events_2024 partition of shop.events for values from ('2024-01-01') to ('2025-01-01');
     create table shop.hidden (id int);
     grant select (id, "Qty") on shop."Order Lines" to public;`,
  )
})
afterAll(async () => {
  await db.drop()
})

describe('listTableColumns', () => {
  it('lists relations with their columns in order, quoted names, without partitions or dropped columns', async () => {
    const result = await db.run((c) => listTableColumns(c, { includedSchemas: ['shop'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toEqual([
      {
        schemaname: 'shop',
        tablename: 'Order Lines',
        quoted_name: 'shop."Order Lines"',
        is_table: true,
        type: 'table',
        columns: [
          { attname: 'id', data_type: 'bigint', attnum: 1 },
          { attname: 'Qty', data_type: 'integer', attnum: 2 },
          { attname: 'secret', data_type: 'text', attnum: 4 },
        ],
      },
      {
        schemaname: 'shop',
        tablename: 'events',
        quoted_name: 'shop.events',
        is_table: true,
        type: 'partitioned table',
        columns: [{ attname: 'at', data_type: 'timestamp with time zone', attnum: 1 }],
      },
      expect.objectContaining({ tablename: 'hidden' }),
      {
        schemaname: 'shop',
        tablename: 'totals',
        quoted_name: 'shop.totals',
        is_table: false,
        type: 'view',
        columns: [
          { attname: 'id', data_type: 'bigint', attnum: 1 },
          { attname: 'double_qty', data_type: 'integer', attnum: 2 },
        ],
      },
    ])
  })

  it('lists only the relations and columns the role may use', async () => {
    const result = await db.runAs(db.nobody, (c) => listTableColumns(c, { includedSchemas: ['shop'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((t) => [t.tablename, t.columns.map((c) => c.attname)])).toEqual([
      ['Order Lines', ['id', 'Qty']],
    ])
  })
})
