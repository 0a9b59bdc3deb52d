import {
  addReplicaBodySchema,
  deleteProjectBodySchema,
  updateProjectBodySchema,
  type Permission,
} from '@basalt/contracts'
import { z } from 'zod'
import { actorOf } from '../http/session.ts'
import type { PlatformContext } from '../platform/context.ts'
import {
  deleteProject,
  getProjectDetail,
  listProjects,
  pauseProject,
  projectConnectionInfo,
  renameProject,
  revealProjectPassword,
  restoreProject,
} from '../platform/projects.ts'
import { addReplica, listProjectDatabases, removeReplica } from '../platform/replicas.ts'
import { refParams, type App } from './types.ts'

const replicaParams = refParams.extend({ id: z.string().min(1).max(100) })

const project = (permission: Permission) => ({ permission, scope: 'project' }) as const

export function projectRoutes(app: App, ctx: PlatformContext): void {
  app.get('/api/projects', { config: { auth: 'session' } }, async (req) => listProjects(ctx.db, req.auth!.user.id))

  app.get('/api/projects/:ref', { config: project('projects:read'), schema: { params: refParams } }, async (req) =>
    getProjectDetail(ctx, req.projectAccess!),
  )

  app.patch(
    '/api/projects/:ref',
    { config: project('projects:update'), schema: { params: refParams, body: updateProjectBodySchema } },
    async (req) => renameProject(ctx, req.projectAccess!, req.body.name, actorOf(req)),
  )

  app.post(
    '/api/projects/:ref/pause',
    { config: project('projects:update'), schema: { params: refParams } },
    async (req, reply) => reply.result(await pauseProject(ctx, req.projectAccess!, actorOf(req))),
  )

  app.post(
    '/api/projects/:ref/restore',
    { config: project('projects:update'), schema: { params: refParams } },
    async (req, reply) => reply.result(await restoreProject(ctx, req.projectAccess!, actorOf(req))),
  )

  app.delete(
    '/api/projects/:ref',
    { config: project('projects:delete'), schema: { params: refParams, body: deleteProjectBodySchema } },
    async (req, reply) =>
      reply.result(await deleteProject(ctx, req.projectAccess!, req.body.confirm, actorOf(req)), 204),
  )

  // Settings → Database: how to connect as the project's admin role; the password only on request.
  app.get(
    '/api/projects/:ref/database/connection',
    { config: project('settings:read'), schema: { params: refParams } },
    async (req) => projectConnectionInfo(ctx, req.projectAccess!),
  )

  app.post(
    '/api/projects/:ref/database/password',
    { config: project('settings:write'), schema: { params: refParams } },
    async (req, reply) => reply.result(await revealProjectPassword(ctx, req.projectAccess!, actorOf(req))),
  )

  app.get(
    '/api/platform/projects/:ref/databases',
    { config: project('projects:read'), schema: { params: refParams } },
    async (req) => listProjectDatabases(ctx, req.projectAccess!),
  )

  // Read replicas (Settings → Infrastructure): a hot standby of the project's own cluster, or for a project
  // attached by connection string, a standby of its database by connection string.
  app.post(
    '/api/projects/:ref/replicas',
    { config: project('projects:update'), schema: { params: refParams, body: addReplicaBodySchema.nullish() } },
    async (req, reply) => reply.result(await addReplica(ctx, req.projectAccess!, actorOf(req), req.body ?? {}), 201),
  )

  app.delete(
    '/api/projects/:ref/replicas/:id',
    { config: project('projects:update'), schema: { params: replicaParams } },
    async (req, reply) => reply.result(await removeReplica(ctx, req.projectAccess!, req.params.id, actorOf(req)), 204),
  )
}
