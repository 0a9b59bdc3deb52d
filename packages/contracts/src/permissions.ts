import { z } from 'zod'

/** A member's role in one organisation. */
export const ORG_ROLES = ['owner', 'administrator', 'developer', 'read_only'] as const
export const orgRoleSchema = z.enum(ORG_ROLES)
export type OrgRole = z.infer<typeof orgRoleSchema>

export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  developer: 'Developer',
  read_only: 'Read-only',
}

/**
 * The permission checks of spec 1 §6 and spec 2 §6, plus the platform's own (members, projects,
 * organisation settings). The server enforces them on every route; the web app only mirrors them.
 */
export const PERMISSIONS = [
  'org:read',
  'org:update',
  'org:delete',
  'members:read',
  'members:manage',
  'projects:read',
  'projects:create',
  'projects:update',
  'projects:delete',
  'billing:read',
  'billing:invoices',
  'tenant_sql:read',
  'tenant_sql:write',
  'policies:write',
  'tables:write',
  'storage:read',
  'storage:write',
  'auth:read',
  'auth:write',
  'user_content:create',
  'analytics:read',
  'settings:read',
  'settings:write',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const READ_ONLY: Permission[] = [
  'org:read',
  'members:read',
  'projects:read',
  'tenant_sql:read',
  'storage:read',
  'auth:read',
  'analytics:read',
  'settings:read',
]

const DEVELOPER: Permission[] = [
  ...READ_ONLY,
  'tenant_sql:write',
  'policies:write',
  'tables:write',
  'storage:write',
  'auth:write',
  'user_content:create',
]

const ADMINISTRATOR: Permission[] = [
  ...DEVELOPER,
  'org:update',
  'members:manage',
  'projects:create',
  'projects:update',
  'projects:delete',
  'billing:read',
  'settings:write',
]

const OWNER: Permission[] = [...ADMINISTRATOR, 'org:delete', 'billing:invoices']

/**
 * What each organisation role may do.
 *
 * @example
 *   can('developer', 'tenant_sql:write') // true
 *   can('read_only', 'tenant_sql:write') // false
 */
export const ROLE_PERMISSIONS: Record<OrgRole, ReadonlySet<Permission>> = {
  owner: new Set(OWNER),
  administrator: new Set(ADMINISTRATOR),
  developer: new Set(DEVELOPER),
  read_only: new Set(READ_ONLY),
}

export function can(role: OrgRole | null | undefined, permission: Permission): boolean {
  return role != null && ROLE_PERMISSIONS[role].has(permission)
}

export function permissionsOf(role: OrgRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]]
}
