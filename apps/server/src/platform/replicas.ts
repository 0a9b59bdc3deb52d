import type pg from 'pg'
import { fail, ok, type AddReplicaBody, type ProjectDatabase, type Result } from '@basalt/contracts'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import { placementOf, type ReplicaAddress } from '../db/connections.ts'
import { portIsFree } from '../db/ports.ts'
import { REPLICAS_NEED_CLUSTERS, withClient } from '../db/project-databases.ts'
import { checkStandby } from '../db/replicas.ts'
import { writeAudit } from './audit.ts'
import { takeProbe } from './connection-probes.ts'
import type { Actor, PlatformContext } from './context.ts'
import type { ProjectAccess, ProjectRow } from './projects.ts'
import { randomToken } from './secrets.ts'

export interface ReplicaRow {
  id: string
  project_id: string
  identifier: string
  status: 'coming_up' | 'active' | 'failed'
  status_message: string | null
  /** The port of Basalt's own standby cluster; null for a replica added by connection string. */
  cluster_port: number | null
  /** A replica added by connection string: that string, encrypted (like an attached project's). */
  connection_string_encrypted: string | null
  created_at: Date
}

/** How many read replicas one project may have. */
export const MAX_REPLICAS = 2

/** How many standbys added by connection string one project may have (they cost Basalt no cluster). */
export const MAX_ATTACHED_REPLICAS = 10

/** An embedded project's replica is Basalt's to make: it takes no connection string. */
export const REPLICA_MADE_BY_BASALT =
  'Basalt makes the read replicas of a project on its embedded cluster: add one without a connection string'

/** A project attached by connection string gets read replicas the same way. */
export const REPLICA_NEEDS_CONNECTION_STRING =
  'Add a read replica of an attached database by the connection string of a hot standby of it'

export const REPLICA_ALREADY_ADDED = 'This read replica was added already'

/**
 * Any failure to log in with a replica's connection string: a closed port, a server that is not Postgres, an
 * unknown host, role or database and a wrong password all answer this, so that adding replicas tells nobody
 * what listens where inside the operator's network.
 */
export const REPLICA_UNREACHABLE =
  'Could not log in to a Postgres server with this connection string: check its host, port, user name, password and database name'

/** What `x-connection-encrypted` carries (encrypted): the project and one of its databases. */
export interface ConnectionId {
  ref: string
  /** 'primary', or the id of a read replica. */
  database: string
}

const connectionIdOf = (ctx: PlatformContext, id: ConnectionId) =>
  encryptSecret(ctx.config.encryptionKey, JSON.stringify(id))

export async function listReplicas(db: pg.Pool, projectId: string): Promise<ReplicaRow[]> {
  const { rows } = await db.query<ReplicaRow>(
    'select * from basalt.project_replicas where project_id = $1 order by created_at',
    [projectId],
  )
  return rows
}

/** The replica of this project with this id or identifier (`<ref>-rr-…`, as the databases list shows it). */
export async function findReplica(db: pg.Pool, projectId: string, id: string): Promise<ReplicaRow | null> {
  const { rows } = await db.query<ReplicaRow>(
    'select * from basalt.project_replicas where project_id = $1 and (id::text = $2 or identifier = $2)',
    [projectId, id],
  )
  return rows[0] ?? null
}

/** The databases of a project (spec 2 §7): the primary, then its read replicas. */
export async function listProjectDatabases(ctx: PlatformContext, a: ProjectAccess): Promise<ProjectDatabase[]> {
  const p = a.project
  const replicas = await listReplicas(ctx.db, p.id)
  return [
    {
      identifier: p.ref,
      type: 'primary',
      status: p.status,
      connectionId: connectionIdOf(ctx, { ref: p.ref, database: 'primary' }),
    },
    ...replicas.map((r) => ({
      identifier: r.identifier,
      type: 'read_replica' as const,
      status: r.status,
      connectionId: connectionIdOf(ctx, { ref: p.ref, database: r.id }),
    })),
  ]
}

/** A port above EMBEDDED_PG_PORT that no project, no replica and no other process uses. */
async function freeClusterPort(ctx: PlatformContext): Promise<number> {
  const { rows } = await ctx.db.query<{ port: number }>(
    `select cluster_port as port from basalt.projects where cluster_port is not null
     union select cluster_port from basalt.project_replicas where cluster_port is not null`,
  )
  const used = new Set(rows.map((r) => r.port))
  for (let port = ctx.config.embeddedPgPort + 1; port < 65536; port++) {
    if (!used.has(port) && (await portIsFree(port))) return port
  }
  throw new Error('No free port for the replica')
}

