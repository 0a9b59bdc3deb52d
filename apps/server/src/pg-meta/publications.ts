import {
  fail,
  ok,
  publicationDefinitionSchema,
  type Publication,
  type PublicationDefinition,
  type PublicationsResponse,
  type Result,
} from '@basalt/contracts'
import { buildDropPublication, createPublicationStatements, updatePublicationStatements } from '@basalt/sql'
import type pg from 'pg'
import { runSql, toNumber } from './catalog.ts'
import { runBuiltDdl } from './ddl-check.ts'

/**
 * Publications (pg_publication) for Database › Replication: each with its operations, its tables with their
 * column lists and row filters (pg_publication_rel), the schemas it publishes whole
 * (pg_publication_namespace, FOR TABLES IN SCHEMA); create, change and drop. Column lists, row filters and
 * schemas came with PostgreSQL 15: on an older server they are read as none.
 */

interface PublicationRow extends Omit<Publication, 'id'> {
  id: string
}

const PUBLICATIONS_SQL = (v15: boolean) => `
select
  p.oid::int8 as id,
  p.pubname as name,
  pg_get_userbyid(p.pubowner) as owner,
  p.puballtables as all_tables,
  array_remove(array[
    case when p.pubinsert then 'insert' end,
    case when p.pubupdate then 'update' end,
    case when p.pubdelete then 'delete' end,
    case when p.pubtruncate then 'truncate' end
  ], null) as operations,
  p.pubviaroot as via_root,
  coalesce((
    select json_agg(json_build_object(
      'schema', n.nspname,
      'name', c.relname,
      'columns', ${
        v15
          ? `case when pr.prattrs is null then null else (
          select json_agg(a.attname order by k.i) from unnest(pr.prattrs::int2[]) with ordinality as k(attnum, i)
            join pg_attribute a on a.attrelid = pr.prrelid and a.attnum = k.attnum) end`
          : 'null'
      },
      'row_filter', ${v15 ? 'pg_get_expr(pr.prqual, pr.prrelid)' : 'null'}
    ) order by n.nspname, c.relname)
    from pg_publication_rel pr
    join pg_class c on c.oid = pr.prrelid
    join pg_namespace n on n.oid = c.relnamespace
    where pr.prpubid = p.oid
  ), '[]'::json) as tables,
  ${
    v15
      ? `array(select n.nspname::text from pg_publication_namespace pn join pg_namespace n on n.oid = pn.pnnspid
     where pn.pnpubid = p.oid order by 1)`
      : 'array[]::text[]'
  } as schemas,
  obj_description(p.oid, 'pg_publication') as comment
from pg_publication p
where $1::oid is null or p.oid = $1::oid
order by p.pubname
`

async function queryPublications(client: pg.ClientBase, id: number | null): Promise<Result<Publication[]>> {
  const version = await runSql<{ v: number }>(client, `select current_setting('server_version_num')::int as v`)
  if (!version.ok) return version
  const rows = await runSql<PublicationRow>(client, PUBLICATIONS_SQL(version.data[0]!.v >= 150000), [id])
  return rows.ok ? ok(rows.data.map((r) => ({ ...r, id: toNumber(r.id) }))) : rows
}

/** The publications and the server's wal_level (publications send changes only at `logical`). */
export async function listPublications(client: pg.ClientBase): Promise<Result<PublicationsResponse>> {
  const level = await runSql<{ wal_level: string }>(client, `select current_setting('wal_level') as wal_level`)
  if (!level.ok) return level
  const publications = await queryPublications(client, null)
  return publications.ok ? ok({ wal_level: level.data[0]!.wal_level, publications: publications.data }) : publications
}

/** One publication by oid; `not_found` when there is none. */
export async function getPublication(client: pg.ClientBase, id: number): Promise<Result<Publication>> {
  const found = await queryPublications(client, id)
  if (!found.ok) return found
  const [publication] = found.data
  return publication ? ok(publication) : fail('not_found', `Publication ${id} not found`)
}

async function publicationNamed(client: pg.ClientBase, name: string): Promise<Result<Publication>> {
  const rows = await runSql<{ id: string }>(client, 'select oid::int8 as id from pg_publication where pubname = $1', [
    name,
  ])
  if (!rows.ok) return rows
  return getPublication(client, Number(rows.data[0]!.id))
}

/** Creates a publication (POST …/database/publications) and answers it as the catalog then says. */
export async function createPublication(
  client: pg.ClientBase,
  body: PublicationDefinition,
): Promise<Result<Publication>> {
  const def = publicationDefinitionSchema.parse(body)
  const created = await runBuiltDdl(client, () => createPublicationStatements(def))
  return created.ok ? publicationNamed(client, def.name) : created
}

/** Changes a publication's tables and operations (PATCH …?id=). */
export async function updatePublication(
  client: pg.ClientBase,
  id: number,
  body: PublicationDefinition,
): Promise<Result<Publication>> {
  const after = publicationDefinitionSchema.parse(body)
  const before = await getPublication(client, id)
  if (!before.ok) return before
  const changed = await runBuiltDdl(client, () => updatePublicationStatements({ before: before.data, after }))
  return changed.ok ? getPublication(client, id) : changed
}

/** Drops a publication (DELETE …?id=); answers it as it was. */
export async function deletePublication(client: pg.ClientBase, id: number): Promise<Result<Publication>> {
  const publication = await getPublication(client, id)
  if (!publication.ok) return publication
  const dropped = await runSql(client, buildDropPublication(publication.data))
  return dropped.ok ? publication : dropped
}
