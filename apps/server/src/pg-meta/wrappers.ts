import {
  createForeignServerBodySchema,
  fail,
  ok,
  type CreateForeignServerBody,
  type Dependent,
  type ForeignServer,
  type Result,
  type WrappersResponse,
} from '@basalt/contracts'
import { buildDropServer, createForeignServerStatements } from '@basalt/sql'
import type pg from 'pg'
import { runSql, toNumber } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'
import { listDependents } from './dependents.ts'

/**
 * Foreign data wrappers, servers and foreign tables for Database › Wrappers, as pg_catalog has them; creating
 * a server (with the admin role's user mapping and a remote schema imported) and dropping one. Everything runs
 * as the member's login, the project's admin role: a server needs USAGE on its wrapper, which Postgres checks.
 * User mappings are read from pg_user_mappings by role only: their options hold credentials and never leave
 * the server.
 */

const WRAPPERS_SQL = `
select
  w.oid::int8 as id,
  w.fdwname as name,
  pg_get_userbyid(w.fdwowner) as owner,
  nullif(w.fdwhandler, 0)::regproc::text as handler,
  nullif(w.fdwvalidator, 0)::regproc::text as validator,
  coalesce(w.fdwoptions, array[]::text[]) as options,
  (select e.extname from pg_depend d join pg_extension e on e.oid = d.refobjid
    where d.classid = 'pg_foreign_data_wrapper'::regclass and d.objid = w.oid
      and d.refclassid = 'pg_extension'::regclass and d.deptype = 'e') as extension,
  has_foreign_data_wrapper_privilege(w.oid, 'USAGE') as usable
from pg_foreign_data_wrapper w
order by w.fdwname
`

const SERVERS_SQL = `
select
  s.oid::int8 as id,
  s.srvname as name,
  w.fdwname as wrapper,
  pg_get_userbyid(s.srvowner) as owner,
  s.srvtype as type,
  s.srvversion as version,
  coalesce(s.srvoptions, array[]::text[]) as options,
  array(select m.usename::text from pg_user_mappings m where m.srvid = s.oid order by 1) as user_mappings,
  pg_has_role(s.srvowner, 'USAGE') as owned
from pg_foreign_server s
join pg_foreign_data_wrapper w on w.oid = s.srvfdw
where $1::oid is null or s.oid = $1::oid
order by s.srvname
`

const FOREIGN_TABLES_SQL = `
select
  c.oid::int8 as id,
  n.nspname as schema,
  c.relname as name,
  s.srvname as server,
  coalesce(ft.ftoptions, array[]::text[]) as options,
  (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
from pg_foreign_table ft
join pg_class c on c.oid = ft.ftrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_foreign_server s on s.oid = ft.ftserver
order by n.nspname, c.relname
`

type WithId<T> = Omit<T, 'id'> & { id: string }
const withNumberId = <T extends { id: string }>(row: T) => ({ ...row, id: toNumber(row.id) })

async function queryServers(client: pg.ClientBase, id: number | null): Promise<Result<ForeignServer[]>> {
  const rows = await runSql<WithId<ForeignServer>>(client, SERVERS_SQL, [id])
  return rows.ok ? ok(rows.data.map(withNumberId)) : rows
}

/** The wrappers, servers and foreign tables of the project's database. */
export async function listWrappers(client: pg.ClientBase): Promise<Result<WrappersResponse>> {
  const wrappers = await runSql<WithId<WrappersResponse['wrappers'][number]>>(client, WRAPPERS_SQL)
  if (!wrappers.ok) return wrappers
  const servers = await queryServers(client, null)
  if (!servers.ok) return servers
  const tables = await runSql<WithId<WrappersResponse['foreign_tables'][number]>>(client, FOREIGN_TABLES_SQL)
  if (!tables.ok) return tables
  return ok({
    wrappers: wrappers.data.map(withNumberId),
    servers: servers.data,
    foreign_tables: tables.data.map(withNumberId),
  })
}

/** One server by oid; `not_found` when there is none. */
export async function getForeignServer(client: pg.ClientBase, id: number): Promise<Result<ForeignServer>> {
  const found = await queryServers(client, id)
  if (!found.ok) return found
  const [server] = found.data
  return server ? ok(server) : fail('not_found', `Foreign server ${id} not found`)
}

/**
 * Creates a server, then (when asked) the admin role's user mapping and the remote schema's tables as foreign
 * tables — in the caller's transaction, so that a refusal of any step leaves nothing. The user mapping runs as
 * a statement of its own, so that its migration record can leave its credentials out.
 */
export async function createForeignServer(
  client: pg.ClientBase,
  body: CreateForeignServerBody,
): Promise<Result<ForeignServer>> {
  const def = createForeignServerBodySchema.parse(body)
  for (const statement of createForeignServerStatements(def)) {
    const ran = await runBuiltDdl(client, () => [statement])
    if (!ran.ok) return ran
  }
  const rows = await runSql<{ id: string }>(
    client,
    'select oid::int8 as id from pg_foreign_server where srvname = $1',
    [def.name],
  )
  if (!rows.ok) return rows
  return getForeignServer(client, toNumber(rows.data[0]!.id))
}

/** Drops a server (with CASCADE its user mappings and foreign tables); answers it as it was. */
export async function dropForeignServer(
  client: pg.ClientBase,
  id: number,
  cascade = false,
): Promise<Result<ForeignServer>> {
  const server = await getForeignServer(client, id)
  if (!server.ok) return server
  const dropped = await runSql(client, buildDropServer(server.data, cascade))
  return dropped.ok ? server : dropped
}

/** What depends on a server: its user mappings and foreign tables. */
export function foreignServerDependents(client: pg.ClientBase, id: number): Promise<Result<Dependent[]>> {
  return listDependents(client, 'pg_foreign_server', id)
}
