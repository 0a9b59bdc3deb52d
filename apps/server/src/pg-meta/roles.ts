import { ok, type PgRole, RESERVED_ROLES, type Result } from '@basalt/contracts'
import type pg from 'pg'
import type { ProjectRow } from '../db/project-types.ts'
import { REPLICATION_ROLE } from '../db/replicas.ts'
import { runSql, toNumber } from './catalog.ts'

/**
 * Database roles (pg_roles) without the reserved ones (spec 1 §6), Postgres' predefined pg_* roles and
 * Basalt's own logins of the project: what a member may choose for a policy or a grant.
 */

/**
 * Basalt's own login roles in a project's database, by the names the project was given (`basalt_admin` and
 * `basalt_readonly` on a cluster of its own, `basalt_project_<ref>_admin`/`_readonly` on a shared server):
 * reserved like spec 1 §6's, since both bypass RLS (a policy for them never applies) and no member grants
 * to them; and the replication login of a project's read replicas. An attached database's login is the member's
own role, not Basalt's.
 */
export function basaltRolesOf(project: Pick<ProjectRow, 'admin_role' | 'readonly_role'>): string[] {
  // A cluster with read replicas also has the login they stream as (db/replicas.ts).
  return [project.admin_role, project.readonly_role, REPLICATION_ROLE].filter((name): name is string => name !== null)
}

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

/** Roles shown in the dashboard, ordered by name; `basaltRoles` ({@link basaltRolesOf}) are left out too. */
export async function listRoles(client: pg.ClientBase, basaltRoles: readonly string[] = []): Promise<Result<PgRole[]>> {
  const rows = await runSql<RoleRow>(client, ROLES_SQL, [[...RESERVED_ROLES, ...basaltRoles]])
  return rows.ok ? ok(rows.data.map(toRole)) : rows
}
