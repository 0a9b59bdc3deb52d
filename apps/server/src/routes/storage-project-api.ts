import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  createBucketBodySchema,
  fail,
  mimeTypeAllowed,
  ok,
  STORAGE_MESSAGES,
  updateBucketBodySchema,
  type ApiError,
  type Bucket,
  type Result,
} from '@basalt/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose'
import { z } from 'zod'
import type { Impersonation } from '../db/impersonation.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'
import {
  apiObjectNameProblem,
  deleteObjectsAs,
  emptyBucketAs,
  findObject,
  insertObjectAs,
  listFolderAs,
  listV2As,
  moveObjectAs,
  type ApiObjectRow,
  type ListV2Bound,
  tryInsertAs,
} from '../storage/api-objects.ts'
import { createBucket, getBucket, listBuckets, updateBucket } from '../storage/buckets.ts'
import { sendObject } from '../storage/delivery.ts'
import { byteKey, sizeGuard, StoreWriteError, type ObjectStore } from '../storage/object-store.ts'
import { objectMetadata } from '../storage/objects.ts'
import { ANON_CALLER, secretFromRow, verifyProjectToken, type ProjectCaller } from '../storage/project-keys.ts'
import { projectFileSizeLimit, projectJwtSecret } from '../storage/project-secrets.ts'
import { signObjectToken } from '../storage/signed-urls.ts'
import { STORAGE_API, storageApiRoutes } from './storage-api.ts'
import type { App } from './types.ts'

/**
 * The project's Storage API (issue 25, point 2) at `{PUBLIC_URL}/project-api/{ref}/storage/v1`: the calls
 * `@supabase/storage-js` 2.x makes, with its shapes. The caller is whoever its bearer token says (anon,
 * authenticated with the token's claims, service_role); every metadata read and write runs as that role in
 * a transaction with `request.jwt.claims` set, so the project's policies decide (spec 3 §6): upload INSERT;
 * download, list, sign SELECT; move SELECT + UPDATE; copy SELECT + INSERT; remove SELECT + DELETE. Bytes are
 * written only after the INSERT was tried and passed; a refused call leaves no byte and no row.
 *
 * Errors are supabase/storage's: HTTP 400 with `{ statusCode: '<real status>', code, error, message }`.
 */

const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
const INSUFFICIENT_PRIVILEGE = '42501'
/** Signed upload URLs live two hours, as supabase/storage's do. */
const SIGNED_UPLOAD_SECONDS = 7200

/** A Basalt failure in supabase/storage's shape (the code and error fields its clients read). */
export function storageApiError(
  status: number,
  e: ApiError,
): { statusCode: string; code: string; error: string; message: string } {
  const pg = e.pg?.code
  if (pg === INSUFFICIENT_PRIVILEGE || e.code === 'forbidden') {
    return { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: e.message }
  }
  if (pg === UNIQUE_VIOLATION || e.code === 'conflict') {
    return { statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' }
  }
  if (pg === FOREIGN_KEY_VIOLATION) {
    return { statusCode: '409', code: 'InvalidRequest', error: 'InvalidRequest', message: e.message }
  }
  switch (e.code) {
    case 'not_found':
      return e.message === STORAGE_MESSAGES.bucketNotFound
        ? { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: e.message }
        : { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: e.message }
    case 'payload_too_large':
      return { statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: e.message }
    case 'mime_type_not_allowed':
      return { statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: e.message }
    case 'range_not_satisfiable':
      return { statusCode: '400', code: 'InvalidRange', error: 'invalid_range', message: e.message }
    case 'invalid_token':
    case 'unauthenticated':
      return { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: e.message }
    default:
      return { statusCode: String(status), code: 'InvalidRequest', error: 'Bad Request', message: e.message }
  }
}

interface ApiCall {
  project: ProjectRow
  caller: ProjectCaller
  /** The impersonation every statement of this call runs under. */
  as: Impersonation
  secret: Uint8Array
}

const TOKEN_MESSAGES = { missing: 'jwt must be provided', invalid: 'invalid signature', expired: 'jwt expired' }

function bearerOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization
  if (typeof auth === 'string' && /^bearer /i.test(auth)) return auth.slice(7).trim() || undefined
  const apikey = req.headers.apikey
  return typeof apikey === 'string' && apikey !== '' ? apikey : undefined
}

/**
 * Who calls: the project (404 unknown), and the caller its token names. Without a token, or with one that
 * does not verify, a download is anonymous (`anonymousOnInvalid`), as supabase/storage serves it; anything
 * else is refused with supabase/storage's InvalidJWT.
 */
