import {
  EMPTY_FOLDER_PLACEHOLDER,
  fail,
  OBJECT_NAME_MAX_BYTES,
  ok,
  STORAGE_MESSAGES,
  type ObjectPage,
  type ObjectRef,
  type ObjectSortColumn,
  type Result,
  type SearchPage,
  type StorageItem,
} from '@basalt/contracts'
import type pg from 'pg'

/**
 * Objects of a project's bucket: its own `storage.objects`. Folders are derived from names (`a/b/c.png` is
 * in folder `a/b`); every comparison of names is in byte order (`COLLATE "C"`), the order of the index the
 * listing walks (bootstrap 0006).
 */

export interface ObjectRow {
  id: string
  name: string
  metadata: Record<string, unknown> | null
  /** ISO 8601 in UTC, to the microsecond (isoText): exact enough to be a keyset cursor's value. */
  created_at: string | null
  updated_at: string | null
  last_accessed_at: string | null
}

/**
 * A timestamptz column as ISO 8601 text in UTC with microseconds: project connections answer timestamps as
 * text in the session's own style, and a cursor must hold the exact value.
 */
export const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : null)
const str = (v: unknown) => (typeof v === 'string' ? v : null)

/** The folder part of a path ('' for the root) and the last part. */
export function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? { folder: '', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) }
}

export function fileItem(r: ObjectRow): StorageItem {
  const m = r.metadata ?? null
  return {
    name: splitPath(r.name).name,
    path: r.name,
    kind: 'file',
    id: r.id,
    size: m ? num(m.size) : null,
    mimetype: m ? str(m.mimetype) : null,
    cacheControl: m ? str(m.cacheControl) : null,
    etag: m ? str(m.eTag) : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_accessed_at: r.last_accessed_at,
  }
}

const folderItem = (path: string): StorageItem => ({
  name: splitPath(path).name,
  path,
  kind: 'folder',
  id: null,
  size: null,
  mimetype: null,
  cacheControl: null,
  etag: null,
  created_at: null,
  updated_at: null,
  last_accessed_at: null,
})

/** The name range of everything inside a folder ('' the root): [from, to); `to` null for the root. */
export function folderRange(folder: string): { from: string; to: string | null } {
  // '0' follows '/' in byte order: every name starting with 'a/' is >= 'a/' and < 'a0'.
  return folder === '' ? { from: '', to: null } : { from: `${folder}/`, to: `${folder}0` }
}

const OBJECT_COLUMNS = `o.id::text, o.name, o.metadata, ${isoText('o.created_at')} as created_at,
  ${isoText('o.updated_at')} as updated_at, ${isoText('o.last_accessed_at')} as last_accessed_at`

/** A cursor is opaque to the client: base64url of the next bound and the sort it belongs to. */
interface Cursor {
  s: string
  o: 'asc' | 'desc'
  /** Phase of a non-name sort: folders, then files. */
  p?: 'folders' | 'files'
  /** Name bound (name sort, folder phase) or the last file's name (file phase). */
  b: string | null
  /** The last file's sort value (file phase of non-name sorts), ISO or null. */
  v?: string | null
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url')
function decodeCursor(text: string | undefined, sortBy: string, order: string): Result<Cursor | null> {
  if (text === undefined || text === '') return ok(null)
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor
    if (c && c.s === sortBy && c.o === order && (typeof c.b === 'string' || c.b === null)) return ok(c)
  } catch {
    // answered below
  }
  return fail('validation_failed', 'The cursor does not belong to this listing: start again from the first page')
}

/**
 * One page of a folder in name order: a recursive query that walks the (bucket_id, name COLLATE "C") index,
 * each step one probe for the next name after the previous entry, jumping past a whole subfolder when the
 * entry is inside one. A page of n items costs n probes whatever its depth (never OFFSET).
 */