/** Starts a replica (making it first when new), and records whether it runs. */
export async function bringUpReplica(ctx: PlatformContext, p: ProjectRow, r: ReplicaRow): Promise<void> {
  try {
    await ctx.projectDatabases.ensureReplica(placementOf(p), { id: r.id, port: r.cluster_port! })
    await ctx.db.query(`update basalt.project_replicas set status = 'active', status_message = null where id = $1`, [
      r.id,
    ])
  } catch (err) {
    await ctx.db
      .query(`update basalt.project_replicas set status = 'failed', status_message = $2 where id = $1`, [
        r.id,
        err instanceof Error ? err.message : String(err),
      ])
      .catch(() => {})
  }
}

/** Starts every replica of a project that runs (after its primary is up). */
export async function startReplicas(ctx: PlatformContext, p: ProjectRow): Promise<void> {
  if (ctx.projectDatabases.kind !== 'clusters' || p.kind !== 'embedded') return
  const own = (await listReplicas(ctx.db, p.id)).filter((r) => r.cluster_port !== null)
  await Promise.all(own.map((r) => bringUpReplica(ctx, p, r)))
}

/** A new replica's name as the databases list shows it: `<ref>-rr-xxxx`. */
const replicaIdentifier = (ref: string) =>
  `${ref}-rr-${randomToken(3)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`

/**
 * Records a new replica of the project under a new identifier, with where it lives (`placement`: asked
 * again, with the identifier, when another replica took either at the same moment).
 */
async function insertReplica(
  ctx: PlatformContext,
  p: ProjectRow,
  placement: () => Promise<
    { status: 'coming_up'; cluster_port: number } | { status: 'active'; connection_string_encrypted: string }
  >,
): Promise<ReplicaRow> {
  for (let attempt = 0; ; attempt++) {
    const where = await placement()
    try {
      const { rows } = await ctx.db.query<ReplicaRow>(
        `insert into basalt.project_replicas (project_id, identifier, status, cluster_port, connection_string_encrypted)
         values ($1, $2, $3, $4, $5) returning *`,
        [
          p.id,
          replicaIdentifier(p.ref),
          where.status,
          'cluster_port' in where ? where.cluster_port : null,
          'connection_string_encrypted' in where ? where.connection_string_encrypted : null,
        ],
      )
      return rows[0]!
    } catch (err) {
      // Another replica took that port or name at the same moment: pick again.
      if ((err as { code?: string }).code !== '23505' || attempt > 5) throw err
    }
  }
}

/**
 * Adds a read replica to an active project. On the embedded default, a hot standby cluster made from the
 * project's cluster (replicas.ts), answered at once as coming up, made and started in the background. Any
 * other project (attached by connection string, or on a shared server) gives the connection string of a
 * standby it runs itself: see attachReplica.
 */
export async function addReplica(
  ctx: PlatformContext,
  a: ProjectAccess,
  actor: Actor,
  body: AddReplicaBody = {},
): Promise<Result<ProjectDatabase>> {
  const p = a.project
  const onClusters = ctx.projectDatabases.kind === 'clusters' && p.kind === 'embedded'
  if (!onClusters) {
    if (body.connectionString) return attachReplica(ctx, a, actor, body.connectionString)
    return fail('bad_request', p.kind === 'external' ? REPLICA_NEEDS_CONNECTION_STRING : REPLICAS_NEED_CLUSTERS)
  }
  if (body.connectionString) return fail('bad_request', REPLICA_MADE_BY_BASALT)
  if (p.status !== 'active') return fail('project_not_ready', 'Only an active project can get a read replica')
  if ((await listReplicas(ctx.db, p.id)).length >= MAX_REPLICAS) {
    return fail('conflict', `A project may have at most ${MAX_REPLICAS} read replicas`)
  }
  const added = await insertReplica(ctx, p, async () => ({
    status: 'coming_up',
    cluster_port: await freeClusterPort(ctx),
  }))
  await auditReplica(ctx, p, actor, 'project.replica_add', added.identifier)
  ctx.background(() => bringUpReplica(ctx, p, added))
  return ok({
    identifier: added.identifier,
    type: 'read_replica',
    status: 'coming_up',
    connectionId: connectionIdOf(ctx, { ref: p.ref, database: added.id }),
  })
}

/**
 * How Basalt reaches the project's primary to compare a standby with it: an attached project's own
 * connection string, or the shared server's superuser on the project's database.
 */
