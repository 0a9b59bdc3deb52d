import { fail, type OrgRole, type ProjectStatus, type Result } from '@basalt/contracts'

/*
 * A project as the platform store records it, and a member's access to it: what the project database layer
 * (db/) connects by. The platform (platform/projects.ts) reads and writes these rows.
 */

export interface ProjectRow {
  id: string
  ref: string
  name: string
  organization_id: string | null
  status: ProjectStatus
  status_message: string | null
  /** A branch's parent project (backups/: branches). */
  parent_project_ref?: string | null
  kind: 'embedded' | 'external'
  database_name: string | null
  connection_string_encrypted: string | null
  admin_role: string | null
  admin_password_encrypted: string | null
  readonly_role: string | null
  readonly_password_encrypted: string | null
  cluster_port: number | null
  statement_timeout_ms: number
  created_at: Date
  organization_slug: string
  organization_name: string
}

/** A project as its members see it, with their role in its organisation. */
export interface ProjectAccess {
  project: ProjectRow
  role: OrgRole
}

/** A refusal for calls on a project that is not running, or null when it is active. */
export function notReady(p: ProjectRow): Result<never> | null {
  if (p.status === 'active') return null
  const why = { coming_up: 'is still coming up', inactive: 'is paused', failed: 'failed to start' }[p.status]
  return fail('project_not_ready', `Project ${p.name} ${why}`)
}
