import { fail, objectNameProblem, STORAGE_MESSAGES, type Result } from '@basalt/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { sendError } from '../http/errors.ts'
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
  const { rows } = await ctx.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
  const project = rows[0]
  if (!project || project.organization_id === null) return fail('not_found', 'Project not found')
  req.projectAccess = { project, role: 'read_only' }
  return { ok: true, data: project }
}

async function serveLink(
  ctx: PlatformContext,
  store: ObjectStore,
  req: FastifyRequest,
  reply: FastifyReply,
  check: (bucketPublic: boolean, bucket: string, path: string) => Promise<Result<void>>,
) {
  const { ref, bucket, '*': path } = req.params as z.infer<typeof linkParams>
  const problem = objectNameProblem(path)
  if (problem) return sendError(reply, { code: 'validation_failed', message: problem })
  const project = await asProjectReader(ctx, req, ref)
  if (!project.ok) return reply.result(project)
  const found = await req.project.read(undefined, async (c) => {
    const b = await getBucket(c, bucket)
    if (!b.ok) return b
    const allowed = await check(b.data.public, bucket, path)
    if (!allowed.ok) return allowed
    return getObject(c, bucket, path)
  })
  if (!found.ok) return reply.result(found)
  return sendObject(req, reply, store, ref, bucket, found.data as ObjectRow, {
    download: (req.query as { download?: string }).download,
  })
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
