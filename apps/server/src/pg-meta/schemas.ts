import {
  createSchemaBodySchema,
  fail,
  ok,
  PROTECTED_SCHEMAS,
  type CreateSchemaBody,
  type PgSchema,
  type Result,
  type SchemaDiagram,
} from '@basalt/contracts'
import { buildCreateSchema, buildDropSchema } from '@basalt/sql'
import type pg from 'pg'
import { RELATION_IS_VISIBLE, runSql, toNumber } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'
import { listDependents } from './dependents.ts'

/** Schemas (pg_namespace), each marked `protected` when the dashboard keeps it read-only. */

const PROTECTED = new Set<string>(PROTECTED_SCHEMAS)

/** Whether the dashboard treats a schema as read-only (see PROTECTED_SCHEMAS). */
export function isProtectedSchema(name: string): boolean {
  return PROTECTED.has(name)
}

/**
 * The refusal of a change to a schema the platform manages (auth, storage …): the UI offers none, and the
 * server refuses what a hand-made call would try — new or changed tables and columns, imported, inserted,
 * updated or deleted rows. Null when the schema may be changed.
 */
export function refuseProtectedSchema(schema: string): Result<never> | null {
  return isProtectedSchema(schema)
    ? fail('bad_request', `The schema ${schema} is managed by the platform and is read-only in the dashboard`)
    : null
}

export interface SchemaRow {
  id: string
  name: string
  owner: string
}

// $1 include system schemas. Temporary schemas (pg_temp_N, pg_toast_temp_N) are never listed; a schema
// is listed when the role owns it or may use or create in it.
const SCHEMAS_SQL = `
select n.oid::int8 as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner
from pg_namespace n
where n.nspname !~ '^pg_(toast_)?temp_'
  and ($1::boolean or not (n.nspname ~ '^pg_' or n.nspname = 'information_schema'))
  and (pg_has_role(n.nspowner, 'USAGE') or has_schema_privilege(n.oid, 'CREATE, USAGE'))
order by n.nspname
`

export function toSchema(row: SchemaRow): PgSchema {
  return { id: toNumber(row.id), name: row.name, owner: row.owner, protected: isProtectedSchema(row.name) }
}

/** Schemas the role can use, ordered by name. */
export async function listSchemas(
  client: pg.ClientBase,
  params: { includeSystemSchemas?: boolean | undefined } = {},
): Promise<Result<PgSchema[]>> {
  const rows = await runSql<SchemaRow>(client, SCHEMAS_SQL, [params.includeSystemSchemas ?? false])
  return rows.ok ? ok(rows.data.map(toSchema)) : rows
}

// ---------- Database › Schemas (issue 26 point 1) ----------

async function schemaNamed(client: pg.ClientBase, name: string): Promise<Result<PgSchema>> {
  const rows = await runSql<SchemaRow>(
    client,
    'select n.oid::int8 as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner from pg_namespace n where n.nspname = $1',
    [name],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? ok(toSchema(row)) : fail('not_found', `Schema ${name} not found`)
}

/** CREATE SCHEMA (POST …/database/schemas). */
export async function createSchema(client: pg.ClientBase, body: CreateSchemaBody): Promise<Result<PgSchema>> {
  const { name } = createSchemaBodySchema.parse(body)
  const refused = refuseProtectedSchema(name)
  if (refused) return refused
  const created = await runBuiltDdl(client, () => [{ kind: 'CreateSchemaStmt', sql: buildCreateSchema(name) }])
  return created.ok ? schemaNamed(client, name) : created
}

/** DROP SCHEMA (DELETE …?id=&cascade=); a schema the platform manages is refused. Answers it as it was. */
export async function dropSchema(client: pg.ClientBase, id: number, cascade = false): Promise<Result<PgSchema>> {
  const rows = await runSql<SchemaRow>(
    client,
    'select n.oid::int8 as id, n.nspname as name, pg_get_userbyid(n.nspowner) as owner from pg_namespace n where n.oid = $1::oid',
    [id],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  if (!row) return fail('not_found', `Schema ${id} not found`)
  const refused = refuseProtectedSchema(row.name)
  if (refused) return refused
  const dropped = await runSql(client, buildDropSchema(row.name, cascade))
  return dropped.ok ? ok(toSchema(row)) : dropped
}

/** What a drop of the schema would take with it: its tables, views, functions, types … */
export function schemaDependents(client: pg.ClientBase, id: number) {
  return listDependents(client, 'pg_namespace', id)
}

// The diagram: tables (and views) of a schema the role can see, with columns (primary key, unique, nullable)
// and every foreign key of theirs — columns in the constraint's own order (conkey/confkey by position).
const DIAGRAM_TABLES_SQL = `
select c.oid::int8 as id, c.relname as name,
  case c.relkind when 'p' then 'partitioned table' when 'v' then 'view' when 'm' then 'materialized view'
    when 'f' then 'foreign table' else 'table' end as kind,
  coalesce((select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'nullable', not a.attnotnull,
      'primary', exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p' and a.attnum = any(k.conkey)),
      'unique', exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'u' and k.conkey = array[a.attnum])
    ) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
  and ${RELATION_IS_VISIBLE}
order by c.relname
`
const DIAGRAM_KEYS_SQL = `
select k.conname as name, k.conrelid::int8 as table_id, k.confrelid::int8 as target_id,
  tn.nspname as target_schema, t.relname as target_table,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
  array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as target_columns
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class t on t.oid = k.confrelid
join pg_namespace tn on tn.oid = t.relnamespace
where k.contype = 'f' and n.nspname = $1 and k.conparentid = 0 and ${RELATION_IS_VISIBLE}
order by c.relname, k.conname
`

/** A schema's tables, columns and foreign keys for its diagram (GET …/database/schemas/diagram?schema=). */
export async function schemaDiagram(client: pg.ClientBase, schema: string): Promise<Result<SchemaDiagram>> {
  const tables = await runSql<Omit<SchemaDiagram['tables'][number], 'id'> & { id: string }>(
    client,
    DIAGRAM_TABLES_SQL,
    [schema],
  )
  if (!tables.ok) return tables
  const keys = await runSql<
    Omit<SchemaDiagram['foreign_keys'][number], 'table_id' | 'target_id'> & { table_id: string; target_id: string }
  >(client, DIAGRAM_KEYS_SQL, [schema])
  if (!keys.ok) return keys
  return ok({
    tables: tables.data.map((t) => ({ ...t, id: toNumber(t.id) })),
    foreign_keys: keys.data.map((k) => ({ ...k, table_id: toNumber(k.table_id), target_id: toNumber(k.target_id) })),
  })
}
