import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { FileStore } from '@tus/file-store'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Server, type Upload } from '@tus/server'
import type { ServerResponse } from 'node:http'
import {
  httpStatusOf,
  objectNameProblem,
  resumableUploadPath,
  UPLOAD_CACHE_CONTROL_SECONDS,
  type Result,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type { Impersonation } from '../db/impersonation.ts'
import { byteKey, bytePrefix } from './object-store.ts'
import { commitUpload, type UploadTarget } from './uploads.ts'
import type { ObjectStore } from './object-store.ts'

/** Uploads not finished within a day are forgotten (the sweep removes their bytes). */
export const RESUMABLE_EXPIRY_MS = 24 * 3600_000

/** The object an upload is for, from its Upload-Metadata (the keys storage-js and Supabase use). */
export interface ResumableTarget {
  bucketName: string
  objectName: string
  contentType: string
  cacheControl: string
}

/** Upload-Metadata: `key base64value,key2 base64value2` (TUS 1.0.0 creation extension). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ')
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : ''
  }
  return out
}

export function resumableTarget(metadata: Record<string, string | null | undefined>): ResumableTarget | string {
  const bucketName = metadata.bucketName ?? ''
  const objectName = metadata.objectName ?? ''
  if (!bucketName) return 'Upload-Metadata must name the bucket (bucketName)'
  const problem = objectNameProblem(objectName)
  if (problem) return `objectName: ${problem}`
  const cacheControl = metadata.cacheControl ?? ''
  return {
    bucketName,
    objectName,
    contentType: (metadata.contentType || 'application/octet-stream').slice(0, 255),
    cacheControl: /^\d+$/.test(cacheControl)
      ? `max-age=${cacheControl}`
      : /^[\w\-=, ]{1,200}$/.test(cacheControl)
        ? cacheControl
        : `max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`,
  }
}

/** What a TUS request carries from its Fastify request into the TUS server's hooks. */
interface TusCall {
  req: FastifyRequest
  ref: string
  upsert: boolean
  /**
   * A Storage API caller (a project JWT): the row is inserted as this role with its claims, and the upload's
   * URL is absolute, under `{PUBLIC_URL}` — as supabase/storage answers it. Without it the caller is a
   * dashboard member (their session), and the URL stays relative to Basalt's own origin.
   */
  caller?: { as: Impersonation; ownerId: string | null; publicUrl: string }
}

/**
 * Resumable uploads (TUS 1.0.0, `@tus/server` with `@tus/file-store`) at the Storage API path. On the
 * directory store the bytes are written in place under the key of a new object id, so a finished upload
 * needs no copy: its row is inserted, and the object exists. On S3 they are staged in
 * DATA_DIR/resumable-uploads and streamed to S3 (multipart) once complete. The upload's URL carries the key
 * (base64url); its state (`.json` beside the bytes) is on disk, so an upload survives a dropped connection,
 * a reload and a restart of Basalt; one unfinished after a day is removed by the sweep.
 */
export function resumableUploads(store: ObjectStore, stagingDir: string) {
  const calls = new AsyncLocalStorage<TusCall>()
  let server: Server | undefined
  let datastore: FileStore | undefined
  const make = () => {
    // On the directory store the upload is written in place, under its object's key; on S3 it is staged
    // in a directory and streamed to S3 once complete (s3rver, the S3 server the tests run, lacks the
    // ListParts call @tus/s3-store resumes with, so that store could not be tested here).
    const where = store.location
    datastore = new FileStore({
      directory: 'root' in where ? where.root : stagingDir,
      expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS,
    })
    return new Server({
      path: '/project-api',
      datastore,
      relativeLocation: true,
      // The upload's id is its object's byte key: `{ref}/{bucket}/{object id}`.
      namingFunction: (_req, metadata) => {
        const call = calls.getStore()!
        return byteKey(call.ref, metadata?.bucketName ?? '', randomUUID())
      },
      generateUrl: (_req, { id }) => {
        const call = calls.getStore()!
        return `${call.caller?.publicUrl ?? ''}${resumableUploadPath(call.ref)}/${Buffer.from(id).toString('base64url')}`
      },
      getFileIdFromRequest: (req) => {
        const last = new URL(req.url).pathname.split('/').pop() ?? ''
        const id = Buffer.from(last, 'base64url').toString('utf8')
        // Only this project's uploads: an id of another project's key is no upload here.
        return id.startsWith(bytePrefix(calls.getStore()!.ref)) ? id : undefined
      },
      // Whether the upload may replace an existing object is decided when it is created, and kept with it.
      onResponseError: (_req, err) => {
        if (err instanceof Error) calls.getStore()?.req.log.warn({ err }, 'resumable upload failed')
        return undefined
      },
      onUploadCreate: async (_req, upload: Upload) => ({
        metadata: { ...upload.metadata, basaltUpsert: calls.getStore()!.upsert ? 'true' : 'false' },
      }),
      onUploadFinish: async (_req, upload: Upload) => {
        const call = calls.getStore()!
        const target = resumableTarget(upload.metadata ?? {})
        if (typeof target === 'string') throw { status_code: 400, body: target }
        const objectId = upload.id.split('/').pop()!
        if (!('root' in store.location)) {
          const staged = path.join(stagingDir, upload.id)
          try {
            await store.put(upload.id, createReadStream(staged), {
              contentType: target.contentType,
              expectedSize: upload.size ?? upload.offset,
            })
          } finally {
            await rm(staged, { force: true })
          }
        }
        const committed = await commitUpload(
          call.req.project,
          store,
          {
            ref: call.ref,
            bucketId: target.bucketName,
            path: target.objectName,
            size: upload.size ?? upload.offset,
            mimetype: target.contentType,
            cacheControl: target.cacheControl,
            upsert: upload.metadata?.basaltUpsert === 'true',
            ownerId: call.caller?.ownerId ?? null,
            as: call.caller?.as,
          } satisfies UploadTarget,
          objectId,
        )
        if (!committed.ok) throw { status_code: statusOf(committed), body: committed.error.message }
        // The object exists: the upload's own state goes.
        await removeUploadState(upload.id).catch(() => {})
        return { headers: { 'x-basalt-object-id': objectId } }
      },
    })
  }
  const removeUploadState = async (id: string) => {
    await datastore!.configstore.delete(id)
  }
  return {
    /** Hands one TUS request (already authorised) to the TUS server, with its call context. */
    handle(call: TusCall, res: ServerResponse) {
      server ??= make()
      return calls.run(call, () => server!.handle(call.req.raw, res))
    },
  }
}

const statusOf = (r: Result<unknown> & { ok: false }) => httpStatusOf(r.error.code)
