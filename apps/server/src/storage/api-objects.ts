import { fail, ok, OBJECT_NAME_MAX_BYTES, STORAGE_MESSAGES, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { actAs, type Impersonation } from '../db/impersonation.ts'
import type { ProjectCalls } from '../http/project-executor.ts'
import { isoText, objectMetadata, type ObjectRow } from './objects.ts'

/**
 * The SQL of the project's Storage API (issue 25): every statement here runs inside a transaction whose role
 * is the caller's (anon, authenticated with the token's claims, service_role) with `request.jwt.claims` set,
 * so the policies on storage.objects and storage.buckets decide what each statement sees and may change
 * (spec 3 §6). Nothing here checks a permission itself: a row a policy hides is not found, a row a policy
 * refuses is Postgres' own `new row violates row-level security policy` error.
 */

/**
 * Why an object name given to the Storage API is refused, or null. Looser than the explorer's rule
 * (objectNameProblem): empty segments (`a///b.txt`) are kept exactly, as supabase/storage keeps them — a
 * name is only a row's text, bytes are stored by the row's id. Refused: empty, a leading `/`, a `.` or `..`
 * segment, a control character (NUL), over 1,024 bytes.
 */
export function apiObjectNameProblem(name: string): string | null {
  if (name === '') return 'The object name is empty'
  if (name.startsWith('/')) return 'The object name may not start with /'
  if (Buffer.byteLength(name) > OBJECT_NAME_MAX_BYTES) return `The object name is over ${OBJECT_NAME_MAX_BYTES} bytes`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The object name may not contain a control character'
  if (name.split('/').some((s) => s === '.' || s === '..')) return 'The object name may not contain . or .. segments'
  return null
}

const ROW = `o.id::text as id, o.name, o.bucket_id, o.owner_id, o.metadata, ${isoText('o.created_at')} as created_at,
  ${isoText('o.updated_at')} as updated_at, ${isoText('o.last_accessed_at')} as last_accessed_at`

export interface ApiObjectRow extends ObjectRow {
  bucket_id: string
  owner_id: string | null
}

/** The object, if the caller's SELECT policies let them see it. */
export async function findObject(c: pg.ClientBase, bucketId: string, name: string): Promise<ApiObjectRow | null> {
  const { rows } = await c.query<ApiObjectRow>(
    `select ${ROW} from storage.objects o where bucket_id = $1 and name = $2`,
    [bucketId, name],
  )
  return rows[0] ?? null
}

/**
 * Inserts an object's row as the caller (INSERT policies; with upsert, an existing row is updated in place —
 * UPDATE policies — and takes the new id). Answers the id of the bytes it replaced, when the caller could
 * see them. A taken name without upsert is Postgres' unique violation (409).
 */
export async function insertObjectAs(
  c: pg.ClientBase,
  row: {
    id?: string
    bucketId: string
    name: string
    ownerId: string | null
    metadata: ReturnType<typeof objectMetadata>
    userMetadata?: Record<string, unknown> | null
  },
  upsert: boolean,
): Promise<{ id: string; replaced: string | null }> {
  const previous = upsert ? await findObject(c, row.bucketId, row.name) : null
  const metadata = row.userMetadata ? { ...row.metadata, userMetadata: row.userMetadata } : row.metadata
  const values = [row.id ?? null, row.bucketId, row.name, row.ownerId, metadata]
  const { rows } = await c.query<{ id: string }>(
    `insert into storage.objects (id, bucket_id, name, owner_id, metadata)
     values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update set id = excluded.id, owner_id = excluded.owner_id,
              metadata = excluded.metadata, updated_at = now()`
         : ''
     }
     returning id::text`,
    values,
  )
  const replaced = previous && previous.id !== rows[0]!.id ? previous.id : null
  return { id: rows[0]!.id, replaced }
}

/** Renames (and moves to another bucket) as the caller: SELECT + UPDATE. 404 when hidden or missing. */
export async function moveObjectAs(
  c: pg.ClientBase,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string },
): Promise<Result<ApiObjectRow>> {
  const source = await findObject(c, from.bucketId, from.name)
  if (!source) return fail('not_found', STORAGE_MESSAGES.objectNotFound)
  const { rows } = await c.query<ApiObjectRow>(
    `update storage.objects o set bucket_id = $3, name = $4, updated_at = now()
      where o.bucket_id = $1 and o.name = $2 returning ${ROW}`,
    [from.bucketId, from.name, to.bucketId, to.name],
  )
  // Seen (SELECT) but no UPDATE policy lets this row change: Postgres filters it out silently.
  if (!rows[0]) return fail('forbidden', 'new row violates row-level security policy for table "objects"')
  return ok(rows[0])
}

/** Deletes the names the caller may see and delete; names they may not are left as they are, unreported. */
export async function deleteObjectsAs(c: pg.ClientBase, bucketId: string, names: string[]): Promise<ApiObjectRow[]> {
  const { rows } = await c.query<ApiObjectRow>(
    `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning ${ROW}`,
    [bucketId, names],
  )
  return rows
}

/** Deletes every object of a bucket the caller may delete (POST /bucket/{id}/empty). */
export async function emptyBucketAs(c: pg.ClientBase, bucketId: string): Promise<string[]> {
  const { rows } = await c.query<{ id: string }>(
    'delete from storage.objects o where o.bucket_id = $1 returning id::text',
    [bucketId],
  )
  return rows.map((r) => r.id)
}

/** One entry of `list` (storage-js FileObject): a file, or a folder with nulls. */
export interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

const SORTABLE = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at'])

/**
 * `list` of storage-js: the entries of folder `prefix` (files and folders together), each folder once, the
 * entries the caller's SELECT policies let them see; `search` is a case-insensitive prefix of the entry's
 * name; sorted by name in byte order, or by a date (folders, which have none, last) then name.
 */
export async function listFolderAs(
  c: pg.ClientBase,
  bucketId: string,
  q: { prefix: string; limit: number; offset: number; search: string; column: string; order: 'asc' | 'desc' },
): Promise<ListEntry[]> {
  const folder = q.prefix === '' ? '' : q.prefix.endsWith('/') ? q.prefix : `${q.prefix}/`
  const column = SORTABLE.has(q.column) ? q.column : 'name'
  const dir = q.order === 'desc' ? 'desc' : 'asc'
  const orderBy =
    column === 'name' ? `e.name collate "C" ${dir}` : `e.${column} ${dir} nulls last, e.name collate "C" ${dir}`
  const { rows } = await c.query<ListEntry>(
    `with under as (
       select o.*, substr(o.name, char_length($2::text) + 1) as rest
         from storage.objects o
        where o.bucket_id = $1 and starts_with(o.name, $2)
     ), entries as (
       select distinct on (split_part(rest, '/', 1), position('/' in rest) > 0)
              split_part(rest, '/', 1) as name, position('/' in rest) > 0 as folder, id, metadata,
              created_at, updated_at, last_accessed_at
         from under
        where starts_with(lower(split_part(rest, '/', 1)), lower($3))
        order by split_part(rest, '/', 1), position('/' in rest) > 0
     ), e as (
       select name, case when folder then null else id::text end as id,
              case when folder then null else metadata end as metadata,
              case when folder then null else created_at end as created_at,
              case when folder then null else updated_at end as updated_at,
              case when folder then null else last_accessed_at end as last_accessed_at
         from entries
     )
     select e.name, e.id, e.metadata, ${isoText('e.created_at')} as created_at, ${isoText('e.updated_at')} as updated_at,
            ${isoText('e.last_accessed_at')} as last_accessed_at
       from e order by ${orderBy} limit $4 offset $5`,
    [bucketId, folder, q.search, q.limit, q.offset],
  )
  return rows
}

/** Where a listV2 page starts: after a name (exclusive), or from a bound (inclusive, past a folder). */
export type ListV2Bound = { after: string } | { from: string }

/**
 * `listV2` of storage-js: names starting with `prefix` (a plain string prefix) from the bound on, in byte
 * order; with a delimiter, what lies below the next `/` is one folder. `next` is where the following page
 * starts, when there is one.
 */
export async function listV2As(
  c: pg.ClientBase,
  bucketId: string,
  q: { prefix: string; limit: number; bound: ListV2Bound | null; delimiter: boolean },
): Promise<{ folders: { name: string; key: string }[]; objects: ApiObjectRow[]; next: ListV2Bound | null }> {
  const folders: { name: string; key: string }[] = []
  const objects: ApiObjectRow[] = []
  let bound = q.bound
  const full = () => folders.length + objects.length >= q.limit
  while (!full()) {
    const { rows } = await c.query<ApiObjectRow>(
      `select ${ROW} from storage.objects o
        where o.bucket_id = $1 and starts_with(o.name, $2)
          and ($3::text is null or o.name collate "C" > $3) and ($4::text is null or o.name collate "C" >= $4)
        order by o.name collate "C" limit $5`,
      [
        bucketId,
        q.prefix,
        bound && 'after' in bound ? bound.after : null,
        bound && 'from' in bound ? bound.from : null,
        q.limit + 1,
      ],
    )
    if (rows.length === 0) return { folders, objects, next: null }
    for (const row of rows) {
      const rest = row.name.slice(q.prefix.length)
      const slash = rest.indexOf('/')
      if (q.delimiter && slash >= 0) {
        const key = `${q.prefix}${rest.slice(0, slash + 1)}`
        folders.push({ name: rest.slice(0, slash), key })
        // Past every name inside this folder: in byte order '0' follows '/'.
        bound = { from: `${key.slice(0, -1)}0` }
        break
      }
      objects.push(row)
      bound = { after: row.name }
      if (full()) break
    }
  }
  // One more name after the bound tells whether there is a next page.
  const { rows: more } = await c.query(
    `select 1 from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)
        and ($3::text is null or o.name collate "C" > $3) and ($4::text is null or o.name collate "C" >= $4) limit 1`,
    [bucketId, q.prefix, bound && 'after' in bound ? bound.after : null, bound && 'from' in bound ? bound.from : null],
  )
  return { folders, objects, next: more.length > 0 ? bound : null }
}

/**
 * Tries the row's INSERT as the caller in a transaction that is always rolled back: the policies' verdict
 * before any byte is written (a taken name without upsert is refused here too, 409).
 */
export const tryInsertAs = (
  project: ProjectCalls,
  as: Impersonation,
  target: { bucketId: string; name: string; upsert: boolean; ownerId: string | null },
) =>
  project.trial(async (c) => {
    await actAs(c, as)
    await insertObjectAs(
      c,
      {
        bucketId: target.bucketId,
        name: target.name,
        ownerId: target.ownerId,
        metadata: objectMetadata({ size: 0, mimetype: 'application/octet-stream', cacheControl: '', etag: '' }),
      },
      target.upsert,
    )
    return ok(undefined)
  })
