import type pg from 'pg'
import {
  fail,
  ok,
  permissionsOf,
  TYPE_TO_CONFIRM_MISMATCH,
  type CreateProjectBody,
  type OrgRole,
  type Project,
  type ProjectDetail,
  type ProjectConnectionInfo,
  type ProjectPassword,
  type ProjectStatus,
  type Result,
} from '@basalt/contracts'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import { placementOf, projectPool, type ReplicaAddress } from '../db/connections.ts'
import { notReady, type ProjectAccess, type ProjectRow } from '../db/project-types.ts'
import { portIsFree } from '../db/ports.ts'
import { withSuperuser } from '../db/project-databases.ts'
import { ensureProjectRoles } from '../db/project-roles.ts'
import { writeAudit } from './audit.ts'
import type { Actor, PlatformContext } from './context.ts'
import type { Membership } from './organizations.ts'
import { findReplica, replicaAddress, startReplicas, type ConnectionId } from './replicas.ts'
import { newProjectRef, randomToken } from './secrets.ts'

export type { ProjectAccess, ProjectRow } from '../db/project-types.ts'
export { notReady } from '../db/project-types.ts'

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
  parentProjectRef: r.parent_project_ref ?? null,
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

export const PLATFORM_DATABASE_REFUSAL =
  "This is a Basalt platform database (it holds Basalt's own users and projects): it cannot be attached as a project"

async function setStatus(db: pg.Pool, id: string, status: ProjectStatus, message: string | null = null): Promise<void> {
  await db.query('update basalt.projects set status = $2, status_message = $3 where id = $1', [id, status, message])
}

/**
 * The project's login roles, named and given passwords once (kept encrypted in the platform store); a
 * second replica setting them up at the same moment reads the first one's.
 */
async function ensureCredentials(ctx: PlatformContext, p: ProjectRow): Promise<ProjectRow> {
  if (p.admin_role) return p
  const names = ctx.projectDatabases.roleNamesFor(p.ref)
  const secret = () => encryptSecret(ctx.config.encryptionKey, randomToken(24))
  await ctx.db.query(
    `update basalt.projects set admin_role = $2, admin_password_encrypted = $3, readonly_role = $4,
            readonly_password_encrypted = $5
      where id = $1 and admin_role is null`,
    [p.id, names.admin, secret(), names.readonly, secret()],
  )
  const { rows } = await ctx.db.query<ProjectRow>('select * from basalt.projects where id = $1', [p.id])
  return { ...p, ...rows[0]! }
}

/**
 * The port of the project's own cluster (embedded default): the first one above EMBEDDED_PG_PORT that no
 * other project has and nothing listens on, recorded once (a unique column, so two set-ups never share one).
 */
export async function ensureClusterPort(ctx: PlatformContext, p: ProjectRow): Promise<ProjectRow> {
  if (ctx.projectDatabases.kind !== 'clusters' || p.cluster_port !== null) return p
  const { rows: taken } = await ctx.db.query<{ cluster_port: number }>(
    'select cluster_port from basalt.projects where cluster_port is not null',
  )
  const used = new Set(taken.map((r) => r.cluster_port))
  for (let port = ctx.config.embeddedPgPort + 1; port < 65536; port++) {
    if (used.has(port) || !(await portIsFree(port))) continue
    try {
      const { rows } = await ctx.db.query<ProjectRow>(
        `update basalt.projects set cluster_port = coalesce(cluster_port, $2) where id = $1 returning *`,
        [p.id, port],
      )
      return { ...p, ...rows[0]! }
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err
    }
  }
  throw new Error('No free port for the project database')
}

/**
 * Brings a project up, each step idempotent: its roles' names and passwords, its cluster's port, its
 * server running and its database there (projects Basalt created), the bootstrap, and its roles and grants
 * (see ensureProjectRoles); then marks it active, or failed with the reason. Runs in the background after a
 * create or restore call has answered, and at start for every project that should be running.
 */
export async function bringUp(ctx: PlatformContext, row: ProjectRow): Promise<void> {
  await oneAtATime(ctx, row.ref, () => bringUpNow(ctx, row))
}

/**
 * Runs fn while holding the platform database's advisory lock of one project, so that replicas starting
 * together (or a restore racing a start) set a project up one after the other; each step being idempotent,
 * the second finds it done.
 */
