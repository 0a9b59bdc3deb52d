import type pg from 'pg'
import {
  fail,
  ok,
  type CreatedInvitation,
  type Invitation,
  type InvitationPreview,
  type Organization,
  type OrgRole,
  type Result,
} from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor } from './context.ts'
import { toOrganization, type Membership } from './organizations.ts'
import { hashToken, randomToken } from './secrets.ts'
import { pooledTransaction } from '../db/transaction.ts'

interface InvitationRow {
  id: string
  organization_id: string
  email: string | null
  role: OrgRole
  created_at: Date
  expires_at: Date
}

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
})

export const INVITATION_INVALID = 'This invitation is invalid or has expired'

export async function createInvitation(
  db: pg.Pool,
  publicUrl: string,
  m: Membership,
  body: { email?: string | undefined; role: OrgRole },
  actor: Actor,
): Promise<Result<CreatedInvitation>> {
  if (body.role === 'owner' && m.role !== 'owner') return fail('forbidden', 'Only an owner can invite an owner')
  const token = randomToken()
  const { rows } = await db.query<InvitationRow>(
    `insert into basalt.invitations (token_hash, organization_id, email, role, invited_by) values ($1, $2, $3, $4, $5)
     returning id, organization_id, email, role, created_at, expires_at`,
    [hashToken(token), m.organization.id, body.email ?? null, body.role, actor.id],
  )
  const inv = rows[0]!
  await writeAudit(db, {
    action: 'member.invite',
    actor,
    organization: m.organization,
    target: body.email ?? null,
    details: { role: body.role, invitationId: inv.id },
  })
  return ok({ ...toInvitation(inv), token, url: `${publicUrl}/join?token=${encodeURIComponent(token)}` })
}

/** Pending (not accepted, not expired) invitations. */
export async function listInvitations(db: pg.Pool, organizationId: string): Promise<Invitation[]> {
  const { rows } = await db.query<InvitationRow>(
    `select id, organization_id, email, role, created_at, expires_at from basalt.invitations
      where organization_id = $1 and accepted_at is null and expires_at > now() order by created_at desc`,
    [organizationId],
  )
  return rows.map(toInvitation)
}

export async function revokeInvitation(db: pg.Pool, m: Membership, id: string, actor: Actor): Promise<Result<null>> {
  const { rows } = await db.query<InvitationRow>(
    `delete from basalt.invitations where id = $1 and organization_id = $2 and accepted_at is null
     returning id, organization_id, email, role, created_at, expires_at`,
    [id, m.organization.id],
  )
  if (!rows[0]) return fail('not_found', 'Invitation not found')
  await writeAudit(db, {
    action: 'member.invite_revoke',
    actor,
    organization: m.organization,
    target: rows[0].email,
    details: { invitationId: id },
  })
  return ok(null)
}

export async function previewInvitation(db: pg.Pool, token: string): Promise<Result<InvitationPreview>> {
  const { rows } = await db.query<{ name: string; role: OrgRole; email: string | null }>(
    `select o.name, i.role, i.email from basalt.invitations i join basalt.organizations o on o.id = i.organization_id
      where i.token_hash = $1 and i.accepted_at is null and i.expires_at > now()`,
    [hashToken(token)],
  )
  const r = rows[0]
  return r ? ok({ organizationName: r.name, role: r.role, email: r.email }) : fail('not_found', INVITATION_INVALID)
}

/**
 * Makes `user` a member through the invitation, inside the caller's transaction. An invitation addressed to
 * an e-mail works only for that address.
 */
export async function acceptInvitationIn(c: pg.ClientBase, token: string, user: Actor): Promise<Result<Organization>> {
  const { rows } = await c.query<InvitationRow & { slug: string; name: string }>(
    `select i.id, i.organization_id, i.email, i.role, i.created_at, i.expires_at, o.slug, o.name
       from basalt.invitations i join basalt.organizations o on o.id = i.organization_id
      where i.token_hash = $1 and i.accepted_at is null and i.expires_at > now() for update of i`,
    [hashToken(token)],
  )
  const inv = rows[0]
  if (!inv) return fail('not_found', INVITATION_INVALID)
  if (inv.email && inv.email.toLowerCase() !== user.email.toLowerCase()) {
    return fail('forbidden', `This invitation is for ${inv.email}`)
  }
  const added = await c.query(
    `insert into basalt.members (organization_id, user_id, role) values ($1, $2, $3) on conflict do nothing`,
    [inv.organization_id, user.id, inv.role],
  )
  if (added.rowCount === 0) return fail('conflict', 'You are already a member of this organization')
  await c.query('update basalt.invitations set accepted_at = now(), accepted_by = $2 where id = $1', [inv.id, user.id])
  const org = { id: inv.organization_id, slug: inv.slug, name: inv.name }
  await writeAudit(c, {
    action: 'member.accept',
    actor: user,
    organization: org,
    target: user.email,
    details: { role: inv.role },
  })
  return ok(toOrganization(org, inv.role))
}

export function acceptInvitation(db: pg.Pool, token: string, user: Actor): Promise<Result<Organization>> {
  return pooledTransaction(db, (c) => acceptInvitationIn(c, token, user))
}
