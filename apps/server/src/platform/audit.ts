import type pg from 'pg'
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage } from '@basalt/contracts'
import type { Actor } from './context.ts'

export interface AuditEvent {
  action: string
  actor: Actor | { id: null; email: string | null; ip: string | null }
  organization?: { id: string; slug: string } | null
  target?: string | null
  details?: Record<string, unknown>
}

/** Records one entry; `db` may be a transaction's client so the entry commits with the change. */
export async function writeAudit(db: pg.Pool | pg.ClientBase, e: AuditEvent): Promise<void> {
  await db.query(
    `insert into basalt.audit_log (organization_id, organization_slug, actor_id, actor_email, action, target, ip, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.organization?.id ?? null,
      e.organization?.slug ?? null,
      e.actor.id,
      e.actor.email,
      e.action,
      e.target ?? null,
      e.actor.ip,
      e.details ?? {},
    ],
  )
}

interface AuditRow {
  id: string
  action: string
  actor_email: string | null
  target: string | null
  ip: string | null
  organization_slug: string | null
  created_at: Date
  details: Record<string, unknown>
  total: string
}

async function page(
  db: pg.Pool,
  column: 'actor_id' | 'organization_id',
  id: string,
  pageNo: number,
): Promise<AuditPage> {
  const { rows } = await db.query<AuditRow>(
    // Ordered by the table's bigint id: a bare `id` here would name the text column of the select list, so
    // entry 9 would sort above entry 19.
    `select a.id::text as id, action, actor_email, target, ip, organization_slug, created_at, details,
            count(*) over () as total
       from basalt.audit_log a where ${column} = $1 order by a.id desc limit $2 offset $3`,
    [id, AUDIT_PAGE_SIZE, (pageNo - 1) * AUDIT_PAGE_SIZE],
  )
  let total = rows[0] ? Number(rows[0].total) : 0
  // A page past the end has no rows to carry the count.
  if (!rows[0] && pageNo > 1) {
    const c = await db.query<{ n: string }>(`select count(*) as n from basalt.audit_log where ${column} = $1`, [id])
    total = Number(c.rows[0]!.n)
  }
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorEmail: r.actor_email,
    target: r.target,
    ip: r.ip,
    organizationSlug: r.organization_slug,
    createdAt: r.created_at.toISOString(),
    details: r.details,
  }))
  return { entries, page: pageNo, total }
}

/** The entries a user made (GET /api/account/audit). */
export const listUserAudit = (db: pg.Pool, userId: string, pageNo: number) => page(db, 'actor_id', userId, pageNo)

/** The entries of one organisation (GET /api/organizations/:slug/audit). */
export const listOrganizationAudit = (db: pg.Pool, organizationId: string, pageNo: number) =>
  page(db, 'organization_id', organizationId, pageNo)
