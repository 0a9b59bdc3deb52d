import { ok, type PgRole, RESERVED_ROLES, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql, toNumber } from './catalog.ts'

/** Database roles (pg_roles) without the reserved ones (spec 1 §6) and Postgres' predefined pg_* roles. */

export interface RoleRow {
  id: string
  name: string
  can_login: boolean
  can_create_role: boolean
  can_create_db: boolean
  can_bypass_rls: boolean
  is_superuser: boolean
  is_replication_role: boolean
  inherit_role: boolean
  connection_limit: number
  valid_until: string | null
}

// $1 reserved role names. valid_until as text: 'infinity' is a valid value a Date cannot hold.
const ROLES_SQL = `
select
  r.oid::int8 as id,
  r.rolname as name,
  r.rolcanlogin as can_login,
  r.rolcreaterole as can_create_role,
  r.rolcreatedb as can_create_db,
  r.rolbypassrls as can_bypass_rls,
  r.rolsuper as is_superuser,
  r.rolreplication as is_replication_role,
  r.rolinherit as inherit_role,
  r.rolconnlimit as connection_limit,
  r.rolvaliduntil::text as valid_until
from pg_roles r
where r.rolname !~ '^pg_'
  and r.rolname <> all($1::text[])
order by r.rolname
`

export function toRole(row: RoleRow): PgRole {
  return { ...row, id: toNumber(row.id) }
}

/** Roles shown in the dashboard, ordered by name. */
export async function listRoles(client: pg.ClientBase): Promise<Result<PgRole[]>> {
  const rows = await runSql<RoleRow>(client, ROLES_SQL, [[...RESERVED_ROLES]])
  return rows.ok ? ok(rows.data.map(toRole)) : rows
}
