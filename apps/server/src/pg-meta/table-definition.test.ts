import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTableDefinition } from './table-definition.ts'
import {
  CATALOG_FIXTURE_SQL,
  CATALOG_PREREQUISITES_SQL,
  createCatalogDatabase,
  oidOf,
  type CatalogDatabase,
} from './testing/catalog-database.ts'

let original: CatalogDatabase
let copy: CatalogDatabase
beforeAll(async () => {
  // One after the other: bootstrapping creates cluster-wide roles.
  original = await createCatalogDatabase('definition', CATALOG_FIXTURE_SQL)
  copy = await createCatalogDatabase('definition_copy', CATALOG_PREREQUISITES_SQL)
})
afterAll(async () => {
  await original.drop()
  await copy.drop()
})

const SCHEMAS = ['public', 'sales', 'fidelity']

/** The fixture's relations in the order they were created (so each comes after what it depends on). */
async function fixtureRelations(client: pg.ClientBase): Promise<{ id: number; name: string }[]> {
  const { rows } = await client.query<{ id: string; name: string }>(
    `select c.oid::int8 as id, format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.oid`,
    [SCHEMAS],
  )
  return rows.map((r) => ({ id: Number(r.id), name: r.name }))
}

async function definitionOf(db: CatalogDatabase, name: string): Promise<string> {
  const result = await db.run(async (c) => getTableDefinition(c, await oidOf(c, name)))
  if (!result.ok) throw new Error(result.error.message)
  return result.data.definition
}

// Everything the catalog says about one relation, by name rather than oid, so that two databases compare.
// Texts come from Postgres' own deparsing, with schema-qualified names.
const SNAPSHOT_SQL = `
select
  format('%I.%I', n.nspname, c.relname) as relation,
  c.relkind, c.relpersistence, c.relispartition, c.relispopulated, c.relrowsecurity, c.relforcerowsecurity,
  c.reloptions,
  obj_description(c.oid, 'pg_class') as comment,
  pg_get_expr(c.relpartbound, c.oid) as partition_bound,
  case when c.relkind = 'p' then pg_get_partkeydef(c.oid) end as partition_key,
  array(select i.inhparent::regclass::text from pg_inherits i where i.inhrelid = c.oid order by i.inhseqno) as parents,
  case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as query,
  (select s.srvname from pg_foreign_table ft join pg_foreign_server s on s.oid = ft.ftserver where ft.ftrelid = c.oid)
    as server,
  (select ft.ftoptions from pg_foreign_table ft where ft.ftrelid = c.oid) as server_options,
  array(
    select json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'not_null', a.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity, 'generated', a.attgenerated,
      'local', a.attislocal, 'inherited', a.attinhcount, 'collation', a.attcollation::regcollation::text,
      'options', a.attfdwoptions, 'comment', col_description(c.oid, a.attnum),
      'sequence', (
        select json_build_object(
          'name', q.seqrelid::regclass::text, 'owner', dep.deptype, 'type', format_type(q.seqtypid, null),
          'start', q.seqstart, 'increment', q.seqincrement, 'min', q.seqmin, 'max', q.seqmax,
          'cache', q.seqcache, 'cycle', q.seqcycle)
          from pg_depend dep join pg_sequence q on q.seqrelid = dep.objid
         where dep.classid = 'pg_class'::regclass and dep.refobjid = c.oid and dep.refobjsubid = a.attnum
           and dep.deptype in ('a', 'i')))
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     order by a.attnum
  ) as columns,
  array(
    select json_build_object(
      'name', k.conname, 'type', k.contype, 'definition', pg_get_constraintdef(k.oid), 'local', k.conislocal,
      'inherited', k.coninhcount, 'validated', k.convalidated, 'cloned', k.conparentid <> 0)
      from pg_constraint k where k.conrelid = c.oid
     order by k.conname, k.contype, pg_get_constraintdef(k.oid)
  ) as constraints,
  array(
    select pg_get_indexdef(i.indexrelid) || case when i.indisvalid then '' else ' (invalid)' end
      from pg_index i where i.indrelid = c.oid order by 1
  ) as indexes,
  array(
    select pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text || case when t.tgparentid <> 0 then ' (cloned)' else '' end
      from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal order by t.tgname
  ) as triggers,
  array(
    select row_to_json(p) from (
      select policyname, permissive, roles, cmd, qual, with_check from pg_policies
       where schemaname = n.nspname and tablename = c.relname order by policyname
    ) p
  ) as policies
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by 1
`

async function snapshot(db: CatalogDatabase): Promise<Record<string, unknown>[]> {
  return db.run(async (c) => {
    await c.query(`set local search_path = ''`)
    return (await c.query(SNAPSHOT_SQL, [SCHEMAS])).rows
  })
}