export async function apiCallOf(
  ctx: PlatformContext,
  req: FastifyRequest,
  ref: string,
  anonymousOnInvalid = false,
): Promise<Result<ApiCall>> {
  const { rows } = await ctx.db.query<ProjectRow & { jwt_secret_encrypted: string | null }>(
    'select * from basalt.projects where ref = $1',
    [ref],
  )
  const project = rows[0]
  if (!project || project.organization_id === null) return fail('not_found', 'Project not found')
  const secret = project.jwt_secret_encrypted
    ? secretFromRow(ctx.config.encryptionKey, project.jwt_secret_encrypted)
    : await projectJwtSecret(ctx, ref)
  if (!secret) return fail('not_found', 'Project not found')
  const token = bearerOf(req)
  let caller: ProjectCaller = ANON_CALLER
  if (token === undefined) {
    if (!anonymousOnInvalid) return fail('invalid_token', TOKEN_MESSAGES.missing)
  } else {
    const verified = await verifyProjectToken(secret, ref, token)
    if (verified.ok) caller = verified.data
    else if (!anonymousOnInvalid) {
      return fail(
        'invalid_token',
        verified.error === 'role' ? 'The token has no role this API knows' : TOKEN_MESSAGES[verified.error],
      )
    }
  }
  // The admin login, which alone may SET ROLE to the API roles; every statement of the call runs under one.
  req.projectAccess = { project, role: 'developer' }
  return ok({ project, caller, secret, as: { role: caller.role, claims: caller.claims } })
}

export const ownerOf = (caller: ProjectCaller) => (typeof caller.claims.sub === 'string' ? caller.claims.sub : null)

function toApiBucket(b: Bucket) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner_id ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
    type: 'STANDARD',
  }
}

function toFileObject(r: ApiObjectRow) {
  return {
    name: r.name,
    id: r.id,
    bucket_id: r.bucket_id,
    owner: r.owner_id ?? '',
    owner_id: r.owner_id ?? '',
    updated_at: r.updated_at,
    created_at: r.created_at,
    last_accessed_at: r.last_accessed_at,
    metadata: r.metadata,
  }
}

/** `20MB`, `1GB`, a number of bytes… (storage-js passes a number or such a string). */
export function parseSizeLimit(v: unknown): number | null | undefined | 'bad' {
  if (v === undefined || v === null) return v
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : 'bad'
  if (typeof v !== 'string') return 'bad'
  const m = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(v)
  if (!m) return 'bad'
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b']
  return Number(m[1]) * unit
}

const bucketBody = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
  type: z.string().optional(),
})

const refOnly = z.object({ ref: z.string().min(1).max(100) })
const bucketOnly = refOnly.extend({ bucket: z.string().min(1).max(256) })
const objectParams = bucketOnly.extend({ '*': z.string() })

const noop = () => {}

const upsertOf = (req: FastifyRequest) => req.headers['x-upsert'] === 'true'

/** The cache-control an upload asked for (`max-age=N` from storage-js), or storage's default. */
function cacheControlOf(v: unknown): string {
  if (typeof v === 'string' && /^[\w\-=, ]{1,200}$/.test(v)) return /^\d+$/.test(v) ? `max-age=${v}` : v
  return 'max-age=3600'
}

