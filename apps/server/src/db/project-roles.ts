import { createHash } from 'node:crypto'
import type pg from 'pg'

/** The login roles of one project (docs/isolation.md), with their passwords in clear. */
export interface ProjectRoles {
  admin: string
  adminPassword: string
  readonly: string
  readonlyPassword: string
}

/** Schemas whose objects belong to the platform, not to the project's admin. */
export const PLATFORM_SCHEMAS = [
  'pg_catalog',
  'information_schema',
  'pg_toast',
  'auth',
  'storage',
  'extensions',
  '_basalt',
]

/** Predefined roles that reach beyond the database: no project role may hold them. */
export const SERVER_REACHING_ROLES = [
  'pg_execute_server_program',
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_signal_backend',
  'pg_read_all_stats',
  'pg_monitor',
]

/**
 * The NOLOGIN role that owns the project's `storage.objects` and `storage.buckets` (what
 * `supabase_storage_admin` is on Supabase): the admin is a member of it, so the admin may create, alter and
 * drop policies on those tables (Postgres lets only a table's owner do that), while the `storage` schema
 * itself stays the platform's. `basalt_storage_admin` in a cluster of its own, `…_<ref>_storage_admin` on a
 * shared server; a name over Postgres' 63 bytes is shortened by a hash of the admin's name.
 */
export function storageOwnerOf(admin: string): string {
  const name = `${admin.replace(/_admin$/, '')}_storage_admin`
  return Buffer.byteLength(name) <= 63
    ? name
    : `basalt_storage_${createHash('sha256').update(admin).digest('hex').slice(0, 16)}`
}

/**
 * Creates or updates, as a superuser connected to the project's database, the project's two login roles and
 * what they may do (idempotent, run at every bring-up):
 *
 * - the admin role owns the database, the `public` schema and every user object; it may create roles,
 *   bypasses RLS, and may SET ROLE to `anon`, `authenticated` and `service_role` (what `postgres` is in a
 *   hosted Supabase project) — and it is no superuser and holds no role that reaches the server's files,
 *   programs or other sessions;
 * - the read-only role reads every table of the project (RLS bypassed as the admin's view is) and writes
 *   nothing: it holds no write privilege, its transactions are read-only by default, and it is a member of
 *   no role (so it cannot SET ROLE to one that writes).
 *
 * - the storage owner role ({@link storageOwnerOf}) owns `storage.objects` and `storage.buckets` when the
 *   bootstrap made them (a superuser owned them), and the admin is a member of it: storage policies are the
 *   admin's to write. It logs in never and holds no other role.
 *
 * `CONNECT` on the database is revoked from PUBLIC and granted to these two roles only, with a connection
 * limit for each, so projects on a shared server cannot reach one another's databases.
 */