const primaryUrlOf = (ctx: PlatformContext, p: ProjectRow) =>
  p.kind === 'external'
    ? decryptSecret(ctx.config.encryptionKey, p.connection_string_encrypted!)
    : ctx.projectDatabases.superuserUrl(placementOf(p))

/**
 * Adds a standby someone else runs as a read replica of a project that is not on Basalt's clusters, by its
 * connection string: it must reach a hot standby of the project's primary (db/replicas.ts checkStandby: in
 * recovery, with the primary's system identifier, and for an attached project the same database). The
 * string is kept encrypted like the project's own, and the replica is active at once.
 */
async function attachReplica(
  ctx: PlatformContext,
  a: ProjectAccess,
  actor: Actor,
  connectionString: string,
): Promise<Result<ProjectDatabase>> {
  const p = a.project
  if (p.status !== 'active') return fail('project_not_ready', 'Only an active project can get a read replica')
  // Basalt's host connects to an address the caller chose: a network probe, counted with connection tests.
  const allowed = await takeProbe(ctx, actor.id)
  if (!allowed.ok) return allowed
  const existing = await listReplicas(ctx.db, p.id)
  if (existing.length >= MAX_ATTACHED_REPLICAS) {
    return fail('conflict', `A project may have at most ${MAX_ATTACHED_REPLICAS} read replicas`)
  }
  const key = ctx.config.encryptionKey
  if (
    existing.some(
      (r) => r.connection_string_encrypted && decryptSecret(key, r.connection_string_encrypted) === connectionString,
    )
  ) {
    return fail('conflict', REPLICA_ALREADY_ADDED)
  }
  // Logging in first, with one answer for every way it can fail: only a string that logs in learns more (not
  // a standby, another server, another database), which its owner may know.
  const loggedIn = await withClient(connectionString, async () => true).catch(() => false)
  if (!loggedIn) return fail('bad_request', REPLICA_UNREACHABLE)
  const checked = await checkStandby(primaryUrlOf(ctx, p), connectionString, {
    sameDatabase: p.kind === 'external',
    primaryIsSuperuser: p.kind !== 'external',
  })
  if (!checked.ok) return checked
  const encrypted = encryptSecret(key, connectionString)
  const row = await insertReplica(ctx, p, async () => ({ status: 'active', connection_string_encrypted: encrypted }))
  await auditReplica(ctx, p, actor, 'project.replica_add', row.identifier)
  return ok({
    identifier: row.identifier,
    type: 'read_replica',
    status: 'active',
    connectionId: connectionIdOf(ctx, { ref: p.ref, database: row.id }),
  })
}

/**
 * Where a replica answers: Basalt's own standby cluster on 127.0.0.1, or the standby a connection string
 * names — that string itself for an attached project, its host and port (with the project's own roles) on a
 * shared server.
 */
export function replicaAddress(ctx: PlatformContext, p: ProjectRow, r: ReplicaRow): ReplicaAddress {
  if (r.connection_string_encrypted === null) return { host: '127.0.0.1', port: r.cluster_port! }
  const connectionString = decryptSecret(ctx.config.encryptionKey, r.connection_string_encrypted)
  if (p.kind === 'external') return { connectionString }
  const u = new URL(connectionString)
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 5432) }
}

const auditReplica = (
  ctx: PlatformContext,
  p: ProjectRow,
  actor: Actor,
  action: 'project.replica_add' | 'project.replica_remove',
  identifier: string,
) =>
  writeAudit(ctx.db, {
    action,
    actor,
    organization: { id: p.organization_id!, slug: p.organization_slug },
    target: p.ref,
    details: { replica: identifier },
  })

/**
 * Removes a read replica: Basalt's own standby cluster stops and is deleted, and the primary drops its slot; a
 * standby added by connection string is only forgotten (its server is not Basalt's to touch).
 */
export async function removeReplica(
  ctx: PlatformContext,
  a: ProjectAccess,
  id: string,
  actor: Actor,
): Promise<Result<null>> {
  const p = a.project
  const replica = await findReplica(ctx.db, p.id, id)
  if (!replica) return fail('not_found', 'Read replica not found')
  await ctx.events.publish({ kind: 'project_closed', ref: p.ref })
  await ctx.projectPools.evict(p.ref)
  if (replica.cluster_port !== null) await ctx.projectDatabases.removeReplica(placementOf(p), replica.id)
  await ctx.db.query('delete from basalt.project_replicas where id = $1', [replica.id])
  await auditReplica(ctx, p, actor, 'project.replica_remove', replica.identifier)
  return ok(null)
}
