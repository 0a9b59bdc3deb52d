import {
  fail,
  ok,
  roleDefinitionSchema,
  type DatabaseRole,
  type DatabaseRolesResponse,
  type Dependent,
  type ParsedRoleDefinition,
  type PgRole,
  RESERVED_ROLES,
  type Result,
  type RoleDefinition,
} from '@basalt/contracts'
import { buildDropRole, createRoleStatements, updateRoleStatements } from '@basalt/sql'
import type pg from 'pg'
import type { ProjectRow } from '../db/project-types.ts'
import { storageOwnerOf } from '../db/project-roles.ts'
import { REPLICATION_ROLE } from '../db/replicas.ts'
import { runSql, toNumber } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'

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
  // And the NOLOGIN owner of the storage tables, which only the admin is a member of (db/project-roles.ts).
  return [
    project.admin_role,
    project.readonly_role,
    project.admin_role && storageOwnerOf(project.admin_role),
    REPLICATION_ROLE,
  ].filter((name): name is string => !!name)
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

// ---------- Database › Roles (issue 26 point 6) ----------

/** The project's API roles: the platform's bootstrap made them, its APIs rely on them. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const

/** Why Database › Roles shows a role locked. */
export const ROLE_LOCKS = {
  basalt: "Basalt's own login for this project: the dashboard does not change it.",
  reserved: 'A reserved role: the dashboard does not change it.',
  api: "One of the project's API roles (anon, authenticated, service_role), which its APIs rely on: the dashboard does not change it.",
  superuser: "A superuser: the project's admin role cannot change it.",
} as const

export const reservedNameMessage = (name: string) => `The role name ${name} is reserved`

/** Why a role is locked, by its name and whether it is a superuser; null when the dashboard may change it. */
export function roleLock(name: string, isSuperuser: boolean, basaltRoles: readonly string[]): DatabaseRole['locked'] {
  if (basaltRoles.includes(name)) return 'basalt'
  if ((RESERVED_ROLES as readonly string[]).includes(name)) return 'reserved'
  if ((API_ROLES as readonly string[]).includes(name)) return 'api'
  if (isSuperuser) return 'superuser'
  return null
}

interface DatabaseRoleRow extends Omit<DatabaseRole, 'id' | 'connections' | 'locked' | 'locked_reason'> {
  id: string
  connections: string
}

// Postgres' predefined pg_* roles are not listed (nobody creates or changes them). rolconnlimit -1 is no limit.
const DATABASE_ROLES_SQL = `
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
  nullif(r.rolconnlimit, -1) as connection_limit,
  r.rolvaliduntil::text as valid_until,
  coalesce((
    select json_agg(json_build_object('role', g.rolname, 'admin_option', m.admin_option) order by g.rolname)
    from pg_auth_members m join pg_roles g on g.oid = m.roleid
    where m.member = r.oid
  ), '[]'::json) as member_of,
  (select count(*) from pg_stat_activity a where a.usesysid = r.oid) as connections,
  shobj_description(r.oid, 'pg_authid') as comment,
  -- Whether the admin role may grant membership in it: from PostgreSQL 16 that is ADMIN OPTION on it (which a
  -- CREATEROLE role gets on the roles it creates); before, CREATEROLE grants any role but a superuser.
  pg_has_role(r.oid, 'MEMBER WITH ADMIN OPTION')
    or (current_setting('server_version_num')::int < 160000 and not r.rolsuper
        and (select c.rolcreaterole from pg_roles c where c.rolname = current_user)) as grantable
from pg_roles r
where r.rolname !~ '^pg_' and ($1::oid is null or r.oid = $1::oid)
order by r.rolname
`

async function queryDatabaseRoles(
  client: pg.ClientBase,
  id: number | null,
  basaltRoles: readonly string[],
): Promise<Result<DatabaseRole[]>> {
  const rows = await runSql<DatabaseRoleRow>(client, DATABASE_ROLES_SQL, [id])
  if (!rows.ok) return rows
  return ok(
    rows.data.map((r) => {
      const locked = roleLock(r.name, r.is_superuser, basaltRoles)
      return {
        ...r,
        id: toNumber(r.id),
        connections: toNumber(r.connections),
        locked,
        locked_reason: locked && ROLE_LOCKS[locked],
      }
    }),
  )
}