export async function ensureProjectRoles(
  client: pg.ClientBase,
  roles: ProjectRoles,
  { connectionLimit }: { connectionLimit: number },
): Promise<void> {
  const id = (s: string) => client.escapeIdentifier(s)
  const lit = (s: string) => client.escapeLiteral(s)
  const { rows } = await client.query<{ db: string }>('select pg_catalog.current_database() as db')
  const { db } = rows[0]!
  const admin = id(roles.admin)
  const readonly = id(roles.readonly)

  const ensureLogin = async (name: string, password: string, attributes: string) => {
    const exists = await client.query('select 1 from pg_catalog.pg_roles where rolname = $1', [name])
    const verb = exists.rowCount ? 'alter' : 'create'
    await client.query(
      `${verb} role ${id(name)} with login nosuperuser ${attributes} connection limit ${connectionLimit} password ${lit(password)}`,
    )
  }
  await ensureLogin(roles.admin, roles.adminPassword, 'createrole bypassrls inherit nocreatedb noreplication')
  await ensureLogin(roles.readonly, roles.readonlyPassword, 'bypassrls inherit nocreaterole nocreatedb noreplication')
  const storageOwner = storageOwnerOf(roles.admin)
  const ownerExists = await client.query('select 1 from pg_catalog.pg_roles where rolname = $1', [storageOwner])
  await client.query(
    `${ownerExists.rowCount ? 'alter' : 'create'} role ${id(storageOwner)} with nologin nosuperuser noinherit nocreaterole nocreatedb noreplication nobypassrls`,
  )

  // Neither role keeps a membership that reaches the server (e.g. one granted by hand); the read-only role
  // and the storage owner keep none at all: through a role the admin made and granted it, the read-only one
  // could write. A membership is revoked as its grantor granted it (PostgreSQL 16 records grantors).
  const { rows: held } = await client.query<{ role: string; member: string; grantor: string }>(
    `select g.rolname as role, u.rolname as member, gr.rolname as grantor
       from pg_catalog.pg_auth_members m
       join pg_catalog.pg_roles g on g.oid = m.roleid
       join pg_catalog.pg_roles u on u.oid = m.member
       join pg_catalog.pg_roles gr on gr.oid = m.grantor
      where (u.rolname = $1 and g.rolname = any($2)) or u.rolname = $3 or u.rolname = $4`,
    [roles.admin, SERVER_REACHING_ROLES, roles.readonly, storageOwner],
  )
  for (const r of held) {
    await client.query(`revoke ${id(r.role)} from ${id(r.member)} granted by ${id(r.grantor)}`)
  }

  await resetRoleSettings(client, db, roles)
  await client.query(`grant anon, authenticated, service_role to ${admin}`)
  await client.query(`grant ${id(storageOwner)} to ${admin}`)
  await client.query(`alter role ${readonly} set default_transaction_read_only = on`)

  await client.query(`alter database ${id(db)} owner to ${admin}`)
  await client.query(`revoke connect, temporary on database ${id(db)} from public`)
  await client.query(`grant connect, temporary on database ${id(db)} to ${admin}`)
  await client.query(`revoke all on database ${id(db)} from ${readonly}`)
  await client.query(`grant connect on database ${id(db)} to ${readonly}`)
  // Impersonated imports stage rows in temporary tables as the API role (no login: no CONNECT for them).
  await client.query(`grant temporary on database ${id(db)} to anon, authenticated, service_role`)
  await client.query(`alter schema public owner to ${admin}`)

  // The platform schemas stay the platform's; the admin uses them as the API roles do, and more.
  await client.query(`grant usage on schema auth, storage, extensions to ${admin}`)
  await client.query(`grant create on schema extensions to ${admin}`)
  await client.query(`grant all on all tables in schema auth, storage to ${admin}`)
  await client.query(`grant all on all sequences in schema auth, storage to ${admin}`)
  await client.query(`grant execute on all functions in schema auth, storage, extensions to ${admin}`)
  // Foreign-key checks between the storage tables run as their owner, which must reach the schema.
  await client.query(`grant usage on schema storage to ${id(storageOwner)}`)
  await ownStorageTables(client, storageOwner)
  // Query statistics of this database only (bootstrap 0027): never pg_read_all_stats, which reaches every one.
  await client.query(`grant usage on schema _basalt to ${admin}, ${readonly}`)
  await client.query(`grant execute on function _basalt.statement_stats() to ${admin}, ${readonly}`)
  await client.query(`grant execute on function _basalt.reset_statement_stats() to ${admin}`)
  await client.query(`grant execute on function _basalt.connection_states() to ${admin}, ${readonly}`)
  // Like Supabase: what the admin creates in public is usable by the API roles, and RLS decides the rows.
  for (const kind of ['tables', 'sequences', 'functions']) {
    await client.query(
      `alter default privileges for role ${admin} in schema public grant all on ${kind} to anon, authenticated, service_role`,
    )
  }
  await adoptUserObjects(client, roles.admin)
  await grantReads(client, roles)
}

/**
 * Hands `storage.objects` and `storage.buckets` to the storage owner role when a superuser owns them (the
 * bootstrap made them; projects made before this kept them so): applied at every bring-up, so existing
 * projects get it too. Tables another role owns (a database that came from Supabase) are left as they are.
 * Only the owner changes: grants stay, and the superuser reads no row of them.
 */
async function ownStorageTables(client: pg.ClientBase, storageOwner: string): Promise<void> {
  await client.query(
    `do $own$
     declare
       r record;
     begin
       for r in
         select c.oid::regclass as rel from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on n.oid = c.relnamespace
           join pg_catalog.pg_roles o on o.oid = c.relowner
          where n.nspname = 'storage' and c.relname in ('objects', 'buckets') and c.relkind in ('r', 'p') and o.rolsuper
       loop
         execute pg_catalog.format('alter table %s owner to %I', r.rel, ${client.escapeLiteral(storageOwner)});
       end loop;
     end
     $own$`,
  )
}

/**
 * Database settings that would lock Basalt's logins out or make every call of theirs fail: a library that
 * cannot load fails every login, a read-only default every write, a `role` or `session_authorization` makes a
 * login someone else, and the timeouts end Basalt's own sessions. The admin role owns the database, so it
 * may `ALTER DATABASE … SET` them; every bring-up resets them (Basalt's own sessions also override them when
 * they start: see superuserSessionOptions and the pools' options). Other database settings (`search_path`,
 * `TimeZone`, custom `app.*` ones) are the project's own and stay.
 */
