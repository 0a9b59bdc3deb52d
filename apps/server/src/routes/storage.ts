import {
  bucketJobSchema,
  createBucketBodySchema,
  createFolderBodySchema,
  deleteObjectsBodySchema,
  downloadObjectQuerySchema,
  BRANCH_STORAGE_MESSAGE,
  fail,
  listObjectsQuerySchema,
  moveObjectsBodySchema,
  objectPathQuerySchema,
  objectRefSchema,
  ok,
  publicUrlBodySchema,
  renameObjectBodySchema,
  searchObjectsQuerySchema,
  signObjectBodySchema,
  storageApiBase,
  STORAGE_MESSAGES,
  UPLOAD_CACHE_CONTROL_SECONDS,
  updateBucketBodySchema,
  updateStorageConfigBodySchema,
  uploadObjectQuerySchema,
  zipQuerySchema,
  type ObjectRef,
  type Result,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import { z } from 'zod'
import type { PlatformContext } from '../platform/context.ts'
import type { BucketJobs } from '../storage/bucket-jobs.ts'
import { createBucket, getBucket, listBuckets, updateBucket } from '../storage/buckets.ts'
import { recordAccess } from '../storage/access-times.ts'
import { sendObject, sendZip } from '../storage/delivery.ts'
import { byteKey, type ObjectStore } from '../storage/object-store.ts'
import {
  createFolder,
  deleteObjects,
  fileItem,
  filesOf,
  getObject,
  listObjects,
  moveObjects,
  renameObject,
  searchObjects,
} from '../storage/objects.ts'
import { actorOf } from '../http/session.ts'
import { writeAudit } from '../platform/audit.ts'
import {
  projectFileSizeLimit,
  projectJwtSecret,
  projectStorageConfig,
  setProjectFileSizeLimit,
} from '../storage/project-secrets.ts'
import { encodeObjectPath, signObjectToken } from '../storage/signed-urls.ts'
import { storeUpload } from '../storage/uploads.ts'
import { refParams, type App } from './types.ts'

/** Spec 3 §6: every write needs write access to storage admin; Read-only members list, preview, download, sign. */
const read = { permission: 'storage:read', scope: 'project' } as const
const write = { permission: 'storage:write', scope: 'project' } as const

const BASE = '/api/storage/:ref'
const bucketParams = refParams.extend({ id: z.string().min(1).max(256) })
const jobParams = refParams.extend({ jobId: z.string().min(1).max(64) })

export interface StorageDeps {
  store: ObjectStore
  jobs: BucketJobs
}

/**
 * fn on the bucket in the same transaction, or 404 'Bucket not found' (never another project's bucket). A
 * write holds the bucket's row (FOR SHARE) so that it cannot be deleted under the write.
 */
function inBucket<T>(
  bucketId: string,
  fn: (client: pg.ClientBase) => Promise<Result<T>>,
  lock = false,
): (client: pg.ClientBase) => Promise<Result<T>> {
  return async (client) => {
    const bucket = await getBucket(client, bucketId, lock)
    return bucket.ok ? fn(client) : bucket
  }
}

/** The project's ref and bucket id of a bucket route. */
const where = (req: FastifyRequest) => req.params as { ref: string; id: string }

/**
 * Buckets and the file explorer (spec 3; issue 24; docs/storage.md). Metadata calls go through the project
 * executor (the member's own login: Read-only members' reads on the read-only role); bytes through the
 * object store.
 */
export function storageRoutes(app: App, ctx: PlatformContext, { store, jobs }: StorageDeps): void {
  // A branch has no storage of its own (spec 2, spec 3: preview branches): every storage call says so.
  app.addHook('preHandler', async (req, reply) => {
    if (req.routeOptions.url?.startsWith('/api/storage/') && req.projectAccess?.project.parent_project_ref) {
      return reply.result(fail('bad_request', BRANCH_STORAGE_MESSAGE))
    }
  })
  // ---------- buckets ----------

  app.get(`${BASE}/buckets`, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.read(undefined, (c) => listBuckets(c))),
  )

  app.post(
    `${BASE}/buckets`,
    { config: write, schema: { params: refParams, body: createBucketBodySchema } },
    async (req, reply) => {
      const body = req.body as Required<z.infer<typeof createBucketBodySchema>>
      return reply.result(await req.project.write(undefined, (c) => createBucket(c, body)), 201)
    },
  )

  app.get(`${BASE}/buckets/:id`, { config: read, schema: { params: bucketParams } }, async (req, reply) =>
    reply.result(await req.project.read(undefined, (c) => getBucket(c, req.params.id))),
  )

  app.patch(
    `${BASE}/buckets/:id`,
    { config: write, schema: { params: bucketParams, body: updateBucketBodySchema } },
    async (req, reply) =>
      reply.result(await req.project.write(undefined, (c) => updateBucket(c, req.params.id, req.body))),
  )

  const startJob = (kind: 'empty' | 'delete') => async (req: FastifyRequest) => {
    const { ref, id } = where(req)
    const bucket = await req.project.read(undefined, (c) => getBucket(c, id))
    if (!bucket.ok) return bucket
    return ok(bucketJobSchema.parse(await jobs.start(ref, id, kind)))
  }
  app.post(`${BASE}/buckets/:id/empty`, { config: write, schema: { params: bucketParams } }, async (req, reply) =>
    reply.result(await startJob('empty')(req), 202),
  )
  app.delete(`${BASE}/buckets/:id`, { config: write, schema: { params: bucketParams } }, async (req, reply) =>
    reply.result(await startJob('delete')(req), 202),
  )
  app.get(`${BASE}/jobs/:jobId`, { config: read, schema: { params: jobParams } }, async (req, reply) =>
    reply.result(await jobs.get(req.params.ref, req.params.jobId)),
  )

  // ---------- listing and search ----------

  const objects = `${BASE}/buckets/:id/objects`

  app.get(
    objects,
    { config: read, schema: { params: bucketParams, querystring: listObjectsQuerySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.read(
          undefined,
          inBucket(req.params.id, (c) => listObjects(c, req.params.id, req.query)),
        ),
      ),
  )

  app.get(
    `${objects}/search`,
    { config: read, schema: { params: bucketParams, querystring: searchObjectsQuerySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.read(
          undefined,
          inBucket(req.params.id, (c) => searchObjects(c, req.params.id, req.query)),
        ),
      ),
  )

  app.get(
    `${objects}/info`,
    { config: read, schema: { params: bucketParams, querystring: objectPathQuerySchema } },
    async (req, reply) => {
      const row = await req.project.read(
        undefined,
        inBucket(req.params.id, (c) => getObject(c, req.params.id, req.query.path)),
      )
      return reply.result(row.ok ? ok(fileItem(row.data)) : row)
    },
  )

  // ---------- folders, move, rename, delete ----------

  app.post(
    `${objects}/folder`,
    { config: write, schema: { params: bucketParams, body: createFolderBodySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.write(
          undefined,
          inBucket(req.params.id, (c) => createFolder(c, req.params.id, req.body.path), true),
        ),
        201,
      ),
  )

  app.post(
    `${objects}/move`,
    { config: write, schema: { params: bucketParams, body: moveObjectsBodySchema } },
    async (req, reply) => {
      const { items, destination } = req.body
      return reply.result(
        await req.project.write(
          undefined,
          inBucket(req.params.id, (c) => moveObjects(c, req.params.id, items, destination), true),
        ),
      )
    },
  )

  app.post(
    `${objects}/rename`,
    { config: write, schema: { params: bucketParams, body: renameObjectBodySchema } },
    async (req, reply) => {
      const { from, to, kind } = req.body
      return reply.result(
        await req.project.write(
          undefined,
          inBucket(req.params.id, (c) => renameObject(c, req.params.id, from, to, kind), true),
        ),
      )
    },
  )

  app.post(
    `${objects}/delete`,
    { config: write, schema: { params: bucketParams, body: deleteObjectsBodySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const ids = await req.project.write(
        undefined,
        inBucket(id, (c) => deleteObjects(c, id, req.body.items), true),
      )
      if (!ids.ok) return reply.result(ids)
      // After the commit: the rows are gone, so the bytes are unreachable; the sweep removes any left here.
      await store.delete(ids.data.map((objectId) => byteKey(ref, id, objectId))).catch((err: unknown) => {
        req.log.warn({ err }, 'bytes of deleted objects left for the sweep')
      })
      return reply.result(ok({ deleted: ids.data.length }))
    },
  )

  // ---------- uploads (raw body, streamed) ----------

  void app.register(async (scope) => {
    // The body is the file's bytes, whatever their type: left unread here, streamed to the store.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    scope.post(
      `${objects}/upload`,
      { config: write, schema: { params: bucketParams, querystring: uploadObjectQuerySchema } },
      async (req, reply) => {
        const { ref, id } = req.params as { ref: string; id: string }
        const { path, upsert } = req.query as z.infer<typeof uploadObjectQuerySchema>
        const length = req.headers['content-length']
        if (length === undefined || !/^\d+$/.test(length)) {
          return reply.result(fail('bad_request', STORAGE_MESSAGES.uploadLengthRequired))
        }
        const cacheHeader = req.headers['x-cache-control']
        const cacheControl =
          typeof cacheHeader === 'string' && /^[\w\-=, ]{1,200}$/.test(cacheHeader)
            ? cacheHeader
            : `max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`
        const mimetype = (req.headers['content-type'] ?? 'application/octet-stream').slice(0, 255)
        const result = await storeUpload(
          req.project,
          store,
          await projectFileSizeLimit(ctx, ref),
          { ref, bucketId: id, path, size: Number(length), mimetype, cacheControl, upsert, ownerId: null },
          req.raw,
        )
        return reply.result(result, 201)
      },
    )
  })

  // ---------- downloads, zips ----------

  app.get(
    `${objects}/download`,
    { config: read, schema: { params: bucketParams, querystring: downloadObjectQuerySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const row = await req.project.read(
        undefined,
        inBucket(id, (c) => getObject(c, id, req.query.path)),
      )
      if (!row.ok) return reply.result(row)
      const sent = await sendObject(req, reply, store, ref, id, row.data, { download: req.query.download })
      if (reply.statusCode < 400 && req.method !== 'HEAD')
        recordAccess(ctx, req.projectAccess!.project, row.data.id, req.log)
      return sent
    },
  )

  app.get(
    `${objects}/zip`,
    { config: read, schema: { params: bucketParams, querystring: zipQuerySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const items: ObjectRef[] = []
      for (const p of req.query.path) {
        const item = objectRefSchema.safeParse(
          p.endsWith('/') ? { path: p.slice(0, -1), kind: 'folder' } : { path: p, kind: 'file' },
        )
        if (!item.success) return reply.result(fail('validation_failed', `${p}: ${item.error.issues[0]!.message}`))
        items.push(item.data)
      }
      const bucket = await req.project.read(undefined, (c) => getBucket(c, id))
      if (!bucket.ok) return reply.result(bucket)
      // HEAD (the explorer asks before it starts a download): the answer a GET would start with, no zip made.
      if (req.method === 'HEAD') return reply.header('content-type', 'application/zip').send()
      const files = filesOf((fn) => req.project.read(undefined, fn), id, items)
      return sendZip(reply, store, ref, id, items, files, req.query.name ?? id)
    },
  )

  // ---------- links ----------

  app.post(
    `${objects}/sign`,
    { config: read, schema: { params: bucketParams, body: signObjectBodySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const row = await req.project.read(
        undefined,
        inBucket(id, (c) => getObject(c, id, req.body.path)),
      )
      if (!row.ok) return reply.result(row)
      const secret = await projectJwtSecret(ctx, ref)
      if (!secret) return reply.result(fail('not_found', 'Project not found'))
      const { token, expiresAt } = await signObjectToken(secret, id, req.body.path, req.body.expiresIn)
      const url = `${ctx.config.publicUrl}${storageApiBase(ref)}/object/sign/${encodeURIComponent(id)}/${encodeObjectPath(req.body.path)}?token=${token}`
      return reply.result(ok({ signedUrl: url, expiresAt: expiresAt.toISOString() }))
    },
  )

  app.post(
    `${objects}/public-url`,
    { config: read, schema: { params: bucketParams, body: publicUrlBodySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const bucket = await req.project.read(undefined, (c) => getBucket(c, id))
      if (!bucket.ok) return reply.result(bucket)
      const url = `${ctx.config.publicUrl}${storageApiBase(ref)}/object/public/${encodeURIComponent(id)}/${encodeObjectPath(req.body.path)}`
      return reply.result(ok({ publicUrl: url }))
    },
  )

  // ---------- the project's storage settings (spec 3 §2 "Storage Settings", §7; issue 25 point 6) ----------

  const settings = '/api/platform/projects/:ref/config/storage'
  app.get(settings, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(ok(await projectStorageConfig(ctx, req.params.ref))),
  )
  app.patch(
    settings,
    { config: write, schema: { params: refParams, body: updateStorageConfigBodySchema } },
    async (req, reply) => {
      const { ref } = req.params
      if (ctx.config.storagePlan === 'free') return reply.result(fail('forbidden', STORAGE_MESSAGES.freePlanLimit))
      const before = await projectFileSizeLimit(ctx, ref)
      await setProjectFileSizeLimit(ctx, ref, req.body.fileSizeLimit)
      const project = req.projectAccess!.project
      await writeAudit(ctx.db, {
        action: 'storage.settings.update',
        actor: actorOf(req),
        organization: project.organization_id ? { id: project.organization_id, slug: project.organization_slug } : null,
        target: ref,
        details: { project: ref, fileSizeLimit: { before, after: req.body.fileSizeLimit } },
      })
      return reply.result(ok(await projectStorageConfig(ctx, ref)))
    },
  )
}
