import {
  can,
  fail,
  httpStatusOf,
  objectNameProblem,
  ok,
  STORAGE_MESSAGES,
  type ApiError,
  type Result,
} from '@basalt/contracts'
import type { Impersonation } from '../db/impersonation.ts'
import { tryInsertAs } from '../storage/api-objects.ts'
import { apiCallOf, ownerOf, storageApiError } from './storage-project-api.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CROSS_SITE_REFUSED, CSRF_FAILED, fromOwnOrigin } from '../http/csrf.ts'
import { sendError, sendFailure } from '../http/errors.ts'
import { forbiddenMessage } from '../http/permissions.ts'
import { CSRF_HEADER, expectedCsrfToken, SESSION_COOKIE } from '../http/session.ts'
import { resolveSession } from '../platform/sessions.ts'
import { safeEqual } from '../platform/secrets.ts'
import { parseUploadMetadata, resumableTarget, type resumableUploads } from '../storage/resumable.ts'
import { projectFileSizeLimit } from '../storage/project-secrets.ts'
import { uploadRefusal } from '../storage/uploads.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'
import { getBucket } from '../storage/buckets.ts'
import { sendObject } from '../storage/delivery.ts'
import type { ObjectStore } from '../storage/object-store.ts'
import { getObject, type ObjectRow } from '../storage/objects.ts'
import { projectJwtSecret } from '../storage/project-secrets.ts'
import { verifyObjectToken } from '../storage/signed-urls.ts'
import type { App } from './types.ts'

/** The part of the project's Storage API (`/project-api/{ref}/storage/v1`) that links reach: public and signed URLs. */
export const STORAGE_API = '/project-api/:ref/storage/v1'

const linkParams = z.object({ ref: z.string().min(1).max(100), bucket: z.string().min(1).max(256), '*': z.string() })
const signQuery = z.object({ token: z.string().min(1).max(4096).optional() })

/**
 * Loads the project of a Storage API call into `req.projectAccess` with the read-only login: what serving a
 * link needs, and nothing more (the link itself is the permission). Missing or not running: 404 / 409.
 */
export async function asProjectReader(
  ctx: PlatformContext,
  req: FastifyRequest,
  ref: string,
): Promise<Result<ProjectRow>> {
  const { rows } = await ctx.db.query<ProjectRow>(
    `select p.*, o.slug as organization_slug, o.name as organization_name
       from basalt.projects p left join basalt.organizations o on o.id = p.organization_id where p.ref = $1`,
    [ref],
  )
  const project = rows[0]
  if (!project || project.organization_id === null) return fail('not_found', 'Project not found')
  req.projectAccess = { project, role: 'read_only' }
  return { ok: true, data: project }
}

/**
 * Streams one object that a link opens (public and signed URLs, share links) with the project's read-only
 * login: `check` runs in the read's transaction with the bucket's public flag, `beforeSend` once the object
 * is found and before a byte goes (a share link counts its download there). A refusal is returned, not sent.
 */
export async function serveObjectByLink(
  ctx: PlatformContext,
  store: ObjectStore,
  req: FastifyRequest,
  reply: FastifyReply,
  /** `objectId`: only that object (a share link's), not another stored at its path since. */
  target: { ref: string; bucket: string; path: string; objectId?: string | null; download?: string | boolean },
  check: (bucketPublic: boolean) => Promise<Result<void>>,
  beforeSend?: () => Promise<Result<void>>,
): Promise<Result<FastifyReply>> {
  const { ref, bucket, path } = target
  const problem = objectNameProblem(path)
  if (problem) return fail('validation_failed', problem)
  const project = await asProjectReader(ctx, req, ref)
  if (!project.ok) return project
  const found = await req.project.read(undefined, async (c) => {
    const b = await getBucket(c, bucket)
    if (!b.ok) return b
    const allowed = await check(b.data.public)
    if (!allowed.ok) return allowed
    const object = await getObject(c, bucket, path)
    if (object.ok && target.objectId && object.data.id !== target.objectId)
      return fail('not_found', STORAGE_MESSAGES.objectNotFound)
    return object
  })
  if (!found.ok) return found
  if (beforeSend) {
    const go = await beforeSend()
    if (!go.ok) return go
  }
  return ok(await sendObject(req, reply, store, ref, bucket, found.data as ObjectRow, { download: target.download }))
}

async function serveLink(
  ctx: PlatformContext,
  store: ObjectStore,
  req: FastifyRequest,
  reply: FastifyReply,
  check: (bucketPublic: boolean, bucket: string, path: string) => Promise<Result<void>>,
) {
  const { ref, bucket, '*': path } = req.params as z.infer<typeof linkParams>
  const download = (req.query as { download?: string }).download
  const sent = await serveObjectByLink(ctx, store, req, reply, { ref, bucket, path, download }, (isPublic) =>
    check(isPublic, bucket, path),
  )
  return sent.ok ? sent.data : reply.result(sent)
}

