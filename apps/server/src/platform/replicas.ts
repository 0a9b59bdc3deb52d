import type pg from 'pg'
import { fail, ok, type ProjectDatabase, type Result } from '@basalt/contracts'
import { encryptSecret } from '../db/crypto.ts'
import { placementOf } from '../db/connections.ts'
import { portIsFree } from '../db/ports.ts'
import { REPLICAS_NEED_CLUSTERS } from '../db/project-databases.ts'
import { writeAudit } from './audit.ts'
import type { Actor, PlatformContext } from './context.ts'
import type { ProjectAccess, ProjectRow } from './projects.ts'
import { randomToken } from './secrets.ts'

export interface ReplicaRow {
  id: string
  project_id: string
  identifier: string
  status: 'coming_up' | 'active' | 'failed'
  status_message: string | null
  cluster_port: number
  created_at: Date
}

/** How many read replicas one project may have. */
export const MAX_REPLICAS = 2

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
     union select cluster_port from basalt.project_replicas`,
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
    await ctx.projectDatabases.ensureReplica(placementOf(p), { id: r.id, port: r.cluster_port })
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
  await Promise.all((await listReplicas(ctx.db, p.id)).map((r) => bringUpReplica(ctx, p, r)))
}

/**
 * Adds a read replica to an active project on the embedded default: a hot standby cluster made from the
 * project's cluster (replicas.ts), answered at once as coming up, made and started in the background.
 */
export async function addReplica(
  ctx: PlatformContext,
  a: ProjectAccess,
  actor: Actor,
): Promise<Result<ProjectDatabase>> {
  const p = a.project
  if (ctx.projectDatabases.kind !== 'clusters' || p.kind !== 'embedded')
    return fail('bad_request', REPLICAS_NEED_CLUSTERS)
  if (p.status !== 'active') return fail('project_not_ready', 'Only an active project can get a read replica')
  if ((await listReplicas(ctx.db, p.id)).length >= MAX_REPLICAS) {
    return fail('conflict', `A project may have at most ${MAX_REPLICAS} read replicas`)
  }
  let row: ReplicaRow | undefined
  for (let attempt = 0; !row; attempt++) {
    try {
      const { rows } = await ctx.db.query<ReplicaRow>(
        `insert into basalt.project_replicas (project_id, identifier, status, cluster_port)
         values ($1, $2, 'coming_up', $3) returning *`,
        [
          p.id,
          `${p.ref}-rr-${randomToken(3)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, '')}`,
          await freeClusterPort(ctx),
        ],
      )
      row = rows[0]!
    } catch (err) {
      // Another replica took that port or name at the same moment: pick again.
      if ((err as { code?: string }).code !== '23505' || attempt > 5) throw err
    }
  }
  await writeAudit(ctx.db, {
    action: 'project.replica_add',
    actor,
    organization: { id: p.organization_id!, slug: p.organization_slug },
    target: p.ref,
    details: { replica: row.identifier },
  })
  const added = row
  ctx.background(() => bringUpReplica(ctx, p, added))
  return ok({
    identifier: added.identifier,
    type: 'read_replica',
    status: 'coming_up',
    connectionId: connectionIdOf(ctx, { ref: p.ref, database: added.id }),
  })
}

/** Removes a read replica: its cluster stops and is deleted, and the primary drops its slot. */
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
  await ctx.projectDatabases.removeReplica(placementOf(p), replica.id)
  await ctx.db.query('delete from basalt.project_replicas where id = $1', [replica.id])
  await writeAudit(ctx.db, {
    action: 'project.replica_remove',
    actor,
    organization: { id: p.organization_id!, slug: p.organization_slug },
    target: p.ref,
    details: { replica: replica.identifier },
  })
  return ok(null)
}
