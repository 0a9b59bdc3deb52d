import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createCatalogDatabase, type CatalogDatabase } from '../pg-meta/testing/catalog-database.ts'
import { buildEntityDefinitions, MAX_DEFINITIONS_LENGTH, MAX_TABLES } from './entity-definitions.ts'
import { jsonFromText } from './json-output.ts'

let db: CatalogDatabase
beforeAll(async () => {
  // A schema with more tables than are described, one of them with long column names.
  const many = Array.from(
    { length: MAX_TABLES + 5 },
    (_, i) => `create table crowd.t${String(i).padStart(3, '0')} (id int primary key, label text);`,
  ).join('\n')
  db = await createCatalogDatabase(
    'aidefs',
    `create schema crowd; ${many}
     create schema wide;
     create table wide.a (${Array.from({ length: 1500 }, (_, i) => `column_with_a_rather_long_name_${i} int`).join(', ')});
     create table wide.b (id int);
     create table public.pairs (a int, b int, primary key (a, b));
     create table public.links (id int primary key, a int, b int, foreign key (a, b) references public.pairs (a, b));
     create table public.hidden (id int primary key);`,
  )
})
afterAll(async () => {
  await db?.drop()
})

const run = (schemas: string[], role?: string) =>
  role ? db.runAs(role, (c) => buildEntityDefinitions(c, schemas)) : db.run((c) => buildEntityDefinitions(c, schemas))

describe('buildEntityDefinitions', () => {
  it('describes composite keys with all their columns', async () => {
    const result = await run(['public'])
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toContain(
      'create table "public"."links" (\n  "id" integer primary key,\n  "a" integer,\n  "b" integer,\n' +
        '  foreign key ("a", "b") references "public"."pairs" ("a", "b")\n);',
    )
    expect(result.data).toContain(
      'create table "public"."pairs" (\n  "a" integer not null,\n  "b" integer not null,\n  primary key ("a", "b")\n);',
    )
  })

  it(`stops at ${MAX_TABLES} tables, and says so`, async () => {
    const result = await run(['crowd'])
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toHaveLength(MAX_TABLES + 1)
    expect(result.data.at(-1)).toBe(`-- more than ${MAX_TABLES} tables: the others are not described here`)
  })

  it(`stops at ${MAX_DEFINITIONS_LENGTH} characters, naming the tables left out`, async () => {
    const result = await run(['wide'])
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data).toEqual(['-- 2 more tables not described here: "wide"."a", "wide"."b"'])
  })

  it('lists only what the role may use', async () => {
    await db.exec(`grant usage on schema public to ${db.nobody}; grant select on public.pairs to ${db.nobody}`)
    const result = await run(['public'], db.nobody)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.data.map((d) => d.split(' (')[0])).toEqual(['create table "public"."pairs"'])
  })
})

describe('jsonFromText', () => {
  const schema = z.object({ sql: z.string() })
  it.each([
    ['{"sql": "select 1"}', { sql: 'select 1' }],
    ['Sure!\n```json\n{"sql": "select 1"}\n```\nAnything else?', { sql: 'select 1' }],
    ['<think>maybe {"sql": "no"} </think> {"sql": "select 1"}', { sql: 'select 1' }],
    ['Here: {"sql": "select 1"} — done', { sql: 'select 1' }],
    ['{"query": "select 1"}', null],
    ['no JSON here', null],
  ])('reads %j', (text, expected) => {
    expect(jsonFromText(text, schema)).toEqual(expected)
  })
})