async function oneAtATime(ctx: PlatformContext, ref: string, fn: () => Promise<void>): Promise<void> {
  const client = await ctx.db.connect()
  let broken = false
  try {
    await client.query(`select pg_advisory_lock(hashtext('basalt:project-setup'), hashtext($1))`, [ref])
    try {
      await fn()
    } finally {
      await client
        .query(`select pg_advisory_unlock(hashtext('basalt:project-setup'), hashtext($1))`, [ref])
        .catch(() => {
          broken = true
        })
    }
  } finally {
    client.release(broken)
  }
}

/**
 * The steps of a set-up, each idempotent; a test hook may stop the server after any of them. `recovery`: a
 * restore into the project (backups/) has its own postmaster up, replaying the WAL.
 */
export type SetupStep = 'credentials' | 'port' | 'recovery' | 'database' | 'bootstrap' | 'roles'

async function bringUpNow(ctx: PlatformContext, row: ProjectRow): Promise<void> {
  const done = async (step: SetupStep) => ctx.afterSetupStep?.(row.ref, step)
  try {
    if (row.kind === 'external') {
      await ctx.projectDatabases.bootstrap(decryptSecret(ctx.config.encryptionKey, row.connection_string_encrypted!))
      await done('bootstrap')
    } else {
      const credentialed = await ensureCredentials(ctx, row)
      await done('credentials')
      const p = await ensureClusterPort(ctx, credentialed)
      await done('port')
      // A restore waiting for this project (into it, or in place) makes its cluster from a backup first.
      await ctx.backups?.beforeStart(p)
      await ctx.projectDatabases.ensure(placementOf(p))
      await done('database')
      const superuserUrl = ctx.projectDatabases.superuserUrl(placementOf(p))
      await ctx.projectDatabases.bootstrap(superuserUrl, { superuser: true })
      await done('bootstrap')
      await withSuperuser(superuserUrl, (c) =>
        ensureProjectRoles(
          c,
          {
            admin: p.admin_role!,
            adminPassword: decryptSecret(ctx.config.encryptionKey, p.admin_password_encrypted!),
            readonly: p.readonly_role!,
            readonlyPassword: decryptSecret(ctx.config.encryptionKey, p.readonly_password_encrypted!),
          },
          { connectionLimit: ctx.config.projectMaxConnections },
        ),
      )
      await done('roles')
      await startReplicas(ctx, p)
    }
    if (row.status !== 'active') await setStatus(ctx.db, row.id, 'active')
    await ctx.backups?.afterStart(row).catch(() => {})
  } catch (err) {
    await setStatus(ctx.db, row.id, 'failed', err instanceof Error ? err.message : String(err)).catch(() => {})
  }
}

/**
 * At start: brings up, in parallel, every active project (on the embedded default their clusters start in
 * this process), and asks again for the set-up of those still coming up (their jobs are durable; asking
 * again is harmless) — except the default project, which is ensureDefaultProject's. Returns how many.
 */
export async function startProjects(ctx: PlatformContext): Promise<number> {
  const { rows } = await ctx.db.query<ProjectRow>(
    "select * from basalt.projects where status in ('coming_up', 'active') and ref <> $1",
    [DEFAULT_PROJECT_REF],
  )
  await Promise.all(rows.map((p) => (p.status === 'active' ? bringUp(ctx, p) : ctx.requestSetUp(p.ref))))
  return rows.length
}

/**
 * Runs the set-up a job asks for: the project as it is now, if it still waits for one (a project paused or
 * deleted meanwhile is left alone).
 */
export async function runSetUp(ctx: PlatformContext, ref: string): Promise<void> {
  const { rows } = await ctx.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
  const row = rows[0]
  if (row?.status === 'coming_up') await bringUp(ctx, row)
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
  /** Runs after the project is recorded and before its set-up is asked for (a restore into it: backups/). */
  beforeSetUp?: (row: ProjectRow) => Promise<void>,
): Promise<Result<Project>> {
  const { rows: counted } = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from basalt.projects where organization_id = $1',
    [m.organization.id],
  )
  if (counted[0]!.n >= ctx.config.orgProjectLimit) {
    return fail(
      'conflict',
      `This organization has ${ctx.config.orgProjectLimit} projects, the most it may have (ORG_PROJECT_LIMIT)`,
    )
  }
  let encrypted: string | null = null
  if (body.connectionString) {
    const tested = await ctx.projectDatabases.testConnection(body.connectionString)
    if (!tested.ok) return tested
    if (tested.data.platform) return fail('bad_request', PLATFORM_DATABASE_REFUSAL)
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
  await beforeSetUp?.(row)
  await ctx.requestSetUp(ref)
  return ok(toProject(row))
}