async function listByName(
  client: pg.ClientBase,
  bucketId: string,
  folder: string,
  order: 'asc' | 'desc',
  cursor: Cursor | null,
  limit: number,
): Promise<ObjectPage> {
  const { from, to } = folderRange(folder)
  // Postgres counts characters (code points), JavaScript UTF-16 units: each its own length.
  const len = [...from].length
  // The folder of an entry, when it is inside a subfolder: prefix + first segment (without its slash).
  const sub = (e: string) => `left(${e}, ${len} + strpos(substr(${e}, ${len} + 1), '/') - 1)`
  const inSub = (e: string) => `strpos(substr(${e}, ${len} + 1), '/') > 0`
  const range = `o.bucket_id = $1 and o.name collate "C" >= $2 and ($3::text is null or o.name collate "C" < $3)`
  const sql =
    order === 'asc'
      ? `with recursive walk(name, n) as (
           select (select o.name from storage.objects o where ${range} and o.name collate "C" >= $4
                   order by o.name collate "C" limit 1), 1
           union all
           select (select o.name from storage.objects o where ${range}
                     and o.name collate "C" >= (case when ${inSub('w.name')} then ${sub('w.name')} || '0'
                                                else w.name || chr(1) end)
                   order by o.name collate "C" limit 1), w.n + 1
           from walk w where w.name is not null and w.n < $5)
         select w.name, w.n from walk w where w.name is not null order by w.n`
      : `with recursive walk(name, n) as (
           select (select o.name from storage.objects o where ${range} and ($4::text is null or o.name collate "C" < $4)
                   order by o.name collate "C" desc limit 1), 1
           union all
           select (select o.name from storage.objects o where ${range}
                     and o.name collate "C" < (case when ${inSub('w.name')} then ${sub('w.name')} || '/'
                                              else w.name end)
                   order by o.name collate "C" desc limit 1), w.n + 1
           from walk w where w.name is not null and w.n < $5)
         select w.name, w.n from walk w where w.name is not null order by w.n`
  // One more than the page tells whether there is a next page; one more again for the placeholder.
  const start = cursor ? cursor.b : order === 'asc' ? from : to
  const { rows } = await client.query<{ name: string }>(sql, [bucketId, from, to, start, limit + 2])
  const entries: { path: string; folder: boolean }[] = []
  for (const { name } of rows) {
    const rest = name.slice(from.length)
    const slash = rest.indexOf('/')
    if (slash >= 0) entries.push({ path: name.slice(0, from.length + slash), folder: true })
    else if (rest !== EMPTY_FOLDER_PLACEHOLDER) entries.push({ path: name, folder: false })
  }
  const page = entries.slice(0, limit)
  const last = page[page.length - 1]
  const next =
    entries.length > limit && last
      ? order === 'asc'
        ? last.folder
          ? `${last.path}0`
          : `${last.path}\u0001`
        : last.folder
          ? `${last.path}/`
          : last.path
      : null
  const files = await fileRows(
    client,
    bucketId,
    page.filter((e) => !e.folder).map((e) => e.path),
  )
  return {
    items: page.map((e) => (e.folder ? folderItem(e.path) : fileItem(files.get(e.path)!))),
    nextCursor: next === null ? null : encodeCursor({ s: 'name', o: order, b: next }),
  }
}