export const LOCKOUT_DATABASE_SETTINGS = [
  'local_preload_libraries',
  'session_preload_libraries',
  'default_transaction_read_only',
  'transaction_read_only',
  'role',
  'session_authorization',
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'idle_session_timeout',
  'transaction_timeout',
]

/**
 * Puts the settings of the project's login roles back to what Basalt defines (none for the admin; the
 * read-only default for the read-only role, set after this), in every database, and resets the database's
 * LOCKOUT_DATABASE_SETTINGS: a member's `ALTER ROLE current_user SET local_preload_libraries = …` or
 * `ALTER DATABASE … SET default_transaction_read_only = on` lasts until the next bring-up at most.
 */
async function resetRoleSettings(client: pg.ClientBase, db: string, roles: ProjectRoles): Promise<void> {
  const id = (s: string) => client.escapeIdentifier(s)
  const { rows } = await client.query<{ role: string | null; database: string | null; name: string }>(
    `select r.rolname as role, d.datname as database, pg_catalog.split_part(c.setting, '=', 1) as name
       from pg_catalog.pg_db_role_setting s
       left join pg_catalog.pg_roles r on r.oid = s.setrole
       left join pg_catalog.pg_database d on d.oid = s.setdatabase,
       pg_catalog.unnest(s.setconfig) as c(setting)
      where (s.setrole = 0 and d.datname = $1 and pg_catalog.split_part(c.setting, '=', 1) = any($2))
         or r.rolname = any($3)`,
    [db, LOCKOUT_DATABASE_SETTINGS, [roles.admin, roles.readonly]],
  )
  const done = new Set<string>()
  for (const r of rows) {
    const statement =
      r.role === null
        ? `alter database ${id(db)} reset ${id(r.name)}`
        : `alter role ${id(r.role)}${r.database === null ? '' : ` in database ${id(r.database)}`} reset all`
    if (!done.has(statement)) await client.query(statement)
    done.add(statement)
  }
}

/** Functions that create large objects: only roles that write may call them (not the read-only one). */
const LARGE_OBJECT_CREATORS = [
  'pg_catalog.lo_create(oid)',
  'pg_catalog.lo_creat(integer)',
  'pg_catalog.lo_from_bytea(oid, bytea)',
]

/**
 * What the read-only role may do, reset to what Basalt defines at every bring-up — whatever the admin
 * granted it since: `SELECT` on every table, view and sequence of the project's schemas (user schemas and
 * auth, storage, extensions), now and — through the admin's default privileges — later; `USAGE` on those
 * schemas; nothing else (no write on a table or a column, no sequence's `USAGE`/`UPDATE`, no `CREATE`, no
 * large object, no function granted to it by name). Objects it came to own (a large object it made before
 * this) are handed to the admin, who may then remove them. Not `pg_read_all_data`: that also reads the
 * system catalogs' secrets (pg_authid's password hashes).
 */
