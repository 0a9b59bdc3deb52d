import type pg from 'pg'
import {
  fail,
  ok,
  permissionsOf,
  TYPE_TO_CONFIRM_MISMATCH,
  type CreateProjectBody,
  type OrgRole,
  type Project,
  type ProjectDatabase,
  type ProjectDetail,
  type ProjectStatus,
  type Result,
} from '@basalt/contracts'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import { writeAudit } from './audit.ts'
import type { Actor, PlatformContext } from './context.ts'
import type { Membership } from './organizations.ts'
import { newProjectRef } from './secrets.ts'

export interface ProjectRow {
  id: string
  ref: string
  name: string
  organization_id: string | null
  status: ProjectStatus
  status_message: string | null
  kind: 'embedded' | 'external'
  database_name: string | null
  connection_string_encrypted: string | null
  created_at: Date
  organization_slug: string
  organization_name: string
}

/** A project as its members see it, with their role in its organisation. */
export interface ProjectAccess {
  project: ProjectRow
  role: OrgRole
}

const SELECT_PROJECT = `
  select p.*, o.slug as organization_slug, o.name as organization_name
    from basalt.projects p join basalt.organizations o on o.id = p.organization_id`

export const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  ref: r.ref,
  name: r.name,
  status: r.status,
  statusMessage: r.status_message,
  organizationSlug: r.organization_slug,
  organizationName: r.organization_name,
  kind: r.kind,
  createdAt: r.created_at.toISOString(),
})

/** Every project of every organisation the user belongs to. */
export async function listProjects(db: pg.Pool, userId: string): Promise<Project[]> {
  const { rows } = await db.query<ProjectRow>(
    `${SELECT_PROJECT} join basalt.members m on m.organization_id = p.organization_id and m.user_id = $1
      order by o.name, p.name, p.created_at`,
    [userId],
  )
  return rows.map(toProject)
}

/** The project with this ref if the user is a member of its organisation; null otherwise (no leak of existence). */
/**
 * An SQL expression: the access of user `userId` to project `ref` (both SQL expressions, e.g. bind
 * parameters) as JSON `{ project, role }`, null when the project does not exist or the user is not a
 * member of its organisation. Read it back with {@link projectAccessFromJson}. Other queries embed it to
 * learn the access in the same round trip (the session lookup of a project route does).
 */
export const projectAccessJson = (ref: string, userId: string) => `(
  select jsonb_build_object(
    'project', to_jsonb(p) || jsonb_build_object('organization_slug', o.slug, 'organization_name', o.name),
    'role', m.role)
    from basalt.projects p join basalt.organizations o on o.id = p.organization_id
    join basalt.members m on m.organization_id = p.organization_id and m.user_id = ${userId}
   where p.ref = ${ref})`

export function projectAccessFromJson(
  json: { project: Omit<ProjectRow, 'created_at'> & { created_at: string }; role: OrgRole } | null,
): ProjectAccess | null {
  if (!json) return null
  return { project: { ...json.project, created_at: new Date(json.project.created_at) }, role: json.role }
}

export async function findProjectAccess(db: pg.Pool, ref: string, userId: string): Promise<ProjectAccess | null> {
  const { rows } = await db.query(`select ${projectAccessJson('$1', '$2::uuid')} as access`, [ref, userId])
  return projectAccessFromJson(rows[0]?.access ?? null)
}

/** The superuser-or-owner connection string of a project's database; never sent to the browser. */
export function projectConnectionString(
  ctx: PlatformContext,
  p: Pick<ProjectRow, 'kind' | 'database_name' | 'connection_string_encrypted'>,
): string {
  if (p.kind === 'embedded') return ctx.projectDatabases.urlFor(p.database_name!)
  return decryptSecret(ctx.config.encryptionKey, p.connection_string_encrypted!)
}

/**
 * The pool of an active project's database, for data and metadata calls. Paused, failed and still-starting
 * projects are refused with 'project_not_ready'.
 */
export function projectPool(ctx: PlatformContext, p: ProjectRow): Result<pg.Pool> {
  if (p.status !== 'active') {
    const why = { coming_up: 'is still coming up', inactive: 'is paused', failed: 'failed to start' }[p.status]
    return fail('project_not_ready', `Project ${p.name} ${why}`)
  }
  return ok(ctx.projectPools.get(p.ref, () => projectConnectionString(ctx, p)))
}

async function setStatus(db: pg.Pool, id: string, status: ProjectStatus, message: string | null = null): Promise<void> {
  await db.query('update basalt.projects set status = $2, status_message = $3 where id = $1', [id, status, message])
}

/**
 * Brings a project up: creates its embedded database when missing, bootstraps it (idempotent) and marks it
 * active, or failed with the reason. Runs in the background after a create or restore call has answered,
 * and at start for projects a stopped server left coming up.
 */
