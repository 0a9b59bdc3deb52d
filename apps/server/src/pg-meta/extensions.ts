import {
  enableExtensionBodySchema,
  fail,
  ok,
  type DatabaseExtension,
  type Dependent,
  type EnableExtensionBody,
  type Result,
} from '@basalt/contracts'
import { buildDropExtension, createExtensionStatements } from '@basalt/sql'
import type pg from 'pg'
import { runSql } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'

/**
 * Extensions (pg_available_extensions, pg_extension) for Database › Extensions: each available extension
 * with its versions, where it is installed, its control file's `trusted` and `superuser`, and why the
 * project's admin role may not create it. Enabling runs as the member's login — never as a superuser — so
 * what the admin role may not create, Postgres refuses; the page says so before anyone tries.
 */

/** Why the admin role may not create an extension: its control file wants a superuser and does not trust. */
export const NOT_CREATABLE = {
  superuser:
    'Only a superuser may create this extension: its control file says superuser = true and it is not trusted. The project’s admin role is not a superuser.',
  privilege: 'The project’s role may not create objects in this database (it lacks CREATE on the database).',
} as const

// The version Postgres would install (the default) decides trusted / superuser / requires.
// Creating a trusted extension needs CREATE on the database; an untrusted one, a superuser.
const EXTENSIONS_SQL = `
select
  a.name,
  a.default_version,
  a.installed_version,
  n.nspname as schema,
  a.comment,
  coalesce(v.trusted, false) as trusted,
  coalesce(v.superuser, true) as superuser,
  coalesce(v.relocatable, false) as relocatable,
  coalesce(v.requires::text[], array[]::text[]) as requires,
  r.rolsuper as is_superuser,
  has_database_privilege(current_database(), 'CREATE') as may_create
from pg_available_extensions a
left join pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
left join pg_extension e on e.extname = a.name
left join pg_namespace n on n.oid = e.extnamespace
cross join (select rolsuper from pg_roles where rolname = current_user) r
where $1::text is null or a.name = $1
order by a.name
`

interface ExtensionRow extends Omit<DatabaseExtension, 'not_creatable'> {
  is_superuser: boolean
  may_create: boolean
}

function toExtension({ is_superuser, may_create, ...row }: ExtensionRow): DatabaseExtension {
  const notCreatable = is_superuser
    ? null
    : row.superuser && !row.trusted
      ? NOT_CREATABLE.superuser
      : may_create
        ? null
        : NOT_CREATABLE.privilege
  return { ...row, not_creatable: notCreatable }
}

async function queryExtensions(client: pg.ClientBase, name: string | null): Promise<Result<DatabaseExtension[]>> {
  const rows = await runSql<ExtensionRow>(client, EXTENSIONS_SQL, [name])
  return rows.ok ? ok(rows.data.map(toExtension)) : rows
}

/** Every extension the server offers, by name. */
export function listExtensions(client: pg.ClientBase): Promise<Result<DatabaseExtension[]>> {
  return queryExtensions(client, null)
}

export async function getExtension(client: pg.ClientBase, name: string): Promise<Result<DatabaseExtension>> {
  const found = await queryExtensions(client, name)
  if (!found.ok) return found
  const [extension] = found.data
  return extension ? ok(extension) : fail('not_found', `Extension ${name} is not available on this server`)
}

/** CREATE EXTENSION into a schema, as the member's login (POST …/database/extensions). */
export async function enableExtension(
  client: pg.ClientBase,
  body: EnableExtensionBody,
): Promise<Result<DatabaseExtension>> {
  const def = enableExtensionBodySchema.parse(body)
  const created = await runBuiltDdl(client, () => createExtensionStatements(def))
  return created.ok ? getExtension(client, def.name) : created
}

/** DROP EXTENSION (DELETE …?name=&cascade=); answers it as it is then (not installed). */
export async function disableExtension(
  client: pg.ClientBase,
  name: string,
  cascade = false,
): Promise<Result<DatabaseExtension>> {
  const extension = await getExtension(client, name)
  if (!extension.ok) return extension
  if (extension.data.installed_version === null) return fail('bad_request', `Extension ${name} is not enabled`)
  const dropped = await runSql(client, buildDropExtension(name, cascade))
  return dropped.ok ? getExtension(client, name) : dropped
}

// What DROP EXTENSION would refuse without CASCADE: objects depending on the extension or on one of its
// members (a column of type citext depends on the type, which belongs to the extension), members left out.
const EXTENSION_DEPENDENTS_SQL = `
with ext as (select oid from pg_extension where extname = $1),
members as (
  select d.classid, d.objid from pg_depend d, ext
   where d.refclassid = 'pg_extension'::regclass and d.refobjid = ext.oid and d.deptype = 'e'
  union all select 'pg_extension'::regclass, ext.oid from ext
)
select distinct pg_describe_object(d.classid, d.objid, d.objsubid) as description, d.classid::regclass::text as catalog
from pg_depend d
join members m on d.refclassid = m.classid and d.refobjid = m.objid
where d.deptype in ('n', 'a')
  and not exists (select 1 from members x where x.classid = d.classid and x.objid = d.objid)
  -- Parts of a member (an operator family's operators and support functions) go with it.
  and not exists (select 1 from pg_depend p join members x on p.refclassid = x.classid and p.refobjid = x.objid
                   where p.classid = d.classid and p.objid = d.objid and p.deptype in ('a', 'i'))
  and not (d.classid = 'pg_type'::regclass and d.deptype = 'a')
order by 1
`

/** What depends on an installed extension (GET …/database/extensions/dependents?name=). */
export async function extensionDependents(client: pg.ClientBase, name: string): Promise<Result<Dependent[]>> {
  const rows = await runSql<Dependent>(client, EXTENSION_DEPENDENTS_SQL, [name])
  return rows.ok ? ok(rows.data) : rows
}