/** Every role of the server but Postgres' predefined ones, locked ones marked, and max_connections. */
export async function listDatabaseRoles(
  client: pg.ClientBase,
  basaltRoles: readonly string[],
): Promise<Result<DatabaseRolesResponse>> {
  const max = await runSql<{ max: number }>(client, `select current_setting('max_connections')::int as max`)
  if (!max.ok) return max
  const roles = await queryDatabaseRoles(client, null, basaltRoles)
  return roles.ok ? ok({ max_connections: max.data[0]!.max, roles: roles.data }) : roles
}

async function getDatabaseRole(client: pg.ClientBase, id: number, basaltRoles: readonly string[]) {
  const found = await queryDatabaseRoles(client, id, basaltRoles)
  if (!found.ok) return found
  const [role] = found.data
  return role ? ok(role) : fail('not_found', `Role ${id} not found`)
}

async function roleNamed(client: pg.ClientBase, name: string, basaltRoles: readonly string[]) {
  const rows = await runSql<{ id: string }>(client, 'select oid::int8 as id from pg_roles where rolname = $1', [name])
  if (!rows.ok) return rows
  return getDatabaseRole(client, Number(rows.data[0]!.id), basaltRoles)
}

/** A name or membership the dashboard keeps away from (a reserved, API or Basalt role), as a refusal. */
function refuseLockedNames(def: ParsedRoleDefinition, basaltRoles: readonly string[]): Result<never> | null {
  if (roleLock(def.name, false, basaltRoles)) return fail('bad_request', reservedNameMessage(def.name))
  const locked = def.member_of.find((r) => basaltRoles.includes(r) || (RESERVED_ROLES as readonly string[]).includes(r))
  return locked ? fail('bad_request', reservedNameMessage(locked)) : null
}

/** CREATE ROLE as the member's login (POST …/database/roles); Postgres decides what a CREATEROLE role may give. */
export async function createDatabaseRole(
  client: pg.ClientBase,
  body: RoleDefinition,
  basaltRoles: readonly string[],
): Promise<Result<DatabaseRole>> {
  const def = roleDefinitionSchema.parse(body)
  const refused = refuseLockedNames(def, basaltRoles)
  if (refused) return refused
  const created = await runBuiltDdl(client, () => createRoleStatements(def))
  return created.ok ? roleNamed(client, def.name, basaltRoles) : created
}

/** Changes a role to the definition sent (PATCH …?id=); locked roles are refused. */
export async function updateDatabaseRole(
  client: pg.ClientBase,
  id: number,
  body: RoleDefinition,
  basaltRoles: readonly string[],
): Promise<Result<DatabaseRole>> {
  const after = roleDefinitionSchema.parse(body)
  const before = await getDatabaseRole(client, id, basaltRoles)
  if (!before.ok) return before
  if (before.data.locked) return fail('bad_request', ROLE_LOCKS[before.data.locked])
  const refused = refuseLockedNames(after, basaltRoles)
  if (refused) return refused
  const changed = await runBuiltDdl(client, () => updateRoleStatements({ before: before.data, after }))
  return changed.ok ? getDatabaseRole(client, id, basaltRoles) : changed
}

/** DROP ROLE (DELETE …?id=); locked roles are refused. Answers it as it was. */
export async function deleteDatabaseRole(
  client: pg.ClientBase,
  id: number,
  basaltRoles: readonly string[],
): Promise<Result<DatabaseRole>> {
  const role = await getDatabaseRole(client, id, basaltRoles)
  if (!role.ok) return role
  if (role.data.locked) return fail('bad_request', ROLE_LOCKS[role.data.locked])
  const dropped = await runSql(client, buildDropRole(role.data))
  return dropped.ok ? role : dropped
}

// What DROP ROLE refuses while it exists: objects of this database the role owns or holds privileges on
// (pg_shdepend; other databases' are not visible from here, and Postgres' message names them).
const ROLE_DEPENDENTS_SQL = `
select distinct
  case d.deptype when 'o' then 'owner of ' else 'privileges on ' end || pg_describe_object(d.classid, d.objid, d.objsubid) as description,
  d.classid::regclass::text as catalog
from pg_shdepend d
where d.refclassid = 'pg_authid'::regclass and d.refobjid = $1::oid
  and d.dbid = (select oid from pg_database where datname = current_database())
order by 1
`

/** What keeps a role from being dropped in this database (GET …/database/roles/dependents?id=). */
export async function roleDependents(client: pg.ClientBase, id: number): Promise<Result<Dependent[]>> {
  const rows = await runSql<Dependent>(client, ROLE_DEPENDENTS_SQL, [id])
  return rows.ok ? ok(rows.data) : rows
}
