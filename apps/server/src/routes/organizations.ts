import { z } from 'zod'
import {
  createInvitationBodySchema,
  createOrganizationBodySchema,
  createProjectBodySchema,
  ok,
  pageQuerySchema,
  testConnectionBodySchema,
  updateMemberBodySchema,
  updateOrganizationBodySchema,
  type Permission,
} from '@basalt/contracts'
import { actorOf } from '../http/session.ts'
import { listOrganizationAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { takeProbe, testConnectionAs } from '../platform/connection-probes.ts'
import { createInvitation, listInvitations, revokeInvitation } from '../platform/invitations.ts'
import { listMembers, removeMember, updateMemberRole } from '../platform/members.ts'
import {
  createOrganization,
  deleteOrganization,
  listOrganizations,
  renameOrganization,
  toOrganization,
} from '../platform/organizations.ts'
import { createProject } from '../platform/projects.ts'
import { slugParams, type App } from './types.ts'

const org = (permission: Permission) => ({ permission, scope: 'org' }) as const
const memberParams = slugParams.extend({ userId: z.uuid({ message: 'Member not found' }) })
const invitationParams = slugParams.extend({ id: z.uuid({ message: 'Invitation not found' }) })

export function organizationRoutes(app: App, ctx: PlatformContext): void {
  app.get('/api/organizations', { config: { auth: 'session' } }, async (req) =>
    listOrganizations(ctx.db, req.auth!.user.id),
  )

  app.post(
    '/api/organizations',
    { config: { auth: 'session' }, schema: { body: createOrganizationBodySchema } },
    async (req, reply) => reply.code(201).send(await createOrganization(ctx.db, req.body.name, actorOf(req))),
  )

  app.get('/api/organizations/:slug', { config: org('org:read'), schema: { params: slugParams } }, async (req) =>
    toOrganization(req.membership!.organization, req.membership!.role),
  )

  app.patch(
    '/api/organizations/:slug',
    { config: org('org:update'), schema: { params: slugParams, body: updateOrganizationBodySchema } },
    async (req) => renameOrganization(ctx.db, req.membership!, req.body.name, actorOf(req)),
  )

  app.delete(
    '/api/organizations/:slug',
    { config: org('org:delete'), schema: { params: slugParams } },
    async (req, reply) => reply.result(await deleteOrganization(ctx.db, req.membership!, actorOf(req)), 204),
  )

  app.get(
    '/api/organizations/:slug/members',
    { config: org('members:read'), schema: { params: slugParams } },
    async (req) => listMembers(ctx.db, req.membership!.organization.id),
  )

  app.patch(
    '/api/organizations/:slug/members/:userId',
    { config: org('members:manage'), schema: { params: memberParams, body: updateMemberBodySchema } },
    async (req, reply) =>
      reply.result(
        await updateMemberRole(ctx.db, req.membership!, req.params.userId, req.body.role, actorOf(req)),
        204,
      ),
  )

  app.delete(
    '/api/organizations/:slug/members/:userId',
    { config: org('members:manage'), schema: { params: memberParams } },
    async (req, reply) =>
      reply.result(await removeMember(ctx.db, req.membership!, req.params.userId, actorOf(req)), 204),
  )

  app.get(
    '/api/organizations/:slug/invitations',
    { config: org('members:manage'), schema: { params: slugParams } },
    async (req) => listInvitations(ctx.db, req.membership!.organization.id),
  )

  app.post(
    '/api/organizations/:slug/invitations',
    { config: org('members:manage'), schema: { params: slugParams, body: createInvitationBodySchema } },
    async (req, reply) =>
      reply.result(await createInvitation(ctx.db, ctx.config.publicUrl, req.membership!, req.body, actorOf(req)), 201),
  )

  app.delete(
    '/api/organizations/:slug/invitations/:id',
    { config: org('members:manage'), schema: { params: invitationParams } },
    async (req, reply) =>
      reply.result(await revokeInvitation(ctx.db, req.membership!, req.params.id, actorOf(req)), 204),
  )

  // The organisation's log shows every member's actions: for those who administer it (org:update).
  app.get(
    '/api/organizations/:slug/audit',
    { config: org('org:update'), schema: { params: slugParams, querystring: pageQuerySchema } },
    async (req) => listOrganizationAudit(ctx.db, req.membership!.organization.id, req.query.page),
  )

  app.post(
    '/api/organizations/:slug/projects',
    { config: org('projects:create'), schema: { params: slugParams, body: createProjectBodySchema } },
    async (req, reply) => {
      // An existing database is reached at an address the caller chose: a probe like a connection test.
      const probe = req.body.connectionString ? await takeProbe(ctx, req.auth!.user.id) : ok(null)
      if (!probe.ok) return reply.result(probe)
      return reply.result(await createProject(ctx, req.membership!, req.body, actorOf(req)), 201)
    },
  )

  // Probing a connection string before creating a project from it: as gated as creating one.
  app.post(
    '/api/organizations/:slug/projects/test-connection',
    { config: org('projects:create'), schema: { params: slugParams, body: testConnectionBodySchema } },
    async (req, reply) => reply.result(await testConnectionAs(ctx, req.auth!.user.id, req.body.connectionString)),
  )
}