export function storageProjectApiRoutes(app: App, ctx: PlatformContext, store: ObjectStore): void {
  /** Object name of a route, or a 400 answered. */
  const nameOf = (req: FastifyRequest, reply: FastifyReply): string | null => {
    const name = (req.params as { '*': string })['*']
    const problem = apiObjectNameProblem(name)
    if (problem) {
      void reply.result(fail('validation_failed', problem))
      return null
    }
    return name
  }

  const tryInsert = (req: FastifyRequest, call: ApiCall, bucketId: string, name: string, upsert: boolean) =>
    tryInsertAs(req.project, call.as, { bucketId, name, upsert, ownerId: ownerOf(call.caller) })

  /**
   * Stores bytes for a new object row: the bucket's and the project's limits and the bucket's types first
   * (the bucket read as the server, as supabase/storage does: an upload needs no policy on buckets), then
   * the INSERT tried as the caller, then the bytes under a new id, then the row inserted as `as`.
   */
  const storeObject = async (
    req: FastifyRequest,
    call: ApiCall,
    target: { bucketId: string; name: string; upsert: boolean; mimetype: string; cacheControl: string },
    body: Readable,
    size: number | undefined,
    as: Impersonation = call.as,
    ownerId: string | null = ownerOf(call.caller),
    userMetadata: Record<string, unknown> | null = null,
  ): Promise<Result<{ id: string }>> => {
    const bucket = await req.project.read(undefined, (c) => getBucket(c, target.bucketId))
    if (!bucket.ok) {
      body.resume()
      return bucket
    }
    const projectLimit = await projectFileSizeLimit(ctx, call.project.ref)
    const limit = Math.min(bucket.data.file_size_limit ?? Infinity, projectLimit)
    const overLimit = () =>
      bucket.data.file_size_limit !== null && bucket.data.file_size_limit <= projectLimit
        ? fail('payload_too_large', STORAGE_MESSAGES.overBucketLimit(bucket.data.file_size_limit))
        : fail('payload_too_large', STORAGE_MESSAGES.overProjectLimit(projectLimit))
    if (size !== undefined && size > limit) {
      body.resume()
      return overLimit()
    }
    if (!mimeTypeAllowed(bucket.data.allowed_mime_types, target.mimetype)) {
      body.resume()
      return fail('mime_type_not_allowed', STORAGE_MESSAGES.mimeTypeNotAllowed(target.mimetype))
    }
    if (as === call.as) {
      const allowed = await tryInsert(req, call, target.bucketId, target.name, target.upsert)
      if (!allowed.ok) {
        body.resume()
        return allowed
      }
    }
    const id = randomUUID()
    const key = byteKey(call.project.ref, target.bucketId, id)
    const guarded = sizeGuard(body, { max: limit, expected: size })
    let stored: number
    let putting: Promise<{ size: number }> | undefined
    try {
      // A body cut by the guard fails the call at once, whether or not the store's own stream notices.
      const cut = new Promise<never>((_resolve, reject) => guarded.stream.once('error', reject))
      cut.catch(() => {})
      putting = store.put(key, guarded.stream, { contentType: target.mimetype, expectedSize: size })
      putting.catch(noop)
      stored = (await Promise.race([putting, cut])).size
    } catch (err) {
      // Whatever the store did not read is drained, so that the request (and a form's parser) ends; a
      // partial file the store leaves behind is named by no row, and the sweep removes it.
      body.resume()
      if (putting) {
        await Promise.race([putting.then(noop, noop), new Promise((resolve) => setTimeout(resolve, 1000))])
      }
      await store.delete([key]).catch(noop)
      if (err instanceof StoreWriteError) {
        return guarded.counted() > limit ? overLimit() : fail('bad_request', STORAGE_MESSAGES.uploadIncomplete)
      }
      throw err
    }
    let inserted: Result<{ id: string; replaced: string | null }>
    try {
      inserted = await req.project.write(as, async (c) =>
        ok(
          await insertObjectAs(
            c,
            {
              id,
              bucketId: target.bucketId,
              name: target.name,
              ownerId,
              metadata: objectMetadata({
                size: stored,
                mimetype: target.mimetype,
                cacheControl: target.cacheControl,
                etag: `"${id}"`,
              }),
              userMetadata,
            },
            target.upsert,
          ),
        ),
      )
    } catch (err) {
      await store.delete([key]).catch(() => {})
      throw err
    }
    if (!inserted.ok) {
      await store.delete([key]).catch(() => {})
      return inserted
    }
    if (inserted.data.replaced) {
      await store.delete([byteKey(call.project.ref, target.bucketId, inserted.data.replaced)]).catch(() => {})
    }
    return ok({ id })
  }

  /** The body of an upload: the file part of a multipart form (storage-js with a Blob), or the raw body. */
  const uploadBody = async (
    req: FastifyRequest,
  ): Promise<
    Result<{
      body: Readable
      size: number | undefined
      mimetype: string
      cacheControl: string
      userMetadata: Record<string, unknown> | null
    }>
  > => {
    if (req.isMultipart()) {
      const part = await req.file({ limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 10 } })
      if (!part) return fail('bad_request', 'No file in the form')
      const field = (name: string) => {
        const f = part.fields[name]
        const one = Array.isArray(f) ? f[0] : f
        return one && one.type === 'field' ? String(one.value) : undefined
      }
      let userMetadata: Record<string, unknown> | null = null
      const meta = field('metadata')
      if (meta) {
        try {
          userMetadata = JSON.parse(meta) as Record<string, unknown>
        } catch {
          return fail('bad_request', 'metadata is not JSON')
        }
      }
      return ok({
        body: part.file,
        size: undefined,
        mimetype: (part.mimetype || 'application/octet-stream').slice(0, 255),
        cacheControl: cacheControlOf(field('cacheControl')),
        userMetadata,
      })
    }
    const length = req.headers['content-length']
    const size = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : undefined
    let userMetadata: Record<string, unknown> | null = null
    const header = req.headers['x-metadata']
    if (typeof header === 'string') {
      try {
        userMetadata = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<string, unknown>
      } catch {
        return fail('bad_request', 'x-metadata is not base64 JSON')
      }
    }
    return ok({
      body: req.raw,
      size,
      mimetype: (req.headers['content-type'] ?? 'application/octet-stream').slice(0, 255),
      cacheControl: cacheControlOf(req.headers['cache-control']),
      userMetadata,
    })
  }

  void app.register(async (scope) => {
    const api = scope as unknown as App
    // Errors in supabase/storage's shape: HTTP 400 (5xx stays as it is) with the real status as a string.
    api.addHook('onSend', async (_req, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload
      let body: unknown
      try {
        body = JSON.parse(payload)
      } catch {
        return payload
      }
      if (!body || typeof body !== 'object' || !('code' in body) || !('message' in body) || 'statusCode' in body) {
        return payload
      }
      const status = reply.statusCode
      if (status < 500) reply.code(400)
      return JSON.stringify(storageApiError(status, body as ApiError))
    })

    // Apps call this API from their own origins with a bearer token (never Basalt's cookies, which a
    // wildcard origin does not carry): CORS lets them, as Supabase's gateway does.
    api.addHook('onSend', async (_req, reply, payload) => {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', 'content-range, content-length, etag, content-disposition')
      return payload
    })
    api.options(`${STORAGE_API}/*`, async (_req, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, DELETE, OPTIONS')
        .header(
          'access-control-allow-headers',
          'authorization, apikey, content-type, x-client-info, x-upsert, cache-control, x-metadata, range',
        )
        .header('access-control-max-age', '86400')
        .send(),
    )
    // The links (public and signed URLs) answer in the same shape.
    storageApiRoutes(api, ctx, store)

    // ---------- uploads: the body is the file, streamed to the store ----------
    void api.register(async (rawScope) => {
      const raw = rawScope as unknown as App
      raw.removeContentTypeParser(['application/json', 'text/plain'])
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null))

      const upload = (method: 'POST' | 'PUT') => async (req: FastifyRequest, reply: FastifyReply) => {
        const { ref, bucket } = req.params as z.infer<typeof objectParams>
        const name = nameOf(req, reply)
        if (name === null) return reply
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.result(call)
        const body = await uploadBody(req)
        if (!body.ok) return reply.result(body)
        const stored = await storeObject(
          req,
          call.data,
          { bucketId: bucket, name, upsert: method === 'PUT' || upsertOf(req), ...body.data },
          body.data.body,
          body.data.size,
          undefined,
          undefined,
          body.data.userMetadata,
        )
        if (!stored.ok) return reply.result(stored)
        return reply.send({ Id: stored.data.id, Key: `${bucket}/${name}` })
      }
      for (const method of ['POST', 'PUT'] as const) {
        raw.route({
          method,
          url: `${STORAGE_API}/object/:bucket/*`,
          schema: { params: objectParams },
          handler: upload(method),
        })
      }

      // uploadToSignedUrl: the token was signed after the caller's INSERT passed; the row is inserted as
      // service_role with the owner the token carries.
      raw.put(
        `${STORAGE_API}/object/upload/sign/:bucket/*`,
        { schema: { params: objectParams, querystring: z.object({ token: z.string().max(4096).optional() }) } },
        async (req, reply) => {
          const { ref, bucket } = req.params
          const name = nameOf(req, reply)
          if (name === null) return reply
          const call = await apiCallOf(ctx, req, ref, true)
          if (!call.ok) return reply.result(call)
          const token = req.query.token
          if (!token) return reply.result(fail('invalid_token', STORAGE_MESSAGES.tokenInvalid))
          let claims: Record<string, unknown>
          try {
            claims = (await jwtVerify(token, call.data.secret, { algorithms: ['HS256'] })).payload
          } catch (err) {
            return reply.result(
              fail(
                'invalid_token',
                err instanceof joseErrors.JWTExpired ? STORAGE_MESSAGES.tokenExpired : STORAGE_MESSAGES.tokenInvalid,
              ),
            )
          }
          if (claims.upload !== true || claims.url !== `${bucket}/${name}`) {
            return reply.result(fail('invalid_token', STORAGE_MESSAGES.tokenOtherObject))
          }
          const body = await uploadBody(req)
          if (!body.ok) return reply.result(body)
          const owner = typeof claims.owner === 'string' ? claims.owner : null
          const stored = await storeObject(
            req,
            call.data,
            { bucketId: bucket, name, upsert: claims.upsert === true, ...body.data },
            body.data.body,
            body.data.size,
            { role: 'service_role', claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) } },
            owner,
            body.data.userMetadata,
          )
          if (!stored.ok) return reply.result(stored)
          return reply.send({ Key: `${bucket}/${name}` })
        },
      )
    })

    // ---------- buckets ----------

    api.get(
      `${STORAGE_API}/bucket`,
      {
        schema: {
          params: refOnly,
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(10_000).optional(),
            offset: z.coerce.number().int().min(0).optional(),
            search: z.string().max(256).optional(),
            sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
            sortOrder: z.enum(['asc', 'desc']).optional(),
          }),
        },
      },
      async (req, reply) => {
        const call = await apiCallOf(ctx, req, req.params.ref)
        if (!call.ok) return reply.result(call)
        const all = await req.project.read(call.data.as, (c) => listBuckets(c))
        if (!all.ok) return reply.result(all)
        const q = req.query
        let list = all.data
        if (q.search) list = list.filter((b) => b.name.toLowerCase().includes(q.search!.toLowerCase()))
        if (q.sortColumn) {
          const col = q.sortColumn
          list = [...list].sort((a, b) => (a[col]! < b[col]! ? -1 : a[col]! > b[col]! ? 1 : 0))
        }
        if (q.sortOrder === 'desc') list = [...list].reverse()
        const start = q.offset ?? 0
        return reply.send(list.slice(start, q.limit === undefined ? undefined : start + q.limit).map(toApiBucket))
      },
    )

    api.get(`${STORAGE_API}/bucket/:bucket`, { schema: { params: bucketOnly } }, async (req, reply) => {
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const b = await req.project.read(call.data.as, (c) => getBucket(c, req.params.bucket))
      return b.ok ? reply.send(toApiBucket(b.data)) : reply.result(b)
    })

    api.post(`${STORAGE_API}/bucket`, { schema: { params: refOnly, body: bucketBody } }, async (req, reply) => {
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const limit = parseSizeLimit(req.body.file_size_limit)
      if (limit === 'bad')
        return reply.result(fail('validation_failed', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'))
      const parsed = createBucketBodySchema.safeParse({
        id: req.body.id ?? req.body.name,
        public: req.body.public ?? false,
        file_size_limit: limit ?? null,
        allowed_mime_types: req.body.allowed_mime_types ?? null,
      })
      if (!parsed.success) return reply.result(fail('validation_failed', parsed.error.issues[0]!.message))
      const created = await req.project.write(call.data.as, (c) => createBucket(c, parsed.data))
      return created.ok ? reply.send({ name: created.data.name }) : reply.result(created)
    })

    api.put(
      `${STORAGE_API}/bucket/:bucket`,
      { schema: { params: bucketOnly, body: bucketBody } },
      async (req, reply) => {
        const call = await apiCallOf(ctx, req, req.params.ref)
        if (!call.ok) return reply.result(call)
        const limit = parseSizeLimit(req.body.file_size_limit)
        if (limit === 'bad')
          return reply.result(fail('validation_failed', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'))
        const parsed = updateBucketBodySchema.safeParse({
          public: req.body.public,
          file_size_limit: limit,
          allowed_mime_types: req.body.allowed_mime_types,
        })
        if (!parsed.success) return reply.result(fail('validation_failed', parsed.error.issues[0]!.message))
        const updated = await req.project.write(call.data.as, (c) => updateBucket(c, req.params.bucket, parsed.data))
        return updated.ok ? reply.send({ message: 'Successfully updated' }) : reply.result(updated)
      },
    )

    api.post(`${STORAGE_API}/bucket/:bucket/empty`, { schema: { params: bucketOnly } }, async (req, reply) => {
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const { ref, bucket } = req.params
      const ids = await req.project.write(call.data.as, async (c) => {
        const b = await getBucket(c, bucket)
        return b.ok ? ok(await emptyBucketAs(c, bucket)) : b
      })
      if (!ids.ok) return reply.result(ids)
      await store.delete(ids.data.map((id) => byteKey(ref, bucket, id))).catch(() => {})
      return reply.send({ message: 'Successfully emptied' })
    })

    api.delete(`${STORAGE_API}/bucket/:bucket`, { schema: { params: bucketOnly } }, async (req, reply) => {
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const deleted = await req.project.write(call.data.as, async (c) => {
        const { rows } = await c.query('select 1 from storage.objects where bucket_id = $1 limit 1', [
          req.params.bucket,
        ])
        if (rows.length > 0) return fail('conflict', 'The bucket you tried to delete is not empty')
        const r = await c.query('delete from storage.buckets where id = $1', [req.params.bucket])
        return r.rowCount ? ok(undefined) : fail('not_found', STORAGE_MESSAGES.bucketNotFound)
      })
      return deleted.ok ? reply.send({ message: 'Successfully deleted' }) : reply.result(deleted)
    })

    // ---------- reading objects ----------

    const download = async (req: FastifyRequest, reply: FastifyReply) => {
      const { ref, bucket } = req.params as z.infer<typeof objectParams>
      const name = nameOf(req, reply)
      if (name === null) return reply
      const call = await apiCallOf(ctx, req, ref, true)
      if (!call.ok) return reply.result(call)
      const row = await req.project.read(call.data.as, async (c) => {
        const r = await findObject(c, bucket, name)
        return r ? ok(r) : fail('not_found', STORAGE_MESSAGES.objectNotFound)
      })
      if (!row.ok) return reply.result(row)
      return sendObject(req, reply, store, ref, bucket, row.data, {
        download: (req.query as { download?: string }).download,
      })
    }
    const downloadQuery = z.object({ download: z.string().max(1024).optional() }).passthrough()
    for (const url of [`${STORAGE_API}/object/:bucket/*`, `${STORAGE_API}/object/authenticated/:bucket/*`]) {
      api.get(url, { schema: { params: objectParams, querystring: downloadQuery } }, download)
    }

    const info = async (req: FastifyRequest, reply: FastifyReply) => {
      const { ref, bucket } = req.params as z.infer<typeof objectParams>
      const name = nameOf(req, reply)
      if (name === null) return reply
      const call = await apiCallOf(ctx, req, ref, true)
      if (!call.ok) return reply.result(call)
      const row = await req.project.read(call.data.as, async (c) => {
        const r = await findObject(c, bucket, name)
        return r ? ok(r) : fail('not_found', STORAGE_MESSAGES.objectNotFound)
      })
      if (!row.ok) return reply.result(row)
      const r = row.data
      const m = r.metadata ?? {}
      return reply.send({
        id: r.id,
        version: r.id,
        name: r.name,
        bucket_id: r.bucket_id,
        size: typeof m.size === 'number' ? m.size : null,
        content_type: m.mimetype ?? null,
        cache_control: m.cacheControl ?? null,
        etag: m.eTag ?? null,
        metadata: m.userMetadata ?? {},
        last_modified: r.updated_at,
        created_at: r.created_at,
      })
    }
    for (const url of [
      `${STORAGE_API}/object/info/:bucket/*`,
      `${STORAGE_API}/object/info/authenticated/:bucket/*`,
      `${STORAGE_API}/object/info/public/:bucket/*`,
    ]) {
      api.get(url, { schema: { params: objectParams } }, info)
    }

    api.post(
      `${STORAGE_API}/object/list/:bucket`,
      {
        schema: {
          params: bucketOnly,
          body: z.object({
            prefix: z.string().max(1024).default(''),
            limit: z.number().int().min(1).max(10_000).default(100),
            offset: z.number().int().min(0).default(0),
            search: z.string().max(1024).default(''),
            sortBy: z
              .object({ column: z.string().max(64).default('name'), order: z.string().max(8).default('asc') })
              .default({ column: 'name', order: 'asc' }),
          }),
        },
      },
      async (req, reply) => {
        const call = await apiCallOf(ctx, req, req.params.ref)
        if (!call.ok) return reply.result(call)
        const b = req.body
        const listed = await req.project.read(call.data.as, async (c) =>
          ok(
            await listFolderAs(c, req.params.bucket, {
              prefix: b.prefix.replace(/^\/+/, ''),
              limit: b.limit,
              offset: b.offset,
              search: b.search,
              column: b.sortBy.column,
              order: b.sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc',
            }),
          ),
        )
        return listed.ok ? reply.send(listed.data) : reply.result(listed)
      },
    )

    api.post(
      `${STORAGE_API}/object/list-v2/:bucket`,
      {
        schema: {
          params: bucketOnly,
          body: z.object({
            prefix: z.string().max(1024).default(''),
            limit: z.number().int().min(1).max(1000).default(1000),
            cursor: z.string().max(4096).optional(),
            with_delimiter: z.boolean().default(false),
            sortBy: z.unknown().optional(),
          }),
        },
      },
      async (req, reply) => {
        const call = await apiCallOf(ctx, req, req.params.ref)
        if (!call.ok) return reply.result(call)
        let bound: ListV2Bound | null = null
        if (req.body.cursor) {
          try {
            bound = JSON.parse(Buffer.from(req.body.cursor, 'base64url').toString('utf8')) as ListV2Bound
            if (
              typeof (bound as { after?: unknown }).after !== 'string' &&
              typeof (bound as { from?: unknown }).from !== 'string'
            ) {
              throw new Error('cursor')
            }
          } catch {
            return reply.result(fail('validation_failed', 'Invalid cursor'))
          }
        }
        const listed = await req.project.read(call.data.as, async (c) =>
          ok(
            await listV2As(c, req.params.bucket, {
              prefix: req.body.prefix,
              limit: req.body.limit,
              bound,
              delimiter: req.body.with_delimiter,
            }),
          ),
        )
        if (!listed.ok) return reply.result(listed)
        const { folders, objects, next } = listed.data
        return reply.send({
          hasNext: next !== null,
          folders,
          objects: objects.map((o) => ({
            id: o.id,
            key: o.name,
            name: o.name,
            updated_at: o.updated_at,
            created_at: o.created_at,
            last_accessed_at: o.last_accessed_at,
            metadata: o.metadata,
          })),
          ...(next ? { nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') } : {}),
        })
      },
    )

    // ---------- signed URLs ----------

    api.post(
      `${STORAGE_API}/object/sign/:bucket/*`,
      {
        schema: {
          params: objectParams,
          body: z.object({ expiresIn: z.number().int().min(1), transform: z.unknown().optional() }),
        },
      },
      async (req, reply) => {
        const { ref, bucket } = req.params
        const name = nameOf(req, reply)
        if (name === null) return reply
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.result(call)
        const row = await req.project.read(call.data.as, async (c) =>
          (await findObject(c, bucket, name)) ? ok(undefined) : fail('not_found', STORAGE_MESSAGES.objectNotFound),
        )
        if (!row.ok) return reply.result(row)
        const { token } = await signObjectToken(call.data.secret, bucket, name, req.body.expiresIn)
        return reply.send({ signedURL: `/object/sign/${bucket}/${name}?token=${token}` })
      },
    )

    api.post(
      `${STORAGE_API}/object/sign/:bucket`,
      {
        schema: {
          params: bucketOnly,
          body: z.object({ expiresIn: z.number().int().min(1), paths: z.array(z.string().max(1024)).min(1).max(1000) }),
        },
      },
      async (req, reply) => {
        const { ref, bucket } = req.params
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.result(call)
        const seen = await req.project.read(call.data.as, async (c) => {
          const { rows } = await c.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
            [bucket, req.body.paths],
          )
          return ok(new Set(rows.map((r) => r.name)))
        })
        if (!seen.ok) return reply.result(seen)
        const answer = []
        for (const path of req.body.paths) {
          if (!seen.data.has(path)) {
            answer.push({
              error: 'Either the object does not exist or you do not have access to it',
              path,
              signedURL: null,
            })
            continue
          }
          const { token } = await signObjectToken(call.data.secret, bucket, path, req.body.expiresIn)
          answer.push({ error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` })
        }
        return reply.send(answer)
      },
    )

    api.post(
      `${STORAGE_API}/object/upload/sign/:bucket/*`,
      { schema: { params: objectParams } },
      async (req, reply) => {
        const { ref, bucket } = req.params
        const name = nameOf(req, reply)
        if (name === null) return reply
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.result(call)
        const b = await req.project.read(undefined, (c) => getBucket(c, bucket))
        if (!b.ok) return reply.result(b)
        const upsert = upsertOf(req)
        const allowed = await tryInsert(req, call.data, bucket, name, upsert)
        if (!allowed.ok) return reply.result(allowed)
        const now = Math.floor(Date.now() / 1000)
        const token = await new SignJWT({
          url: `${bucket}/${name}`,
          upload: true,
          upsert,
          ...(ownerOf(call.data.caller) ? { owner: ownerOf(call.data.caller) } : {}),
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(now)
          .setExpirationTime(now + SIGNED_UPLOAD_SECONDS)
          .sign(call.data.secret)
        return reply.send({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token })
      },
    )

    // ---------- move, copy, remove ----------

    const moveBody = z.object({
      bucketId: z.string().min(1).max(256),
      sourceKey: z.string().max(1024),
      destinationKey: z.string().max(1024),
      destinationBucket: z.string().min(1).max(256).optional(),
      sourceVersionId: z.string().optional(),
      copyMetadata: z.boolean().optional(),
      metadata: z.record(z.string(), z.unknown()).optional(),
    })
    const keysProblem = (b: z.infer<typeof moveBody>) =>
      apiObjectNameProblem(b.sourceKey) ?? apiObjectNameProblem(b.destinationKey)

    api.post(`${STORAGE_API}/object/move`, { schema: { params: refOnly, body: moveBody } }, async (req, reply) => {
      const problem = keysProblem(req.body)
      if (problem) return reply.result(fail('validation_failed', problem))
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const { ref } = req.params
      const from = { bucketId: req.body.bucketId, name: req.body.sourceKey }
      const to = { bucketId: req.body.destinationBucket ?? req.body.bucketId, name: req.body.destinationKey }
      let copiedKey: string | null = null
      let moved: Result<ApiObjectRow>
      try {
        moved = await req.project.write(call.data.as, async (c) => {
          if (to.bucketId !== from.bucketId) {
            const b = await getBucket(c, to.bucketId)
            if (!b.ok) return b
          }
          const r = await moveObjectAs(c, from, to)
          if (!r.ok || to.bucketId === from.bucketId) return r
          // Bytes live under their bucket: a move across buckets copies them before the row commits.
          const source = await store.get(byteKey(ref, from.bucketId, r.data.id))
          if (!source) return fail('not_found', 'The bytes of this object are missing from the store')
          copiedKey = byteKey(ref, to.bucketId, r.data.id)
          const m = r.data.metadata ?? {}
          await store.put(copiedKey, source, {
            contentType: typeof m.mimetype === 'string' ? m.mimetype : 'application/octet-stream',
          })
          return r
        })
      } catch (err) {
        if (copiedKey) await store.delete([copiedKey]).catch(() => {})
        throw err
      }
      if (!moved.ok) {
        if (copiedKey) await store.delete([copiedKey]).catch(() => {})
        return reply.result(moved)
      }
      if (copiedKey) await store.delete([byteKey(ref, from.bucketId, moved.data.id)]).catch(() => {})
      return reply.send({ message: 'Successfully moved' })
    })

    api.post(`${STORAGE_API}/object/copy`, { schema: { params: refOnly, body: moveBody } }, async (req, reply) => {
      const problem = keysProblem(req.body)
      if (problem) return reply.result(fail('validation_failed', problem))
      const call = await apiCallOf(ctx, req, req.params.ref)
      if (!call.ok) return reply.result(call)
      const { ref } = req.params
      const destBucket = req.body.destinationBucket ?? req.body.bucketId
      const source = await req.project.read(call.data.as, async (c) => {
        const r = await findObject(c, req.body.bucketId, req.body.sourceKey)
        return r ? ok(r) : fail('not_found', STORAGE_MESSAGES.objectNotFound)
      })
      if (!source.ok) return reply.result(source)
      const bytes = await store.get(byteKey(ref, req.body.bucketId, source.data.id))
      if (!bytes) return reply.result(fail('not_found', 'The bytes of this object are missing from the store'))
      const m = source.data.metadata ?? {}
      const keep = req.body.copyMetadata !== false
      const stored = await storeObject(
        req,
        call.data,
        {
          bucketId: destBucket,
          name: req.body.destinationKey,
          upsert: upsertOf(req),
          mimetype: typeof m.mimetype === 'string' ? m.mimetype : 'application/octet-stream',
          cacheControl: typeof m.cacheControl === 'string' ? m.cacheControl : 'max-age=3600',
        },
        bytes,
        typeof m.size === 'number' ? m.size : undefined,
        undefined,
        undefined,
        keep ? ((m.userMetadata as Record<string, unknown> | undefined) ?? null) : (req.body.metadata ?? null),
      )
      if (!stored.ok) {
        bytes.destroy()
        return reply.result(stored)
      }
      return reply.send({ Id: stored.data.id, Key: `${destBucket}/${req.body.destinationKey}` })
    })

    api.delete(
      `${STORAGE_API}/object/:bucket`,
      { schema: { params: bucketOnly, body: z.object({ prefixes: z.array(z.string().max(1024)).min(1).max(1000) }) } },
      async (req, reply) => {
        const { ref, bucket } = req.params
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.result(call)
        const deleted = await req.project.write(call.data.as, async (c) =>
          ok(await deleteObjectsAs(c, bucket, req.body.prefixes)),
        )
        if (!deleted.ok) return reply.result(deleted)
        await store.delete(deleted.data.map((r) => byteKey(ref, bucket, r.id))).catch(() => {})
        return reply.send(deleted.data.map(toFileObject))
      },
    )
  })
}