describe('getTableDefinition', () => {
  it('writes partitions, inheritance, unlogged tables, storage options and identity options', async () => {
    expect(await definitionOf(original, 'fidelity.shows_2024')).toBe(
      `create table "fidelity"."shows_2024" partition of "fidelity"."shows" FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');\n`,
    )
    expect(await definitionOf(original, 'fidelity.shows_rest')).toBe(
      `create table "fidelity"."shows_rest" partition of "fidelity"."shows" DEFAULT;\n\n` +
        `alter table "fidelity"."shows_rest" alter column "at" set default '2000-01-01'::date;\n`,
    )
    expect(await definitionOf(original, 'fidelity.archive')).toBe(
      `create table "fidelity"."archive" (\n` +
        `  "note" text,\n` +
        `  constraint "archive_note_check" CHECK (length(note) < 500) NO INHERIT\n` +
        `) inherits ("fidelity"."venues");\n\n` +
        `alter table "fidelity"."archive" alter column "city" set default 'Paris'::text;\n` +
        `alter table "fidelity"."archive" alter column "city" set not null;\n`,
    )
    expect(await definitionOf(original, 'fidelity."Scratch Pad"')).toBe(
      `create unlogged table "fidelity"."Scratch Pad" (\n` +
        `  "id" integer constraint "scratch_id_required" not null,\n` +
        `  "odd ""name""" text collate "pg_catalog"."C" default 'x'::text,\n` +
        `  "twice" integer generated always as (id * 2) virtual\n` +
        `) with ("fillfactor" = '70');\n\n` +
        `comment on column "fidelity"."Scratch Pad"."odd ""name""" is 'It''s odd';\n`,
    )
    const shows = await definitionOf(original, 'fidelity.shows')
    expect(shows).toContain(
      `  "id" bigint generated by default as identity (start with 100 increment by 5) not null,\n`,
    )
    expect(shows).toContain(') partition by RANGE (at);\n')
  })

  it('writes triggers with their state, NOT VALID constraints and sequences owned by a column', async () => {
    expect(await definitionOf(original, 'fidelity.shows')).toContain(
      'CREATE TRIGGER keep_at BEFORE UPDATE ON fidelity.shows FOR EACH ROW EXECUTE FUNCTION fidelity.keep_at();\n',
    )
    const tickets = await definitionOf(original, 'fidelity.tickets')
    expect(tickets).toMatch(/^create sequence "fidelity"."ticket_numbers" as integer start with 1000;\n\n/)
    expect(tickets).toContain(`  "number" integer default nextval('fidelity.ticket_numbers'::regclass),\n`)
    expect(tickets).toContain(`alter sequence "fidelity"."ticket_numbers" owned by "fidelity"."tickets"."number";\n`)
    expect(tickets).toContain(
      'CREATE TRIGGER keep_show_at BEFORE UPDATE OF show_at ON fidelity.tickets FOR EACH ROW ' +
        'WHEN (old.show_at IS NOT NULL) EXECUTE FUNCTION fidelity.keep_at();\n' +
        'alter table "fidelity"."tickets" disable trigger "keep_show_at";\n',
    )
    expect(await definitionOf(original, 'fidelity.venues')).toContain(
      `alter table "fidelity"."venues" add constraint "venues_name_check" CHECK (name <> ''::text) NOT VALID;\n`,
    )
    const reviews = await definitionOf(original, 'public.reviews')
    expect(reviews).toContain('  "id" serial not null,\n')
    expect(reviews).toContain('alter sequence "public"."reviews_id_seq" cache 10;\n')
    expect(await definitionOf(original, 'fidelity.venue_show_counts')).toContain(
      'CREATE TRIGGER write_venue INSTEAD OF INSERT OR DELETE OR UPDATE ON fidelity.venue_show_counts ' +
        'FOR EACH ROW EXECUTE FUNCTION fidelity.write_venue();\n',
    )
  })

  it('writes view options, column defaults and comments of views, and WITH NO DATA', async () => {
    expect(await definitionOf(original, 'fidelity.named_venues')).toBe(
      `create view "fidelity"."named_venues" with ("security_invoker" = 'true') as\n` +
        ` SELECT id,\n    name\n   FROM fidelity.venues\n  WHERE name <> ''::text\n` +
        `  with cascaded check option;\n\n` +
        `alter view "fidelity"."named_venues" alter column "name" set default 'Unnamed'::text;\n\n` +
        `comment on column "fidelity"."named_venues"."name" is 'As announced';\n`,
    )
    expect(await definitionOf(original, 'fidelity.venue_names')).toBe(
      `create materialized view "fidelity"."venue_names" as\n SELECT name\n   FROM fidelity.venues\n  with no data;\n\n` +
        `CREATE INDEX venue_names_name_idx ON fidelity.venue_names USING btree (name);\n`,
    )
  })

  it('writes foreign tables with their server, options and column options', async () => {
    expect(await definitionOf(original, 'fidelity.remote')).toBe(
      `create foreign table "fidelity"."remote" (\n` +
        `  "id" integer options ("column_name" 'remote_id'),\n` +
        `  "label" text\n` +
        `) server "nowhere" options ("schema_name" 'far', "table_name" 'away');\n`,
    )
  })

  it('recreates every relation of the fixture: the same catalog rows on a database with only what they use', async () => {
    const relations = await original.run(fixtureRelations)
    for (const { name } of relations) {
      const definition = await definitionOf(original, name)
      await copy.exec(definition).catch((err: Error) => {
        throw new Error(`${name}: ${err.message}\n\n${definition}`)
      })
    }
    const [before, after] = await Promise.all([snapshot(original), snapshot(copy)])
    expect(after.map((r) => r.relation).sort()).toEqual(relations.map((r) => r.name).sort())
    for (const [i, relation] of before.entries()) expect(after[i], String(relation.relation)).toEqual(relation)
  })
})
