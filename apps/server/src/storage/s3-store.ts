import type { Readable } from 'node:stream'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { checkKey, sizeGuard, StoreWriteError, type ObjectStore } from './object-store.ts'

/** S3_* settings (README "Configuration"). */
export interface S3Config {
  endpoint: string | undefined
  region: string
  bucket: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

/** An S3 client for these settings (also used by the resumable uploads' S3 store). */
export function s3ClientOf(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: S3-compatible servers (MinIO before 2025, s3rver, Ceph)
    // reject or ignore the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

const notFound = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/**
 * The object store in an S3 bucket. Writes are multipart uploads (lib-storage, 8 MiB parts, 4 in flight:
 * at most ~32 MiB of a body in memory), which S3 makes visible only when completed; a failed one is
 * aborted, so nothing appears under its key.
 */
export function s3ObjectStore(config: S3Config, client: S3Client = s3ClientOf(config)): ObjectStore {
  const Bucket = config.bucket
  return {
    kind: 's3',
    location: { s3: config },
    async put(key, body, { contentType, expectedSize }) {
      checkKey(key)
      const guarded = sizeGuard(body, { expected: expectedSize })
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: guarded.stream, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
        leavePartsOnError: false,
      })
      try {
        // A body of the wrong size fails in sizeGuard before its end: the upload is aborted, never completed.
        await upload.done()
      } catch (err) {
        throw new StoreWriteError((err as Error).message)
      }
      return { size: guarded.counted() }
    },
    async get(key, range) {
      checkKey(key)
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        )
        return res.Body as Readable
      } catch (err) {
        if (notFound(err)) return null
        throw err
      }
    },
    async stat(key) {
      checkKey(key)
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0) }
      } catch (err) {
        if (notFound(err)) return null
        throw err
      }
    },
    async delete(keys) {
      for (const key of keys) checkKey(key)
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000)
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        )
        const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey')
        if (failed.length > 0) throw new Error(`S3 refused to delete ${failed[0]!.Key}: ${failed[0]!.Message}`)
      }
    },
    async *list(prefix) {
      checkKey(prefix.replace(/\/$/, ''))
      let token: string | undefined
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }))
        for (const o of res.Contents ?? []) {
          if (o.Key) yield { key: o.Key, modified: o.LastModified ?? new Date(0) }
        }
        token = res.IsTruncated ? res.NextContinuationToken : undefined
      } while (token)
    },
    async close() {
      client.destroy()
    },
  }
}
