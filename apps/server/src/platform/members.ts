import type pg from 'pg'
import { fail, ok, type Member, type OrgRole, type Result } from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor } from './context.ts'
import type { Membership } from './organizations.ts'
import { pooledTransaction } from '../db/transaction.ts'

export async function listMembers(db: pg.Pool, organizationId: string): Promise<Member[]> {
  const { rows } = await db.query<{
    user_id: string
    email: string
    display_name: string | null
    role: OrgRole
    created_at: Date
  }>(
    `select m.user_id, u.email, u.display_name, m.role, m.created_at
       from basalt.members m join basalt.users u on u.id = m.user_id
      where m.organization_id = $1 order by m.created_at, u.email`,
    [organizationId],
  )
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    displayName: r.display_name,
    role: r.role,
    joinedAt: r.created_at.toISOString(),
  }))
}

/**
 * Locks the organisation's member rows and returns the target's role and the number of owners, so that two
 * concurrent changes cannot both remove "the other" last owner.
 */
async function lockMembers(c: pg.ClientBase, organizationId: string, userId: string) {
  const { rows } = await c.query<{ user_id: string; role: OrgRole; email: string }>(
    `select m.user_id, m.role, u.email from basalt.members m join basalt.users u on u.id = m.user_id
      where m.organization_id = $1 for update of m`,
    [organizationId],
  )
  return { target: rows.find((r) => r.user_id === userId), owners: rows.filter((r) => r.role === 'owner').length }
}

const LAST_OWNER = 'An organization needs at least one owner'

/** Changes a member's role. Only an owner may grant (or take away) the owner role; the last owner stays one. */
export async function updateMemberRole(
  db: pg.Pool,
  m: Membership,
  userId: string,
  role: OrgRole,
  actor: Actor,
): Promise<Result<null>> {
  return pooledTransaction(db, async (c) => {
    const { target, owners } = await lockMembers(c, m.organization.id, userId)
    if (!target) return fail('not_found', 'Member not found')
    if ((role === 'owner' || target.role === 'owner') && m.role !== 'owner')
      return fail('forbidden', 'Only an owner can grant or change the owner role')
    if (target.role === 'owner' && role !== 'owner' && owners <= 1) return fail('conflict', LAST_OWNER)
    if (target.role === role) return ok(null)
    await c.query('update basalt.members set role = $3 where organization_id = $1 and user_id = $2', [
      m.organization.id,
      userId,
      role,
    ])
    await writeAudit(c, {
      action: 'member.role_change',
      actor,
      organization: m.organization,
      target: target.email,
      details: { from: target.role, to: role },
    })
    return ok(null)
  })
}

/** Removes a member. Only an owner may remove an owner; the last owner cannot be removed. */
export async function removeMember(db: pg.Pool, m: Membership, userId: string, actor: Actor): Promise<Result<null>> {
  return pooledTransaction(db, async (c) => {
    const { target, owners } = await lockMembers(c, m.organization.id, userId)
    if (!target) return fail('not_found', 'Member not found')
    if (target.role === 'owner' && m.role !== 'owner') return fail('forbidden', 'Only an owner can remove an owner')
    if (target.role === 'owner' && owners <= 1) return fail('conflict', LAST_OWNER)
    await c.query('delete from basalt.members where organization_id = $1 and user_id = $2', [m.organization.id, userId])
    await writeAudit(c, {
      action: 'member.remove',
      actor,
      organization: m.organization,
      target: target.email,
      details: { role: target.role },
    })
    return ok(null)
  })
}
