import { restoreBodySchema, type Permission } from '@basalt/contracts'
import { z } from 'zod'
import { actorOf } from '../http/session.ts'
import type { PlatformContext } from '../platform/context.ts'
import { refParams, type App } from './types.ts'

const project = (permission: Permission) => ({ permission, scope: 'project' }) as const
const idParams = refParams.extend({ id: z.string().min(1).max(100) })

/**
 * Backups and point-in-time recovery (issue 28; the pages database/backups/scheduled and …/pitr). Every
 * member of the project sees its backups; Owners and Administrators back up, download and restore.
 */
export function backupRoutes(app: App, ctx: PlatformContext): void {
  const backups = () => ctx.backups!

  app.get('/api/projects/:ref/backups', { config: project('projects:read'), schema: { params: refParams } }, (req) =>
    backups().overview(req.projectAccess!),
  )

  app.post(
    '/api/projects/:ref/backups',
    { config: project('projects:update'), schema: { params: refParams } },
    async (req, reply) => reply.result(await backups().backUpNow(req.projectAccess!, actorOf(req)), 202),
  )

  // One base backup as a .tar.gz, streamed from the backup store or packed from its directory as it is sent
  // (then without a length: chunked) — README: how to start it with postgres.
  app.get(
    '/api/projects/:ref/backups/:id/download',
    { config: project('projects:update'), schema: { params: idParams } },
    async (req, reply) => {
      const found = await backups().download(req.projectAccess!, req.params.id)
      if (!found.ok) return reply.result(found)
      if (found.data.size !== null) reply.header('content-length', String(found.data.size))
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${found.data.fileName}"`)
        .header('cache-control', 'no-store')
        .send(found.data.body)
    },
  )

  app.post(
    '/api/projects/:ref/restores',
    { config: project('projects:update'), schema: { params: refParams, body: restoreBodySchema } },
    async (req, reply) => reply.result(await backups().restore(req.projectAccess!, req.body, actorOf(req)), 202),
  )

  app.get(
    '/api/projects/:ref/restores/:id',
    { config: project('projects:read'), schema: { params: idParams } },
    async (req, reply) => reply.result(await backups().getRestore(req.projectAccess!, req.params.id)),
  )

  app.post(
    '/api/projects/:ref/restores/:id/keep',
    { config: project('projects:update'), schema: { params: idParams } },
    async (req, reply) => reply.result(await backups().keepRestore(req.projectAccess!, req.params.id, actorOf(req))),
  )
}