async function fileRows(client: pg.ClientBase, bucketId: string, names: string[]): Promise<Map<string, ObjectRow>> {
  if (names.length === 0) return new Map()
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])`,
    [bucketId, names],
  )
  return new Map(rows.map((r) => [r.name, r]))
}

/**
 * An object's folder with its trailing slash ('a/b/' for 'a/b/c.png', '' at the root): the expression of the
 * date-sort indexes (bootstrap 0007), written exactly as there so that the planner uses them.
 */
const FOLDER_OF = `(regexp_replace(o.name, '[^/]*$', '') collate "C")`

/**
 * A page sorted by a date: the folders first (by name; they have no dates), then the files by the column
 * and name, keyset on (column, name). Both are read from an index on (bucket_id, folder, column, name)
 * (bootstrap 0007): the folders by a walk that jumps past each subfolder's whole tree in one probe, the
 * files as one index range of the page's length — page 50 costs what page 1 costs, in a folder of any size.
 */
async function listByDate(
  client: pg.ClientBase,
  bucketId: string,
  folder: string,
  column: Exclude<ObjectSortColumn, 'name'>,
  order: 'asc' | 'desc',
  cursor: Cursor | null,
  limit: number,
): Promise<ObjectPage> {
  const { from, to } = folderRange(folder)
  const len = [...from].length
  const items: StorageItem[] = []
  let phase = cursor?.p ?? 'folders'
  let nextCursor: string | null = null
  if (phase === 'folders') {
    // Folders of `from` are the folders of objects below it: the first segment after `from` of their folder.
    // From a subfolder's first entry the next probe starts past its whole tree (`from` + segment + '0':
    // '0' follows '/' in byte order).
    const seg = (e: string) => `split_part(substr(${e}, ${len} + 1), '/', 1)`
    const below = `o.bucket_id = $1 and ${FOLDER_OF} > $2 and ($3::text is null or ${FOLDER_OF} < $3)`
    const { rows } = await client.query<{ seg: string }>(
      `with recursive walk(dir, n) as (
         select (select ${FOLDER_OF} from storage.objects o where ${below} and ${FOLDER_OF} >= $4
                 order by ${FOLDER_OF} limit 1), 1
         union all
         select (select ${FOLDER_OF} from storage.objects o
                  where ${below} and ${FOLDER_OF} >= ($2 || ${seg('w.dir')} || '0') collate "C"
                  order by ${FOLDER_OF} limit 1), w.n + 1
         from walk w where w.dir is not null and w.n < $5)
       select ${seg('w.dir')} as seg from walk w where w.dir is not null order by w.n`,
      [bucketId, from, to, cursor?.p === 'folders' && cursor.b !== null ? `${from}${cursor.b}0` : from, limit + 1],
    )
    for (const { seg } of rows.slice(0, limit)) items.push(folderItem(from + seg))
    if (rows.length > limit) {
      nextCursor = encodeCursor({ s: column, o: order, p: 'folders', b: rows[limit - 1]!.seg })
      return { items, nextCursor }
    }
    phase = 'files'
  }
  const want = limit - items.length
  const fromFiles = cursor?.p === 'files' && cursor.b !== null
  const cmp = order === 'asc' ? '>' : '<'
  const value = `(coalesce(o.${column}, '-infinity'::timestamptz))`
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects o
      where o.bucket_id = $1 and ${FOLDER_OF} = $2 and o.name <> $3
        and (not $4 or (${value}, (o.name collate "C")) ${cmp} ($5::timestamptz, $6::text collate "C"))
      order by ${value} ${order}, (o.name collate "C") ${order} limit $7`,
    [
      bucketId,
      from,
      from + EMPTY_FOLDER_PLACEHOLDER,
      fromFiles,
      fromFiles ? (cursor!.v ?? '-infinity') : null,
      fromFiles ? cursor!.b : null,
      want + 1,
    ],
  )
  for (const r of rows.slice(0, want)) items.push(fileItem(r))
  if (rows.length > want && want > 0) {
    const last = rows[want - 1]!
    nextCursor = encodeCursor({ s: column, o: order, p: 'files', b: last.name, v: last[column] })
  } else if (rows.length > 0 && want === 0) {
    // The folders filled this page exactly: the files start on the next.
    nextCursor = encodeCursor({ s: column, o: order, p: 'files', b: null, v: null })
  }
  return { items, nextCursor }
}

