import type { PgColumn } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getColumn, listColumns } from './columns.ts'
import { CATALOG_FIXTURE_SQL, createCatalogDatabase, oidOf, type CatalogDatabase } from './testing/catalog-database.ts'

let db: CatalogDatabase
beforeAll(async () => {
  db = await createCatalogDatabase('columns', CATALOG_FIXTURE_SQL)
})
afterAll(async () => {
  await db.drop()
})

const plain = {
  default_value: null,
  is_nullable: true,
  is_identity: false,
  identity_generation: null,
  is_generated: false,
  is_updatable: true,
  is_unique: false,
  enums: [],
  check: null,
  comment: null,
  is_encrypted: false,
}

describe('listColumns', () => {
  it('describes every kind of column of a table exactly', async () => {
    const [result, tableId] = await db.run(async (c) => {
      const id = await oidOf(c, 'public.authors')
      return [await listColumns(c, { tableIds: [id] }), id] as const
    })
    if (!result.ok) throw new Error(result.error.message)
    const at = (position: number, name: string, rest: Partial<PgColumn>): PgColumn => ({
      id: `${tableId}.${position}`,
      table_id: tableId,
      schema: 'public',
      table: 'authors',
      name,
      ordinal_position: position,
      data_type: 'text',
      format: 'text',
      ...plain,
      ...rest,
    })
    expect(result.data).toEqual([
      at(1, 'id', {
        data_type: 'bigint',
        format: 'int8',
        is_nullable: false,
        is_identity: true,
        identity_generation: 'ALWAYS',
      }),
      at(2, 'name', { is_nullable: false, comment: 'Display name' }),
      at(3, 'email', { is_unique: true }),
      at(4, 'mood', {
        data_type: 'USER-DEFINED',
        format: 'mood',
        default_value: "'ok'::mood",
        enums: ['sad', 'ok', 'happy'],
      }),
      at(5, 'moods', { data_type: 'ARRAY', format: '_mood', enums: ['sad', 'ok', 'happy'] }),
      at(6, 'tags', { data_type: 'ARRAY', format: '_text', default_value: "'{}'::text[]" }),
      at(7, 'profile', { data_type: 'jsonb', format: 'jsonb' }),
      at(8, 'age', { data_type: 'integer', format: 'int4', check: 'age >= 0' }),
      at(9, 'name_upper', { default_value: 'upper(name)', is_generated: true, is_updatable: false }),
    ])
  })

  it('reports BY DEFAULT identities and varchar columns', async () => {
    const result = await db.run(async (c) => listColumns(c, { tableIds: [await oidOf(c, 'public.books')] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((c) => [c.name, c.data_type, c.format, c.is_nullable, c.identity_generation])).toEqual([
      ['author_id', 'bigint', 'int8', false, null],
      ['isbn', 'text', 'text', false, null],
      ['title', 'character varying', 'varchar', true, null],
      ['seq', 'integer', 'int4', false, 'BY DEFAULT'],
    ])
  })

  it('lists columns of views and filters by schema', async () => {
    const result = await db.run((c) => listColumns(c, { includedSchemas: ['sales'] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((c) => `${c.table}.${c.name}`)).toEqual(['orders.id', 'orders.author_id'])
    const view = await db.run(async (c) => listColumns(c, { tableIds: [await oidOf(c, 'public.author_names')] }))
    expect(view.ok && view.data.map((c) => [c.name, c.is_updatable])).toEqual([
      ['id', true],
      ['name', true],
    ])
  })

  it('gives the labels of an enum under a domain, and under an array of that domain', async () => {
    const result = await db.run(async (c) => listColumns(c, { tableIds: [await oidOf(c, 'fidelity.tickets')] }))
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.filter((c) => c.enums.length > 0).map((c) => [c.name, c.data_type, c.format, c.enums])).toEqual([
      ['feeling', 'USER-DEFINED', 'mood', ['sad', 'ok', 'happy']],
      ['feelings', 'ARRAY', '_feeling', ['sad', 'ok', 'happy']],
    ])
  })

  it('gives a check as its expression alone, also when it is NOT VALID or NO INHERIT', async () => {
    const checks = async (table: string) => {
      const result = await db.run(async (c) => listColumns(c, { tableIds: [await oidOf(c, table)] }))
      if (!result.ok) throw new Error(result.error.message)
      return result.data.map((c) => [c.name, c.check])
    }
    expect(await checks('fidelity.venues')).toEqual([
      ['id', null],
      ['name', "name <> ''::text"],
      ['city', null],
    ])
    expect(await checks('fidelity.archive')).toEqual([
      ['id', null],
      ['name', "name <> ''::text"],
      ['city', null],
      ['note', 'length(note) < 500'],
    ])
  })

  it('shows no column to a role without privileges', async () => {
    expect(await db.runAs(db.nobody, (c) => listColumns(c, { includedSchemas: ['public'] }))).toEqual({
      ok: true,
      data: [],
    })
  })
})

describe('getColumn', () => {
  it('finds a column by "tableOid.attnum" and answers not_found otherwise', async () => {
    const [found, missing] = await db.run(async (c) => {
      const id = await oidOf(c, 'public.authors')
      return [await getColumn(c, `${id}.8`), await getColumn(c, `${id}.99`)] as const
    })
    expect(found.ok && [found.data.name, found.data.check]).toEqual(['age', 'age >= 0'])
    expect(missing.ok).toBe(false)
    expect(!missing.ok && missing.error.code).toBe('not_found')
  })
})