async function grantReads(client: pg.ClientBase, roles: ProjectRoles): Promise<void> {
  const readonly = client.escapeIdentifier(roles.readonly)
  const admin = client.escapeIdentifier(roles.admin)
  await client.query(`reassign owned by ${readonly} to ${admin}`)
  const { rows } = await client.query<{ nspname: string }>(
    `select nspname from pg_catalog.pg_namespace where nspname !~ '^pg_' and nspname not in ('information_schema', '_basalt')`,
  )
  for (const { nspname } of rows) {
    const schema = client.escapeIdentifier(nspname)
    await client.query(`revoke all on schema ${schema} from ${readonly}`)
    await client.query(`revoke all on all tables in schema ${schema} from ${readonly}`)
    await client.query(`revoke all on all sequences in schema ${schema} from ${readonly}`)
    await client.query(`revoke all on all functions in schema ${schema} from ${readonly}`)
    await client.query(`grant usage on schema ${schema} to ${readonly}`)
    await client.query(`grant select on all tables in schema ${schema} to ${readonly}`)
    await client.query(`grant select on all sequences in schema ${schema} to ${readonly}`)
  }
  // Column privileges and large objects' are not reached by `all tables`: each is revoked where it is held.
  await client.query(
    `do $revoke$
     declare
       r record;
       ro oid := ${client.escapeLiteral(roles.readonly)}::regrole;
     begin
       for r in
         select a.attrelid::regclass as rel, a.attname from pg_catalog.pg_attribute a
          where a.attacl is not null and exists (select 1 from pg_catalog.aclexplode(a.attacl) x where x.grantee = ro)
       loop
         execute pg_catalog.format('revoke all (%I) on table %s from %s', r.attname, r.rel, ro::regrole);
       end loop;
       for r in
         select l.oid from pg_catalog.pg_largeobject_metadata l
          where l.lomacl is not null and exists (select 1 from pg_catalog.aclexplode(l.lomacl) x where x.grantee = ro)
       loop
         execute pg_catalog.format('revoke all on large object %s from %s', r.oid, ro::regrole);
       end loop;
     end
     $revoke$`,
  )
  // Default privileges the admin gave the read-only role (per schema or everywhere) go; Basalt's come back.
  const { rows: defaults } = await client.query<{ schema: string | null; kind: string }>(
    `select n.nspname as schema, d.defaclobjtype as kind
       from pg_catalog.pg_default_acl d left join pg_catalog.pg_namespace n on n.oid = d.defaclnamespace
      where d.defaclrole = $1::regrole and exists (select 1 from pg_catalog.aclexplode(d.defaclacl) x where x.grantee = $2::regrole)`,
    [roles.admin, roles.readonly],
  )
  const kinds: Record<string, string> = { r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' }
  for (const d of defaults) {
    const where = d.schema === null ? '' : ` in schema ${client.escapeIdentifier(d.schema)}`
    await client.query(
      `alter default privileges for role ${admin}${where} revoke all on ${kinds[d.kind]} from ${readonly}`,
    )
  }
  await client.query(`alter default privileges for role ${admin} grant usage on schemas to ${readonly}`)
  await client.query(`alter default privileges for role ${admin} grant select on tables to ${readonly}`)
  await client.query(`alter default privileges for role ${admin} grant select on sequences to ${readonly}`)
  // Any role may make large objects, and the one who makes one owns it: not the read-only role. The roles
  // that write keep what PUBLIC had.
  for (const fn of LARGE_OBJECT_CREATORS) {
    await client.query(`revoke execute on function ${fn} from public`)
    await client.query(`grant execute on function ${fn} to ${admin}, anon, authenticated, service_role`)
  }
}

/**
 * Hands the objects of user schemas that a superuser created (before projects had their own roles, the
 * table editor ran as the cluster's superuser) to the admin role: schemas, tables, views, sequences not
 * owned by a column, functions and types. Idempotent and quick when there is nothing to hand over.
 */
export async function adoptUserObjects(client: pg.ClientBase, admin: string): Promise<void> {
  await client.query(
    `do $adopt$
     declare
       r record;
       admin name := ${client.escapeLiteral(admin)};
       platform text[] := ${client.escapeLiteral(`{${PLATFORM_SCHEMAS.join(',')}}`)};
     begin
       for r in
         select n.nspname from pg_namespace n join pg_roles o on o.oid = n.nspowner
          where o.rolsuper and not n.nspname = any(platform) and n.nspname !~ '^pg_'
       loop
         execute format('alter schema %I owner to %I', r.nspname, admin);
       end loop;
       for r in
         select c.oid::regclass as obj, c.relkind from pg_class c
           join pg_namespace n on n.oid = c.relnamespace join pg_roles o on o.oid = c.relowner
          where o.rolsuper and not n.nspname = any(platform) and n.nspname !~ '^pg_'
            and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
            and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                              and (d.deptype = 'e' or (d.deptype in ('a', 'i') and c.relkind = 'S')))
       loop
         execute format('alter %s %s owner to %I',
           case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table'
                          when 'S' then 'sequence' else 'table' end, r.obj, admin);
       end loop;
       for r in
         select p.oid::regprocedure as fn, p.prokind from pg_proc p
           join pg_namespace n on n.oid = p.pronamespace join pg_roles o on o.oid = p.proowner
          where o.rolsuper and not n.nspname = any(platform) and n.nspname !~ '^pg_' and p.prokind in ('f', 'p')
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       loop
         execute format('alter %s %s owner to %I', case r.prokind when 'p' then 'procedure' else 'routine' end, r.fn, admin);
       end loop;
       for r in
         select t.oid::regtype as typ from pg_type t
           join pg_namespace n on n.oid = t.typnamespace join pg_roles o on o.oid = t.typowner
          where o.rolsuper and not n.nspname = any(platform) and n.nspname !~ '^pg_'
            and t.typtype in ('e', 'd', 'c', 'r') and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
            and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
       loop
         execute format('alter type %s owner to %I', r.typ, admin);
       end loop;
     end
     $adopt$`,
  )
}