export function storageApiRoutes(app: App, ctx: PlatformContext, store: ObjectStore): void {
  // GET answers HEAD too (Fastify's exposeHeadRoutes): sendObject then sends the headers only.
  {
    app.route({
      method: 'GET',
      url: `${STORAGE_API}/object/public/:bucket/*`,
      schema: { params: linkParams, querystring: z.object({ download: z.string().max(1024).optional() }) },
      handler: (req, reply) =>
        serveLink(ctx, store, req, reply, async (isPublic) =>
          isPublic ? { ok: true, data: undefined } : fail('bad_request', STORAGE_MESSAGES.bucketNotPublic),
        ),
    })
    app.route({
      method: 'GET',
      url: `${STORAGE_API}/object/sign/:bucket/*`,
      schema: { params: linkParams, querystring: signQuery.extend({ download: z.string().max(1024).optional() }) },
      handler: (req, reply) =>
        serveLink(ctx, store, req, reply, async (_public, bucket, path) => {
          const token = (req.query as { token?: string }).token
          if (!token) return fail('invalid_token', STORAGE_MESSAGES.tokenInvalid)
          const secret = await projectJwtSecret(ctx, (req.params as { ref: string }).ref)
          if (!secret) return fail('not_found', 'Project not found')
          return verifyObjectToken(secret, token, bucket, path)
        }),
    })
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * TUS resumable uploads at `/project-api/{ref}/storage/v1/upload/resumable[/{id}]`. The caller is either a
 * Storage API caller — a project JWT as bearer (anon, authenticated, service_role), whose INSERT is tried
 * as that role before the upload exists and whose row is inserted as that role; the upload's Location is
 * absolute, under PUBLIC_URL — or a dashboard member: their session cookie, `storage:write` on the project,
 * and (for POST, PATCH, DELETE) the CSRF token in `x-csrf-token`. A creation is checked before the upload
 * exists: the bucket, the object's name, both size limits (from Upload-Length) and the allowed types, and
 * an existing name without `x-upsert: true`.
 */
export function resumableRoutes(app: App, ctx: PlatformContext, uploads: ReturnType<typeof resumableUploads>): void {
  void app.register(async (scope) => {
    // PATCH bodies (application/offset+octet-stream) are the TUS server's to read.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const { ref } = req.params as { ref: string }
      const upsert = req.headers['x-upsert'] === 'true'
      if (typeof req.headers.authorization === 'string' && /^bearer /i.test(req.headers.authorization)) {
        const call = await apiCallOf(ctx, req, ref)
        if (!call.ok) return reply.code(400).send(storageApiError(httpStatusOf(call.error.code), call.error))
        const caller = { as: call.data.as, ownerId: ownerOf(call.data.caller), publicUrl: ctx.config.publicUrl }
        if (req.method === 'POST') {
          const refused = await creationRefusal(ctx, req, ref, upsert, caller)
          if (refused) return reply.code(400).send(storageApiError(httpStatusOf(refused.code), refused))
        }
        reply.hijack()
        await uploads.handle({ req, ref, upsert, caller }, reply.raw)
        return
      }
      const cookie = req.cookies[SESSION_COOKIE]
      const session = cookie ? await resolveSession(ctx.db, cookie, ref) : null
      if (!session) return sendFailure(reply, 'unauthenticated', 'You must be signed in to do this')
      if (session.user.mfa_enabled && session.aal !== 'aal2') {
        return sendFailure(reply, 'mfa_required', 'Verify your second factor to continue')
      }
      const access = session.projectAccess ?? null
      if (!access) return sendFailure(reply, 'not_found', 'Project not found')
      if (!can(access.role, 'storage:write')) return sendFailure(reply, 'forbidden', forbiddenMessage('storage:write'))
      if (!SAFE_METHODS.has(req.method)) {
        const expected = expectedCsrfToken(req, ctx.config)
        const header = req.headers[CSRF_HEADER]
        if (!fromOwnOrigin(req, ctx.config)) return sendFailure(reply, 'csrf_failed', CROSS_SITE_REFUSED)
        if (!expected || typeof header !== 'string' || !safeEqual(expected, header)) {
          return sendFailure(reply, 'csrf_failed', CSRF_FAILED)
        }
      }
      req.projectAccess = access
      if (req.method === 'POST') {
        const refused = await creationRefusal(ctx, req, ref, upsert)
        if (refused) return sendError(reply, refused)
      }
      reply.hijack()
      await uploads.handle({ req, ref, upsert }, reply.raw)
    }
    for (const url of [`${STORAGE_API}/upload/resumable`, `${STORAGE_API}/upload/resumable/:id`]) {
      scope.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, handler })
    }
  })
}

/** Why a new resumable upload may not start, or null. */
async function creationRefusal(
  ctx: PlatformContext,
  req: FastifyRequest,
  ref: string,
  upsert: boolean,
  caller?: { as: Impersonation; ownerId: string | null },
): Promise<ApiError | null> {
  const target = resumableTarget(parseUploadMetadata(req.headers['upload-metadata'] as string | undefined))
  if (typeof target === 'string') return { code: 'validation_failed' as const, message: target }
  const length = req.headers['upload-length']
  if (typeof length !== 'string' || !/^\d+$/.test(length)) {
    return { code: 'bad_request' as const, message: STORAGE_MESSAGES.uploadLengthRequired }
  }
  const checked = await req.project.read(undefined, async (c) => {
    const bucket = await getBucket(c, target.bucketName)
    if (!bucket.ok) return bucket
    const allowed = uploadRefusal(bucket.data, await projectFileSizeLimit(ctx, ref), Number(length), target.contentType)
    if (!allowed.ok) return allowed
    if (!upsert) {
      const existing = await getObject(c, target.bucketName, target.objectName)
      if (existing.ok) return fail('conflict', STORAGE_MESSAGES.objectExists(target.objectName.split('/').pop()!))
    }
    return { ok: true as const, data: undefined }
  })
  if (!checked.ok) return checked.error
  if (!caller) return null
  // The caller's INSERT, tried before the upload exists: a refused one leaves no upload and no byte.
  const allowed = await tryInsertAs(req.project, caller.as, {
    bucketId: target.bucketName,
    name: target.objectName,
    upsert,
    ownerId: caller.ownerId,
  })
  return allowed.ok ? null : allowed.error
}
