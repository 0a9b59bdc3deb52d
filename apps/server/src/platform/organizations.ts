import type pg from 'pg'
import { fail, ok, permissionsOf, type OrgRole, type Organization, type Result } from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor } from './context.ts'
import { pooledTransaction } from '../db/transaction.ts'

export interface OrganizationRow {
  id: string
  slug: string
  name: string
}

export interface Membership {
  organization: OrganizationRow
  role: OrgRole
}

export const toOrganization = (o: OrganizationRow, role: OrgRole): Organization => ({
  id: o.id,
  slug: o.slug,
  name: o.name,
  role,
  permissions: permissionsOf(role),
})

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return base || 'org'
}

/** Creates an organisation with `ownerId` as its owner; the slug gets a numeric suffix when taken. */
export async function insertOrganization(
  client: pg.ClientBase,
  name: string,
  ownerId: string,
): Promise<OrganizationRow> {
  const base = slugify(name)
  const { rows: taken } = await client.query<{ slug: string }>(
    `select slug from basalt.organizations where slug = $1 or slug ~ ('^' || $1 || '-[0-9]+$')`,
    [base],
  )
  const used = new Set(taken.map((r) => r.slug))
  let slug = base
  for (let i = 2; used.has(slug); i++) slug = `${base}-${i}`
  const { rows } = await client.query<OrganizationRow>(
    'insert into basalt.organizations (slug, name) values ($1, $2) returning id, slug, name',
    [slug, name],
  )
  const org = rows[0]!
  await client.query(`insert into basalt.members (organization_id, user_id, role) values ($1, $2, 'owner')`, [
    org.id,
    ownerId,
  ])
  return org
}

export async function listOrganizations(db: pg.Pool, userId: string): Promise<Organization[]> {
  const { rows } = await db.query<OrganizationRow & { role: OrgRole }>(
    `select o.id, o.slug, o.name, m.role from basalt.organizations o
       join basalt.members m on m.organization_id = o.id and m.user_id = $1
      order by o.name, o.slug`,
    [userId],
  )
  return rows.map((r) => toOrganization(r, r.role))
}

export async function createOrganization(db: pg.Pool, name: string, actor: Actor): Promise<Organization> {
  return pooledTransaction(db, async (c) => {
    // Two creations with the same name must not pick the same slug.
    await c.query(`select pg_advisory_xact_lock(hashtext('basalt:org-slug'))`)
    const org = await insertOrganization(c, name, actor.id)
    await writeAudit(c, {
      action: 'organization.create',
      actor,
      organization: org,
      target: org.slug,
      details: { name },
    })
    return toOrganization(org, 'owner')
  })
}

/** The caller's membership of the organisation with this slug, or null (not found and not a member look alike). */
export async function findMembership(db: pg.Pool, slug: string, userId: string): Promise<Membership | null> {
  const { rows } = await db.query<OrganizationRow & { role: OrgRole }>(
    `select o.id, o.slug, o.name, m.role from basalt.organizations o
       join basalt.members m on m.organization_id = o.id and m.user_id = $2
      where o.slug = $1`,
    [slug, userId],
  )
  const r = rows[0]
  return r ? { organization: { id: r.id, slug: r.slug, name: r.name }, role: r.role } : null
}

export async function renameOrganization(
  db: pg.Pool,
  m: Membership,
  name: string,
  actor: Actor,
): Promise<Organization> {
  await db.query('update basalt.organizations set name = $2 where id = $1', [m.organization.id, name])
  await writeAudit(db, {
    action: 'organization.rename',
    actor,
    organization: m.organization,
    target: m.organization.slug,
    details: { from: m.organization.name, to: name },
  })
  return toOrganization({ ...m.organization, name }, m.role)
}

/**
 * Deletes an organisation with its members and invitations. Refused while it still has projects: deleting
 * project databases is a separate, type-to-confirm decision per project.
 */
export async function deleteOrganization(db: pg.Pool, m: Membership, actor: Actor): Promise<Result<null>> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from basalt.projects where organization_id = $1',
    [m.organization.id],
  )
  if (Number(rows[0]!.n) > 0) return fail('conflict', 'Delete or move the projects of this organization first')
  await db.query('delete from basalt.organizations where id = $1', [m.organization.id])
  await writeAudit(db, {
    action: 'organization.delete',
    actor,
    organization: m.organization,
    target: m.organization.slug,
  })
  return ok(null)
}