export async function listObjects(
  client: pg.ClientBase,
  bucketId: string,
  q: { prefix: string; cursor?: string; limit: number; sortBy: ObjectSortColumn; order: 'asc' | 'desc' },
): Promise<Result<ObjectPage>> {
  const cursor = decodeCursor(q.cursor, q.sortBy, q.order)
  if (!cursor.ok) return cursor
  if (q.sortBy === 'name') return ok(await listByName(client, bucketId, q.prefix, q.order, cursor.data, q.limit))
  return ok(await listByDate(client, bucketId, q.prefix, q.sortBy, q.order, cursor.data, q.limit))
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')
/** Names a search reads in order before it asks the trigram index instead. */
const SEARCH_WALK = 20_000

/**
 * Files under a folder ('' the whole bucket) whose name (the last part of the path) contains q, ignoring
 * case, in name order, keyset-paged. The trigram index on the path (bootstrap 0006) finds candidates.
 */
export async function searchObjects(
  client: pg.ClientBase,
  bucketId: string,
  q: { q: string; prefix: string; cursor?: string; limit: number },
): Promise<Result<SearchPage>> {
  const cursor = decodeCursor(q.cursor, 'search', 'asc')
  if (!cursor.ok) return cursor
  const { from, to } = folderRange(q.prefix)
  const pattern = `%${likeEscape(q.q)}%`
  const after = cursor.data?.b ?? null
  const matches = `storage.filename(o.name) ilike $4 and storage.filename(o.name) <> $5`
  const range = `o.bucket_id = $1 and o.name collate "C" >= $2 and ($3::text is null or o.name collate "C" < $3)
        and ($6::text is null or o.name collate "C" > $6)`
  const params = [bucketId, from, to, pattern, EMPTY_FOLDER_PLACEHOLDER, after, q.limit + 1]
  // A common term: the next names in order hold a page of hits, found by walking the name index. A rare
  // one: the trigram index finds its few rows, sorted after. The walk is bounded, so each way is quick.
  let { rows } = await client.query<ObjectRow>(
    `select * from (
       select ${OBJECT_COLUMNS} from storage.objects o where ${range} order by o.name collate "C" limit $8
     ) o where ${matches} order by o.name collate "C" limit $7`,
    [...params, SEARCH_WALK],
  )
  if (rows.length <= q.limit) {
    ;({ rows } = await client.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects o
        where ${range} and o.name ilike $4 and ${matches}
        order by o.name collate "C" limit $7`,
      params,
    ))
  }
  const page = rows.slice(0, q.limit)
  return ok({
    items: page.map((r) => ({ ...fileItem(r), folder: splitPath(r.name).folder })),
    nextCursor: rows.length > q.limit ? encodeCursor({ s: 'search', o: 'asc', b: page[page.length - 1]!.name }) : null,
  })
}

/** A file's row, or 404. */
export async function getObject(client: pg.ClientBase, bucketId: string, path: string): Promise<Result<ObjectRow>> {
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects o where o.bucket_id = $1 and o.name = $2`,
    [bucketId, path],
  )
  return rows[0] ? ok(rows[0]) : fail('not_found', STORAGE_MESSAGES.objectNotFound)
}

/** Whether a file or a folder (any object inside it) exists at path. */
async function taken(client: pg.ClientBase, bucketId: string, path: string): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from storage.objects o
      where o.bucket_id = $1 and (o.name = $2 or (o.name collate "C" >= $3 and o.name collate "C" < $4)) limit 1`,
    [bucketId, path, `${path}/`, `${path}0`],
  )
  return rows.length > 0
}

/** Creates `{path}/.emptyFolderPlaceholder`; 409 when a file or folder of that name exists. */
export async function createFolder(
  client: pg.ClientBase,
  bucketId: string,
  path: string,
): Promise<Result<StorageItem>> {
  const placeholder = `${path}/${EMPTY_FOLDER_PLACEHOLDER}`
  if (Buffer.byteLength(placeholder) > OBJECT_NAME_MAX_BYTES) {
    return fail('validation_failed', `The path is longer than ${OBJECT_NAME_MAX_BYTES} bytes`)
  }
  // Two creations at once: the second waits for the first's row, then sees it.
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [`storage:${bucketId}/${path}`])
  if (await taken(client, bucketId, path)) {
    return fail('conflict', STORAGE_MESSAGES.objectExists(splitPath(path).name))
  }
  await client.query(`insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)`, [
    bucketId,
    placeholder,
    { size: 0, mimetype: 'application/octet-stream', cacheControl: 'max-age=3600' },
  ])
  return ok(folderItem(path))
}

/**
 * Moves one file or one whole folder to a new path, in the caller's transaction: one UPDATE for a folder of
 * any size (bytes are stored by id, not by name: nothing else moves). Refused with nothing changed when the
 * target exists, lies inside the source, or a new name would be over the length limit.
 */
async function moveOne(client: pg.ClientBase, bucketId: string, item: ObjectRef, to: string): Promise<Result<number>> {
  if (to === item.path) return ok(0)
  if (item.kind === 'folder' && to.startsWith(`${item.path}/`)) {
    return fail('validation_failed', `A folder cannot be moved into itself (${item.path})`)
  }
  if (await taken(client, bucketId, to)) return fail('conflict', STORAGE_MESSAGES.objectExists(splitPath(to).name))
  if (item.kind === 'file') {
    const { rowCount } = await client.query(
      `update storage.objects set name = $3, updated_at = now() where bucket_id = $1 and name = $2`,
      [bucketId, item.path, to],
    )
    return rowCount ? ok(rowCount) : fail('not_found', `${item.path}: ${STORAGE_MESSAGES.objectNotFound}`)
  }
  const { rows: tooLong } = await client.query(
    `select 1 from storage.objects where bucket_id = $1 and name collate "C" >= $2 and name collate "C" < $3
        and octet_length($4 || substr(name, char_length($5::text) + 1)) > $6 limit 1`,
    [bucketId, `${item.path}/`, `${item.path}0`, to, item.path, OBJECT_NAME_MAX_BYTES],
  )
  if (tooLong.length > 0) {
    return fail('validation_failed', `Some paths would be longer than ${OBJECT_NAME_MAX_BYTES} bytes in ${to}`)
  }
  const { rowCount } = await client.query(
    `update storage.objects set name = $4 || substr(name, char_length($5::text) + 1), updated_at = now()
      where bucket_id = $1 and name collate "C" >= $2 and name collate "C" < $3`,
    [bucketId, `${item.path}/`, `${item.path}0`, to, item.path],
  )
  return rowCount ? ok(rowCount) : fail('not_found', `${item.path}: ${STORAGE_MESSAGES.objectNotFound}`)
}

/** Locks the bucket's names against concurrent moves (one mover per bucket at a time). */
const lockBucket = (client: pg.ClientBase, bucketId: string) =>
  client.query('select pg_advisory_xact_lock(hashtext($1))', [`storage:${bucketId}`])

/** Moves items into the folder `destination`, keeping their names: all of them or none (one transaction). */
export async function moveObjects(
  client: pg.ClientBase,
  bucketId: string,
  items: ObjectRef[],
  destination: string,
): Promise<Result<{ moved: number }>> {
  await lockBucket(client, bucketId)
  let moved = 0
  for (const item of items) {
    const to = destination === '' ? splitPath(item.path).name : `${destination}/${splitPath(item.path).name}`
    if (Buffer.byteLength(to) > OBJECT_NAME_MAX_BYTES) {
      return fail('validation_failed', `The path is longer than ${OBJECT_NAME_MAX_BYTES} bytes`)
    }
    const r = await moveOne(client, bucketId, item, to)
    if (!r.ok) return r
    moved += r.data
  }
  return ok({ moved })
}

export async function renameObject(
  client: pg.ClientBase,
  bucketId: string,
  from: string,
  to: string,
  kind: 'file' | 'folder',
): Promise<Result<{ moved: number }>> {
  await lockBucket(client, bucketId)
  const r = await moveOne(client, bucketId, { path: from, kind }, to)
  return r.ok ? ok({ moved: r.data }) : r
}

/**
 * Deletes files and whole folders (recursively) in the caller's transaction and answers the ids of the
 * rows deleted, whose bytes the caller removes once the transaction has committed.
 */
export async function deleteObjects(
  client: pg.ClientBase,
  bucketId: string,
  items: ObjectRef[],
): Promise<Result<string[]>> {
  const ids: string[] = []
  for (const item of items) {
    const { rows } =
      item.kind === 'file'
        ? await client.query<{ id: string }>(
            'delete from storage.objects where bucket_id = $1 and name = $2 returning id::text',
            [bucketId, item.path],
          )
        : await client.query<{ id: string }>(
            `delete from storage.objects where bucket_id = $1 and name collate "C" >= $2 and name collate "C" < $3
             returning id::text`,
            [bucketId, `${item.path}/`, `${item.path}0`],
          )
    for (const r of rows) ids.push(r.id)
  }
  return ok(ids)
}

/** The metadata Supabase's storage writes (so a Supabase client reads ours as its own). */
export function objectMetadata(m: { size: number; mimetype: string; cacheControl: string; etag: string }) {
  const now = new Date().toISOString()
  return {
    eTag: m.etag,
    size: m.size,
    mimetype: m.mimetype,
    cacheControl: m.cacheControl,
    lastModified: now,
    contentLength: m.size,
    httpStatusCode: 200,
  }
}

/**
 * Makes uploaded bytes visible: inserts the row naming them (id = the id their key was made from). With
 * upsert, an existing object of that name is replaced (its id answered, for its bytes to be removed after
 * commit); without, an existing name is 409.
 */
export async function insertObject(
  client: pg.ClientBase,
  bucketId: string,
  row: { id: string; name: string; metadata: ReturnType<typeof objectMetadata>; ownerId?: string | null },
  upsert: boolean,
): Promise<Result<{ item: StorageItem; replaced: string | null }>> {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [`storage:${bucketId}/${row.name}`])
  let replaced: string | null = null
  if (upsert) {
    const { rows } = await client.query<{ id: string }>(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning id::text',
      [bucketId, row.name],
    )
    replaced = rows[0]?.id ?? null
  } else {
    const { rows } = await client.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      bucketId,
      row.name,
    ])
    if (rows.length > 0) return fail('conflict', STORAGE_MESSAGES.objectExists(splitPath(row.name).name))
  }
  const { rows } = await client.query<ObjectRow>(
    `insert into storage.objects as o (id, bucket_id, name, owner_id, metadata) values ($1, $2, $3, $4, $5)
     returning ${OBJECT_COLUMNS}`,
    [row.id, bucketId, row.name, row.ownerId ?? null, row.metadata],
  )
  return ok({ item: fileItem(rows[0]!), replaced })
}

/**
 * The files of a selection for a zip, in name order: each file, and every file inside each folder (folder
 * placeholders left out), read in keyset batches so that a huge folder never sits in memory.
 */
export async function* filesOf(
  read: <T>(fn: (client: pg.ClientBase) => Promise<Result<T>>) => Promise<Result<T>>,
  bucketId: string,
  items: ObjectRef[],
): AsyncGenerator<ObjectRow> {
  for (const item of items) {
    if (item.kind === 'file') {
      const r = await read((c) => getObject(c, bucketId, item.path))
      if (r.ok) yield r.data
      continue
    }
    let after = ''
    for (;;) {
      const r = await read(async (c) => {
        const { rows } = await c.query<ObjectRow>(
          `select ${OBJECT_COLUMNS} from storage.objects o
            where o.bucket_id = $1 and o.name collate "C" >= $2 and o.name collate "C" < $3 and o.name collate "C" > $4
            order by o.name collate "C" limit 500`,
          [bucketId, `${item.path}/`, `${item.path}0`, after],
        )
        return ok(rows)
      })
      if (!r.ok) throw new Error(r.error.message)
      for (const row of r.data) if (splitPath(row.name).name !== EMPTY_FOLDER_PLACEHOLDER) yield row
      if (r.data.length < 500) break
      after = r.data[r.data.length - 1]!.name
    }
  }
}
