import type { FastifyInstance, RouteOptions } from 'fastify'
import { can, type OrgRole, type Permission } from '@basalt/contracts'
import type { PlatformContext } from '../platform/context.ts'
import { findMembership, type Membership } from '../platform/organizations.ts'
import { findProjectAccess, type ProjectAccess } from '../platform/projects.ts'
import { sendFailure } from './errors.ts'
import { preloadedProjectAccess } from './session.ts'

/**
 * What a route requires, declared in its `config`. Every /api route must declare one of:
 * - `{ auth: 'public' }` — anyone;
 * - `{ auth: 'session' }` — any signed-in user (`allowAal1: true` also admits a session still waiting for
 *   its second factor: MFA verify, sign-out, reading the session);
 * - `{ permission, scope }` — a member of the organisation (`:slug`) or of the project's organisation
 *   (`:ref`) whose role grants the permission.
 */
export type RouteAccess =
  { auth: 'public' } | { auth: 'session'; allowAal1?: boolean } | { permission: Permission; scope: 'org' | 'project' }

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'public' | 'session'
    allowAal1?: boolean
    permission?: Permission
    scope?: 'org' | 'project'
  }
  interface FastifyRequest {
    /** The caller's membership of the route's organisation (org-scoped routes). */
    membership: Membership | null
    /** The route's project and the caller's role in it (project-scoped routes). */
    projectAccess: ProjectAccess | null
  }
}

/** What the 403 message says the caller cannot do: "You need additional permissions to …". */
const ACTIONS: Record<Permission, string> = {
  'org:read': 'view this organization',
  'org:update': 'update this organization',
  'org:delete': 'delete this organization',
  'members:read': 'view the members of this organization',
  'members:manage': 'manage the members of this organization',
  'projects:read': 'view this project',
  'projects:create': 'create projects',
  'projects:update': 'update this project',
  'projects:delete': 'delete this project',
  'billing:read': 'view billing',
  'billing:invoices': 'view invoices',
  'tenant_sql:read': 'read this database',
  'tenant_sql:write': 'change this database',
  'policies:write': 'edit RLS policies',
  'tables:write': 'change tables',
  'storage:read': 'view storage',
  'storage:write': 'change storage',
  'auth:read': 'view auth users',
  'auth:write': 'change auth users',
  'user_content:create': 'save queries and reports',
  'analytics:read': 'view logs and reports',
  'settings:read': 'view project settings',
  'settings:write': 'change project settings',
}

export const forbiddenMessage = (permission: Permission) => `You need additional permissions to ${ACTIONS[permission]}`

/** The access a route declared, or an explanation of what is wrong with its config. */
export function routeAccessOf(config: RouteOptions['config']): RouteAccess | string {
  const c = (config ?? {}) as Record<string, unknown>
  if (c.permission !== undefined) {
    if (c.auth !== undefined) return 'declares both auth and permission'
    if (c.scope !== 'org' && c.scope !== 'project') return "declares a permission without scope 'org' or 'project'"
    return { permission: c.permission as Permission, scope: c.scope }
  }
  if (c.auth === 'public') return { auth: 'public' }
  if (c.auth === 'session') return { auth: 'session', allowAal1: c.allowAal1 === true }
  return "declares no access: add config { auth: 'public' | 'session' } or { permission, scope }"
}

/**
 * Enforces each /api route's declared access before its body is validated, so that a caller without
 * access learns nothing from validation messages. A route without a declaration fails at start-up.
 */
export function registerPermissions(app: FastifyInstance, ctx: PlatformContext): void {
  app.decorateRequest('membership', null)
  app.decorateRequest('projectAccess', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    const access = routeAccessOf(route.config)
    if (typeof access === 'string') throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} ${access}`)
  })

  app.addHook('preValidation', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/api/')) return
    const access = routeAccessOf(req.routeOptions.config) as RouteAccess
    if ('auth' in access && access.auth === 'public') return
    const auth = req.auth
    if (!auth) return sendFailure(reply, 'unauthenticated', 'You must be signed in to do this')
    if (auth.needsMfa && !('allowAal1' in access && access.allowAal1)) {
      return sendFailure(reply, 'mfa_required', 'Verify your second factor to continue')
    }
    if (!('permission' in access)) return

    const params = req.params as { slug?: string; ref?: string }
    let role: OrgRole
    if (access.scope === 'org') {
      const membership = params.slug ? await findMembership(ctx.db, params.slug, auth.user.id) : null
      if (!membership) return sendFailure(reply, 'not_found', 'Organization not found')
      req.membership = membership
      role = membership.role
    } else {
      const preloaded = preloadedProjectAccess(req)
      const projectAccess =
        preloaded !== undefined
          ? preloaded
          : params.ref
            ? await findProjectAccess(ctx.db, params.ref, auth.user.id)
            : null
      if (!projectAccess) return sendFailure(reply, 'not_found', 'Project not found')
      req.projectAccess = projectAccess
      role = projectAccess.role
    }
    if (!can(role, access.permission)) return sendFailure(reply, 'forbidden', forbiddenMessage(access.permission))
  })
}
