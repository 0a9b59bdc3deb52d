import {
  fail,
  ok,
  STORAGE_MESSAGES,
  type Bucket,
  type CreateBucketBody,
  type Result,
  type UpdateBucketBody,
} from '@basalt/contracts'
import type pg from 'pg'
import { isPgError } from '../db/pg-error.ts'
import { isoText } from './objects.ts'

/** Buckets of a project: its own `storage.buckets` (spec 3 §3, §5), read and written through the executor. */

interface BucketRow {
  id: string
  name: string
  public: boolean | null
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
  owner_id: string | null
  created_at: string | null
  updated_at: string | null
}

const COLUMNS = `id, name, public, file_size_limit::text, allowed_mime_types, owner_id::text,
  ${isoText('created_at')} as created_at, ${isoText('updated_at')} as updated_at`

export function toBucket(r: BucketRow): Bucket {
  return {
    id: r.id,
    name: r.name,
    public: r.public === true,
    file_size_limit: r.file_size_limit === null ? null : Number(r.file_size_limit),
    allowed_mime_types: r.allowed_mime_types && r.allowed_mime_types.length > 0 ? r.allowed_mime_types : null,
    owner_id: r.owner_id,
    created_at: r.created_at ?? new Date(0).toISOString(),
    updated_at: r.updated_at ?? r.created_at ?? new Date(0).toISOString(),
  }
}

export async function listBuckets(client: pg.ClientBase): Promise<Result<Bucket[]>> {
  const { rows } = await client.query<BucketRow>(`select ${COLUMNS} from storage.buckets order by name collate "C"`)
  return ok(rows.map(toBucket))
}

/** The bucket, or 404 'Bucket not found' (a bucket of another project is never in this database). */
export async function getBucket(client: pg.ClientBase, id: string, lock = false): Promise<Result<Bucket>> {
  const { rows } = await client.query<BucketRow>(
    `select ${COLUMNS} from storage.buckets where id = $1${lock ? ' for share' : ''}`,
    [id],
  )
  return rows[0] ? ok(toBucket(rows[0])) : fail('not_found', STORAGE_MESSAGES.bucketNotFound)
}

const UNIQUE_VIOLATION = '23505'

export async function createBucket(client: pg.ClientBase, body: Required<CreateBucketBody>): Promise<Result<Bucket>> {
  try {
    await client.query('savepoint create_bucket')
    const { rows } = await client.query<BucketRow>(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4) returning ${COLUMNS}`,
      [body.id, body.public, body.file_size_limit, body.allowed_mime_types],
    )
    return ok(toBucket(rows[0]!))
  } catch (err) {
    if (isPgError(err) && err.code === UNIQUE_VIOLATION) {
      await client.query('rollback to savepoint create_bucket')
      return fail('conflict', STORAGE_MESSAGES.bucketExists(body.id))
    }
    throw err
  }
}

/** Changes the public flag, size limit and MIME types (the name cannot change: spec 3 §3). */
export async function updateBucket(
  client: pg.ClientBase,
  id: string,
  patch: UpdateBucketBody,
): Promise<Result<Bucket>> {
  const { rows } = await client.query<BucketRow>(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5::bigint else file_size_limit end,
       allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
       updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [
      id,
      patch.public !== undefined,
      patch.public ?? null,
      patch.file_size_limit !== undefined,
      patch.file_size_limit ?? null,
      patch.allowed_mime_types !== undefined,
      patch.allowed_mime_types ?? null,
    ],
  )
  return rows[0] ? ok(toBucket(rows[0])) : fail('not_found', STORAGE_MESSAGES.bucketNotFound)
}
