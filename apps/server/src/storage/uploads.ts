import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  fail,
  mimeTypeAllowed,
  ok,
  STORAGE_MESSAGES,
  type Bucket,
  type Result,
  type StorageItem,
} from '@basalt/contracts'
import type { ProjectCalls } from '../http/project-executor.ts'
import { getBucket } from './buckets.ts'
import { byteKey, StoreWriteError, type ObjectStore } from './object-store.ts'
import { fileItem, insertObject, objectMetadata } from './objects.ts'
import { insertObjectAs } from './api-objects.ts'
import type { Impersonation } from '../db/impersonation.ts'

/**
 * Whether a file of `size` bytes and type `mimetype` may go into the bucket: the bucket's file_size_limit,
 * then the project's limit (each named in its refusal), then allowed_mime_types. Checked before any byte.
 */
export function uploadRefusal(bucket: Bucket, projectLimit: number, size: number, mimetype: string): Result<void> {
  if (bucket.file_size_limit !== null && size > bucket.file_size_limit) {
    return fail('payload_too_large', STORAGE_MESSAGES.overBucketLimit(bucket.file_size_limit))
  }
  if (size > projectLimit) return fail('payload_too_large', STORAGE_MESSAGES.overProjectLimit(projectLimit))
  if (!mimeTypeAllowed(bucket.allowed_mime_types, mimetype)) {
    return fail('mime_type_not_allowed', STORAGE_MESSAGES.mimeTypeNotAllowed(mimetype))
  }
  return ok(undefined)
}

export interface UploadTarget {
  ref: string
  bucketId: string
  path: string
  size: number
  mimetype: string
  cacheControl: string
  upsert: boolean
  ownerId?: string | null
  /** A Storage API caller: the row is inserted as this role with its claims (the policies decide). */
  as?: Impersonation
}

/**
 * Stores an upload: the bucket is read and the limits checked, the bytes streamed to the store under a new
 * object id (a key no row names, so nothing is visible yet), then the row that names them is inserted in one
 * transaction. A body that ends short, or a row refused (409), leaves no bytes behind; an overwritten
 * object's old bytes are removed after the commit.
 */
export async function storeUpload(
  project: ProjectCalls,
  store: ObjectStore,
  projectLimit: number,
  target: UploadTarget,
  body: Readable,
): Promise<Result<StorageItem>> {
  const bucket = await project.read(undefined, (c) => getBucket(c, target.bucketId))
  if (!bucket.ok) return bucket
  const refused = uploadRefusal(bucket.data, projectLimit, target.size, target.mimetype)
  if (!refused.ok) return refused
  const id = randomUUID()
  const key = byteKey(target.ref, target.bucketId, id)
  try {
    await store.put(key, body, { contentType: target.mimetype, expectedSize: target.size })
  } catch (err) {
    if (err instanceof StoreWriteError) return fail('bad_request', STORAGE_MESSAGES.uploadIncomplete)
    throw err
  }
  return commitUpload(project, store, target, id)
}

/** Inserts the row of bytes already stored under the object id `id`; removes them when refused. */
export async function commitUpload(
  project: ProjectCalls,
  store: ObjectStore,
  target: UploadTarget,
  id: string,
): Promise<Result<StorageItem>> {
  const key = byteKey(target.ref, target.bucketId, id)
  let inserted: Awaited<ReturnType<typeof insertObject>> extends Result<infer T> ? Result<T> : never
  try {
    inserted = await project.write(target.as, async (c) => {
      if (target.as) {
        const metadata = objectMetadata({
          size: target.size,
          mimetype: target.mimetype,
          cacheControl: target.cacheControl,
          etag: `"${id}"`,
        })
        const row = { id, bucketId: target.bucketId, name: target.path, ownerId: target.ownerId ?? null, metadata }
        const { replaced } = await insertObjectAs(c, row, target.upsert)
        const now = new Date().toISOString()
        const item = fileItem({
          id,
          name: target.path,
          metadata,
          created_at: now,
          updated_at: now,
          last_accessed_at: now,
        })
        return ok({ item, replaced })
      }
      const bucket = await getBucket(c, target.bucketId, true)
      if (!bucket.ok) return bucket
      return insertObject(
        c,
        target.bucketId,
        {
          id,
          name: target.path,
          ownerId: target.ownerId,
          metadata: objectMetadata({
            size: target.size,
            mimetype: target.mimetype,
            cacheControl: target.cacheControl,
            etag: `"${id}"`,
          }),
        },
        target.upsert,
      )
    })
  } catch (err) {
    await store.delete([key]).catch(() => {})
    throw err
  }
  if (!inserted.ok) {
    await store.delete([key]).catch(() => {})
    return inserted
  }
  if (inserted.data.replaced) {
    await store.delete([byteKey(target.ref, target.bucketId, inserted.data.replaced)]).catch(() => {})
  }
  return ok(inserted.data.item)
}