async function bringUp(
  ctx: PlatformContext,
  p: Pick<ProjectRow, 'id' | 'kind' | 'database_name' | 'connection_string_encrypted'>,
): Promise<void> {
  try {
    if (p.kind === 'embedded' && !(await ctx.projectDatabases.databaseExists(p.database_name!))) {
      // Another replica resuming the same project may create it first: that is as good.
      await ctx.projectDatabases.createDatabase(p.database_name!).catch((err: unknown) => {
        if ((err as { code?: string }).code !== '42P04') throw err
      })
    }
    await ctx.projectDatabases.bootstrap(projectConnectionString(ctx, p))
    await setStatus(ctx.db, p.id, 'active')
  } catch (err) {
    await setStatus(ctx.db, p.id, 'failed', err instanceof Error ? err.message : String(err)).catch(() => {})
  }
}

/**
 * Resumes bringing up the projects still coming up when the server stopped (a crash or a restart during
 * provisioning), in the background; the default project is ensureDefaultProject's. Returns how many.
 */
export async function resumeComingUp(ctx: PlatformContext): Promise<number> {
  const { rows } = await ctx.db.query<ProjectRow>(
    "select * from basalt.projects where status = 'coming_up' and ref <> $1",
    [DEFAULT_PROJECT_REF],
  )
  for (const p of rows) ctx.background(() => bringUp(ctx, p))
  return rows.length
}

/**
 * Without a connection string: a new database on Basalt's own server. With one: an existing database,
 * tested before anything is saved. Either way the answer comes at once with status 'coming_up' and the
 * database is created and bootstrapped in the background.
 */
export async function createProject(
  ctx: PlatformContext,
  m: Membership,
  body: CreateProjectBody,
  actor: Actor,
): Promise<Result<Project>> {
  let encrypted: string | null = null
  if (body.connectionString) {
    const tested = await ctx.projectDatabases.testConnection(body.connectionString)
    if (!tested.ok) return tested
    encrypted = encryptSecret(ctx.config.encryptionKey, body.connectionString)
  }
  const ref = newProjectRef()
  const kind = encrypted ? 'external' : 'embedded'
  const { rows } = await ctx.db.query<ProjectRow>(
    `insert into basalt.projects (ref, name, organization_id, status, kind, database_name, connection_string_encrypted)
     values ($1, $2, $3, 'coming_up', $4, $5, $6) returning *`,
    [
      ref,
      body.name,
      m.organization.id,
      kind,
      kind === 'embedded' ? ctx.projectDatabases.databaseNameFor(ref) : null,
      encrypted,
    ],
  )
  const row = { ...rows[0]!, organization_slug: m.organization.slug, organization_name: m.organization.name }
  await writeAudit(ctx.db, {
    action: 'project.create',
    actor,
    organization: m.organization,
    target: ref,
    details: { name: body.name, kind },
  })
  ctx.background(() => bringUp(ctx, row))
  return ok(toProject(row))
}

async function hasPgNet(ctx: PlatformContext, p: ProjectRow): Promise<boolean> {
  const pool = projectPool(ctx, p)
  if (!pool.ok) return false
  try {
    const { rows } = await pool.data.query(
      `select exists (select 1 from pg_extension where extname = 'pg_net') as installed`,
    )
    return rows[0]?.installed === true
  } catch {
    return false
  }
}

export async function getProjectDetail(ctx: PlatformContext, a: ProjectAccess): Promise<ProjectDetail> {
  return {
    ...toProject(a.project),
    role: a.role,
    permissions: permissionsOf(a.role),
    features: {
      pgNet: await hasPgNet(ctx, a.project),
      // No add-ons exist yet.
      pitr: false,
      services: { auth: true, storage: true, realtime: false },
    },
  }
}

const orgOf = (p: ProjectRow) => ({ id: p.organization_id!, slug: p.organization_slug })

export async function renameProject(
  ctx: PlatformContext,
  a: ProjectAccess,
  name: string,
  actor: Actor,
): Promise<Project> {
  await ctx.db.query('update basalt.projects set name = $2 where id = $1', [a.project.id, name])
  await writeAudit(ctx.db, {
    action: 'project.rename',
    actor,
    organization: orgOf(a.project),
    target: a.project.ref,
    details: { from: a.project.name, to: name },
  })
  return toProject({ ...a.project, name })
}

/** Pausing closes the project's pools; data calls are refused until it is restored. */
export async function pauseProject(ctx: PlatformContext, a: ProjectAccess, actor: Actor): Promise<Result<Project>> {
  if (a.project.status !== 'active') return fail('conflict', 'Only an active project can be paused')
  await setStatus(ctx.db, a.project.id, 'inactive')
  await ctx.projectPools.evict(a.project.ref)
  await writeAudit(ctx.db, { action: 'project.pause', actor, organization: orgOf(a.project), target: a.project.ref })
  return ok(toProject({ ...a.project, status: 'inactive', status_message: null }))
}