async function hasPgNet(ctx: PlatformContext, a: ProjectAccess): Promise<boolean> {
  if (notReady(a.project)) return false
  try {
    const { rows } = await projectPool(ctx, a).query(
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
      pgNet: await hasPgNet(ctx, a),
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

/** Pausing closes the project's pools and stops its own cluster; data calls are refused until it is restored. */
export async function pauseProject(ctx: PlatformContext, a: ProjectAccess, actor: Actor): Promise<Result<Project>> {
  if (a.project.status !== 'active') return fail('conflict', 'Only an active project can be paused')
  await setStatus(ctx.db, a.project.id, 'inactive')
  await ctx.events.publish({ kind: 'project_closed', ref: a.project.ref })
  await ctx.projectPools.evict(a.project.ref)
  if (a.project.kind === 'embedded') await ctx.projectDatabases.stop(placementOf(a.project))
  await writeAudit(ctx.db, { action: 'project.pause', actor, organization: orgOf(a.project), target: a.project.ref })
  return ok(toProject({ ...a.project, status: 'inactive', status_message: null }))
}

/** Restoring a paused or failed project brings it up again (bootstrap is idempotent). */
export async function restoreProject(ctx: PlatformContext, a: ProjectAccess, actor: Actor): Promise<Result<Project>> {
  const p = a.project
  // A project stuck coming up (its set-up lost, or still trying) may be asked again: the job is the same.
  if (p.status === 'active') return fail('conflict', 'The project is already running')
  await setStatus(ctx.db, p.id, 'coming_up')
  await writeAudit(ctx.db, { action: 'project.restore', actor, organization: orgOf(p), target: p.ref })
  await ctx.requestSetUp(p.ref)
  return ok(toProject({ ...p, status: 'coming_up', status_message: null }))
}

/**
 * Deletes a project after type-to-confirm with its name. A project Basalt created loses its database and
 * roles (its whole cluster on the embedded default); an external database is only detached, never touched.
 */
export async function deleteProject(
  ctx: PlatformContext,
  a: ProjectAccess,
  confirm: string,
  actor: Actor,
): Promise<Result<null>> {
  const p = a.project
  if (confirm !== p.name) return fail('bad_request', TYPE_TO_CONFIRM_MISMATCH)
  await ctx.events.publish({ kind: 'project_closed', ref: p.ref })
  await ctx.projectPools.evict(p.ref)
  if (p.kind === 'embedded') await ctx.projectDatabases.remove(placementOf(p))
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

/**
 * Reads an `x-connection-encrypted` header value for a project: the primary or one of its read replicas.
 * Anything that does not decrypt to this project's id is refused, so a header from one project cannot reach
 * another.
 */
export function parseConnectionId(ctx: PlatformContext, ref: string, header: string | undefined): Result<ConnectionId> {
  if (!header) return ok({ ref, database: 'primary' })
  try {
    const id = JSON.parse(decryptSecret(ctx.config.encryptionKey, header)) as ConnectionId
    // A replica's id is checked against the project's replicas by the executor.
    if (id.ref === ref && typeof id.database === 'string') return ok(id)
  } catch {
    // falls through to the refusal
  }
  return fail('bad_request', 'Invalid x-connection-encrypted header')
}

/**
 * The database an `x-connection-encrypted` header chooses for a call: the primary, or one of the project's
 * read replicas that runs (its address then).
 */
export async function resolveDatabase(
  ctx: PlatformContext,
  a: ProjectAccess,
  header: string | undefined,
): Promise<Result<{ database: string; replica?: ReplicaAddress }>> {
  const connection = parseConnectionId(ctx, a.project.ref, header)
  if (!connection.ok) return connection
  const { database } = connection.data
  if (database === 'primary') return ok({ database })
  const row = await findReplica(ctx.db, a.project.id, database)
  if (!row) return fail('bad_request', 'Invalid x-connection-encrypted header')
  if (row.status !== 'active') {
    const why = row.status === 'failed' ? 'failed to start' : 'is still coming up'
    return fail('project_not_ready', `Read replica ${row.identifier} ${why}`)
  }
  return ok({ database, replica: replicaAddress(ctx, a.project, row) })
}

export const DEFAULT_PROJECT_REF = 'default'
export const DEFAULT_PROJECT_NAME = 'Default project'

/**
 * At start-up: the project 'default' and its database on Basalt's own servers (its own cluster on the
 * embedded default, or a database on the PLATFORM_DATABASE_URL server). Created on a fresh install (no users
 * yet) and always in self-hosted mode; it belongs to no organisation until the first sign-up adopts it (or,
 * when organisations already exist, to the oldest one). Once it exists it is brought up like any project.
 * Returns the project, or null when there is none (a hosted install whose default project was deleted).
 */
export async function ensureDefaultProject(ctx: PlatformContext): Promise<ProjectRow | null> {
  const { rows } = await ctx.db.query<ProjectRow>('select * from basalt.projects where ref = $1', [DEFAULT_PROJECT_REF])
  let project = rows[0]
  if (!project) {
    const { rows: users } = await ctx.db.query('select 1 from basalt.users limit 1')
    if (users.length > 0 && ctx.config.mode !== 'self-hosted') return null
    const inserted = await ctx.db.query<ProjectRow>(
      `insert into basalt.projects (ref, name, organization_id, status, kind, database_name)
       values ($1, $2, (select id from basalt.organizations order by created_at limit 1), 'coming_up', 'embedded', $3)
       on conflict (ref) do update set ref = excluded.ref returning *`,
      [DEFAULT_PROJECT_REF, DEFAULT_PROJECT_NAME, ctx.projectDatabases.databaseNameFor(DEFAULT_PROJECT_REF)],
    )
    project = inserted.rows[0]!
  }
  if (project.kind !== 'embedded' || project.status === 'inactive') return project
  await bringUp(ctx, project)
  const { rows: after } = await ctx.db.query<ProjectRow>('select * from basalt.projects where id = $1', [project.id])
  return after[0]!
}

/**
 * How to connect to the project's database as its admin role (Settings → Database). For a project attached
 * by connection string: that string's parts, and whether its role is a superuser (asked of the database).
 */
export async function projectConnectionInfo(ctx: PlatformContext, a: ProjectAccess): Promise<ProjectConnectionInfo> {
  const p = a.project
  let target: { host: string; port: number; database: string; user: string }
  let superuser = false
  if (p.kind === 'external') {
    const connectionString = decryptSecret(ctx.config.encryptionKey, p.connection_string_encrypted!)
    const u = new URL(connectionString)
    target = {
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port: Number(u.port || 5432),
      database: decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username),
      user: decodeURIComponent(u.username),
    }
    const tested = await ctx.projectDatabases.testConnection(connectionString)
    superuser = tested.ok && tested.data.superuser
  } else {
    target = {
      ...ctx.projectDatabases.address(placementOf(p)),
      database: p.database_name!,
      user: p.admin_role ?? ctx.projectDatabases.roleNamesFor(p.ref).admin,
    }
  }
  return {
    ...target,
    passwordAvailable: p.kind === 'embedded' && p.admin_password_encrypted !== null,
    psql: `psql -h ${target.host} -p ${target.port} -U ${shellWord(target.user)} -d ${shellWord(target.database)}`,
    superuser,
  }
}

/** A word for a POSIX shell: as it is when plain, else in single quotes. */
const shellWord = (word: string) => (/^[\w.@%+=:,/-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)

/** The admin role's password, for Owners and Administrators (audited); null when Basalt does not hold it. */
export async function revealProjectPassword(
  ctx: PlatformContext,
  a: ProjectAccess,
  actor: Actor,
): Promise<Result<ProjectPassword>> {
  const p = a.project
  if (p.kind !== 'embedded' || !p.admin_password_encrypted) {
    return fail('not_found', 'Basalt does not hold this password: it is the one in the connection string')
  }
  await writeAudit(ctx.db, { action: 'project.password_reveal', actor, organization: orgOf(p), target: p.ref })
  return ok({ password: decryptSecret(ctx.config.encryptionKey, p.admin_password_encrypted) })
}

/** Closes this server's pools of every project that is not active (after missed events). */
export async function evictInactive(ctx: PlatformContext): Promise<void> {
  const { rows } = await ctx.db.query<{ ref: string }>("select ref from basalt.projects where status <> 'active'")
  await Promise.all(rows.map((r) => ctx.projectPools.evict(r.ref)))
}
