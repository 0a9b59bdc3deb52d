import { fail, ok, PROTECTED_SCHEMAS, type PgSchema, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql, toNumber } from './catalog.ts'

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