/** Restoring a paused or failed project brings it up again (bootstrap is idempotent). */
export async function restoreProject(ctx: PlatformContext, a: ProjectAccess, actor: Actor): Promise<Result<Project>> {
  const p = a.project
  if (p.status !== 'inactive' && p.status !== 'failed')
    return fail('conflict', 'Only a paused or failed project can be restored')
  await setStatus(ctx.db, p.id, 'coming_up')
  await writeAudit(ctx.db, { action: 'project.restore', actor, organization: orgOf(p), target: p.ref })
  ctx.background(() => bringUp(ctx, p))
  return ok(toProject({ ...p, status: 'coming_up', status_message: null }))
}

/**
 * Deletes a project after type-to-confirm with its name. An embedded project's database is dropped; an
 * external database is only detached, never touched.
 */
export async function deleteProject(
  ctx: PlatformContext,
  a: ProjectAccess,
  confirm: string,
  actor: Actor,
): Promise<Result<null>> {
  const p = a.project
  if (confirm !== p.name) return fail('bad_request', TYPE_TO_CONFIRM_MISMATCH)
  await ctx.projectPools.evict(p.ref)
  if (p.kind === 'embedded') await ctx.projectDatabases.dropDatabase(p.database_name!)
  await ctx.db.query('delete from basalt.projects where id = $1', [p.id])
  await writeAudit(ctx.db, {
    action: 'project.delete',
    actor,
    organization: orgOf(p),
    target: p.ref,
    details: { name: p.name, kind: p.kind },
  })
  return ok(null)
}

interface ConnectionId {
  ref: string
  database: 'primary'
}

/** The databases of a project (spec 2 §7): the primary; read replicas do not exist yet. */
export function listProjectDatabases(ctx: PlatformContext, a: ProjectAccess): ProjectDatabase[] {
  const id: ConnectionId = { ref: a.project.ref, database: 'primary' }
  return [
    {
      identifier: a.project.ref,
      type: 'primary',
      status: a.project.status,
      connectionId: encryptSecret(ctx.config.encryptionKey, JSON.stringify(id)),
    },
  ]
}

/**
 * Reads an `x-connection-encrypted` header value for a project. Anything that does not decrypt to this
 * project's id is refused, so a header from one project cannot reach another.
 */
export function parseConnectionId(ctx: PlatformContext, ref: string, header: string | undefined): Result<ConnectionId> {
  if (!header) return ok({ ref, database: 'primary' })
  try {
    const id = JSON.parse(decryptSecret(ctx.config.encryptionKey, header)) as ConnectionId
    if (id.ref === ref && id.database === 'primary') return ok(id)
  } catch {
    // falls through to the refusal
  }
  return fail('bad_request', 'Invalid x-connection-encrypted header')
}

export const DEFAULT_PROJECT_REF = 'default'
export const DEFAULT_PROJECT_NAME = 'Default project'

/**
 * At start-up: the project 'default' and its database `basalt_project_default` on Basalt's own server
 * (the embedded cluster, or the PLATFORM_DATABASE_URL server). Created on a fresh install (no users yet)
 * and always in self-hosted mode; it belongs to no organisation until the first sign-up adopts it (or, when
 * organisations already exist, to the oldest one). Once it exists, its database is re-created if missing and
 * bootstrapped (idempotent, quick when up to date). Returns the superuser URL of its database, or null when
 * there is none (a hosted install whose default project was deleted).
 */
export async function ensureDefaultProject(
  ctx: PlatformContext,
  { databaseName = 'basalt_project_default' } = {},
): Promise<string | null> {
  const { rows } = await ctx.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [DEFAULT_PROJECT_REF])
  let project = rows[0]
  if (!project) {
    const { rows: users } = await ctx.db.query('select 1 from basalt.users limit 1')
    if (users.length > 0 && ctx.config.mode !== 'self-hosted') return null
    const inserted = await ctx.db.query<ProjectRow>(
      `insert into basalt.projects (ref, name, organization_id, status, kind, database_name)
       values ($1, $2, (select id from basalt.organizations order by created_at limit 1), 'coming_up', 'embedded', $3)
       on conflict (ref) do update set ref = excluded.ref returning *`,
      [DEFAULT_PROJECT_REF, DEFAULT_PROJECT_NAME, databaseName],
    )
    project = inserted.rows[0]!
  }
  if (project.kind !== 'embedded') return null
  const url = ctx.projectDatabases.urlFor(project.database_name!)
  if (project.status === 'inactive') return url
  if (!(await ctx.projectDatabases.databaseExists(project.database_name!)))
    await ctx.projectDatabases.createDatabase(project.database_name!)
  await ctx.projectDatabases.bootstrap(url)
  if (project.status !== 'active') await setStatus(ctx.db, project.id, 'active')
  return url
}
