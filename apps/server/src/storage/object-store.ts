import { Transform, type Readable } from 'node:stream'
import { objectNameProblem } from '@basalt/contracts'
import type { S3Config } from './s3-store.ts'

/**
 * Where objects' bytes live: a directory (fs-store.ts) or an S3-compatible service (s3-store.ts). Both pass
 * the one suite in object-store.test.ts. Keys are `{ref}/{bucket}/{object id}` (see byteKey): an object's
 * bytes are never stored under its name, so that renames and moves touch metadata only, and bytes written
 * under an id no row names yet are invisible until that row commits.
 */
export interface ObjectStore {
  readonly kind: 'fs' | 's3'
  /** Where it is: the directory (fs) or the S3 settings — for the resumable uploads' own store beside it. */
  readonly location: { root: string } | { s3: S3Config }
  /**
   * Stores `body` under `key` and answers its size. The bytes appear under `key` only once all of them are
   * stored (a temporary file renamed, or a multipart upload completed); a body that fails or ends short of
   * `expectedSize` leaves nothing under `key` (StoreWriteError).
   */
  put(key: string, body: Readable, options: { contentType: string; expectedSize?: number }): Promise<{ size: number }>
  /** The bytes of key, or of its inclusive range; null when there is no such key. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>
  /** Size and modification time of key, or null. */
  stat(key: string): Promise<{ size: number; modified: Date } | null>
  /** Removes keys; missing ones are no error. */
  delete(keys: string[]): Promise<void>
  /** Every key under prefix (a `{ref}/` or `{ref}/{bucket}/`), with when it was last written. */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>
  close(): Promise<void>
}

/** A write that did not complete: nothing was stored under its key. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError'
}

/** A key that is not one Basalt makes (a traversal attempt, say): refused before any file or request. */
export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError'
}

/**
 * Refuses a key that could reach outside the store: the rules of object names (no leading `/`, no empty,
 * `.` or `..` segment, no NUL or control character, no backslash, at most 1,024 bytes).
 */
export function checkKey(key: string): void {
  const problem = objectNameProblem(key)
  if (problem) throw new InvalidKeyError(`Invalid storage key: ${problem}`)
}

/** A bucket id as one key segment: percent-encoded, dots too, so no id can be `.` or `..` or hold a `/`. */
const segment = (s: string) => encodeURIComponent(s).replace(/\./g, '%2E').replace(/\*/g, '%2A')

/** The prefix of every key of a project's bucket (or of the whole project without bucket). */
export function bytePrefix(ref: string, bucketId?: string): string {
  return bucketId === undefined ? `${segment(ref)}/` : `${segment(ref)}/${segment(bucketId)}/`
}

/** Where the bytes of object `objectId` of a project's bucket live. */
export function byteKey(ref: string, bucketId: string, objectId: string): string {
  const key = `${bytePrefix(ref, bucketId)}${segment(objectId)}`
  checkKey(key)
  return key
}

/**
 * The body as a stream that fails — before its end reaches the store — when it brings more than `max`
 * bytes, or ends with other than `expected` bytes: a store never completes a write of the wrong size.
 * `counted()` tells how many bytes went through.
 */
export function sizeGuard(
  body: Readable,
  { expected, max }: { expected?: number; max?: number },
): { stream: Readable; counted: () => number } {
  let size = 0
  const limit = Math.min(expected ?? Infinity, max ?? Infinity)
  const stream = new Transform({
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > limit) return done(new StoreWriteError(`The body is over ${limit} bytes`))
      done(null, chunk)
    },
    flush(done) {
      if (expected !== undefined && size !== expected) {
        return done(new StoreWriteError(`Expected ${expected} bytes, got ${size}`))
      }
      done()
    },
  })
  body.on('error', (err) => stream.destroy(err))
  body.pipe(stream)
  return { stream, counted: () => size }
}
