import {
  can,
  ok,
  revealProjectApiSecretBodySchema,
  rollProjectJwtSecretBodySchema,
  type ProjectApiSecretValue,
  type Result,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import { actorOf } from '../http/session.ts'
import { writeAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { projectApiSettings, projectKeys, rollProjectJwtSecret, secretText } from '../storage/project-keys.ts'
import { refParams, type App } from './types.ts'

const BASE = '/api/projects/:ref/settings/api'
/** Every member sees the URL and the anon key; only Owners and Administrators (settings:write) see the rest. */
const read = { permission: 'settings:read', scope: 'project' } as const
const admin = { permission: 'settings:write', scope: 'project' } as const

/**
 * Settings → API (issue 25, point 1): the project URL, the anon key, and — for Owners and Administrators — the
 * service_role key and JWT secret on request, and rolling the secret. Reveals and rolls are audited with the
 * project and what was revealed (never the value).
 */
export function projectApiKeyRoutes(app: App, ctx: PlatformContext): void {
  const audit = async (req: FastifyRequest, action: string, details: Record<string, unknown>) => {
    const p = req.projectAccess!.project
    await writeAudit(ctx.db, {
      action,
      actor: actorOf(req),
      organization: p.organization_id ? { id: p.organization_id, slug: p.organization_slug } : null,
      target: p.ref,
      details: { project: p.ref, ...details },
    })
  }

  app.get(BASE, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await projectApiSettings(ctx, req.params.ref, can(req.projectAccess!.role, 'settings:write'))),
  )

  app.post(
    `${BASE}/reveal`,
    { config: admin, schema: { params: refParams, body: revealProjectApiSecretBodySchema } },
    async (req, reply) => {
      const found = await projectKeys(ctx, req.params.ref)
      if (!found) return reply.result({ ok: false, error: { code: 'not_found', message: 'Project not found' } })
      const { secret } = req.body
      await audit(req, 'project.api_secret_reveal', { secret })
      const value = secret === 'service_role' ? found.keys.serviceRole : secretText(found.secret)
      return reply.result(ok({ secret, value }) as Result<ProjectApiSecretValue>)
    },
  )

  app.post(
    `${BASE}/roll`,
    { config: admin, schema: { params: refParams, body: rollProjectJwtSecretBodySchema } },
    async (req, reply) => {
      await rollProjectJwtSecret(ctx, req.params.ref)
      await audit(req, 'project.jwt_secret_roll', {})
      return reply.result(await projectApiSettings(ctx, req.params.ref, true))
    },
  )
}
