import {
  applyBranchBodySchema,
  createBranchBodySchema,
  fail,
  ok,
  type BranchDetail,
  type Permission,
  type Result,
} from '@basalt/contracts'
import { z } from 'zod'
import type { ProjectRow } from '../db/project-types.ts'
import { actorOf } from '../http/session.ts'
import { writeAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { listMigrations, recordMigration } from '../platform/project-migrations.ts'
import { toProject } from '../platform/projects.ts'
import { refParams, type App } from './types.ts'

const project = (permission: Permission) => ({ permission, scope: 'project' }) as const
const branchParams = refParams.extend({ branch: z.string().min(1).max(64) })

export const BRANCH_MESSAGES = {
  notFound: 'Branch not found',
  nothing: 'There is no change on the branch left to apply',
  changed: 'The branch’s changes are not the ones you reviewed: reload them and review again',
  busy: 'These changes are being applied already',
} as const

/**
 * Branches (issue 28 §4, docs/backups.md): a branch is a project with parent_project_ref set, restored from the
 * parent's backups. Its page lists the schema changes recorded on it since it was made (its migration history,
 * issue 26) and applies them to the parent in one transaction, after a review of their SQL. Every route is
 * the parent's: the caller's access to the parent is what is checked, and a branch of another project is 404.
 */
export function branchRoutes(app: App, ctx: PlatformContext): void {
  const branchOf = async (parentRef: string, ref: string) =>
    (
      await ctx.db.query<ProjectRow>(
        `select p.*, o.slug as organization_slug, o.name as organization_name
           from basalt.projects p join basalt.organizations o on o.id = p.organization_id
          where p.ref = $1 and p.parent_project_ref = $2`,
        [ref, parentRef],
      )
    ).rows[0]

  const detailOf = async (
    b: ProjectRow & { branch_applied_through?: number },
    parentName: string,
  ): Promise<BranchDetail> => {
    const through = b.branch_applied_through ?? 0
    return {
      ref: b.ref,
      name: b.name,
      status: b.status,
      parentRef: b.parent_project_ref!,
      parentName,
      createdAt: b.created_at.toISOString(),
      appliedThrough: through,
      changes: (await listMigrations(ctx.db, b.id)).map((m) => ({
        number: m.number,
        name: m.name,
        statements: m.statements,
        author: m.author,
        createdAt: m.created_at,
        applied: m.number <= through,
      })),
    }
  }

  app.post(
    '/api/projects/:ref/branches',
    { config: project('projects:create'), schema: { params: refParams, body: createBranchBodySchema } },
    async (req, reply) => reply.result(await ctx.backups!.branch(req.projectAccess!, req.body.name, actorOf(req)), 202),
  )

  app.get(
    '/api/projects/:ref/branches',
    { config: project('projects:read'), schema: { params: refParams } },
    async (req) => {
      const { rows } = await ctx.db.query<ProjectRow>(
        `select p.*, o.slug as organization_slug, o.name as organization_name
         from basalt.projects p join basalt.organizations o on o.id = p.organization_id
        where p.parent_project_ref = $1 order by p.created_at`,
        [req.params.ref],
      )
      return rows.map(toProject)
    },
  )

  app.get(
    '/api/projects/:ref/branches/:branch',
    { config: project('projects:read'), schema: { params: branchParams } },
    async (req, reply) => {
      const b = await branchOf(req.params.ref, req.params.branch)
      return reply.result(
        b ? ok(await detailOf(b, req.projectAccess!.project.name)) : fail('not_found', BRANCH_MESSAGES.notFound),
      )
    },
  )

  // The parent's schema change: whoever may change the parent's schema (tenant SQL write) may apply it.
  app.post(
    '/api/projects/:ref/branches/:branch/apply',
    { config: project('tenant_sql:write'), schema: { params: branchParams, body: applyBranchBodySchema } },
    async (req, reply) => {
      const parent = req.projectAccess!.project
      const b = (await branchOf(parent.ref, req.params.branch)) as
        (ProjectRow & { branch_applied_through: number }) | undefined
      if (!b) return reply.result(fail('not_found', BRANCH_MESSAGES.notFound))
      const detail = await detailOf(b, req.projectAccess!.project.name)
      const pending = detail.changes.filter((c) => !c.applied && c.number <= req.body.through)
      const last = detail.changes.at(-1)?.number ?? 0
      if (req.body.through > last) return reply.result(fail('bad_request', BRANCH_MESSAGES.changed))
      if (!pending.length) return reply.result(fail('bad_request', BRANCH_MESSAGES.nothing))
      // Claimed first (so two applies cannot both run them), given back when the transaction failed.
      const claimed = await ctx.db.query(
        'update basalt.projects set branch_applied_through = $3 where ref = $1 and branch_applied_through = $2',
        [b.ref, detail.appliedThrough, req.body.through],
      )
      if (claimed.rowCount !== 1) return reply.result(fail('conflict', BRANCH_MESSAGES.busy))
      const result: Result<{ applied: number[] }> = await req.project.ddl(async (c) => {
        for (const change of pending) await c.query(change.statements)
        return ok({ applied: pending.map((p) => p.number) })
      })
      if (!result.ok) {
        await ctx.db.query('update basalt.projects set branch_applied_through = $2 where ref = $1', [
          b.ref,
          detail.appliedThrough,
        ])
        return reply.result(result)
      }
      const actor = actorOf(req)
      await recordMigration(ctx.db, {
        projectId: parent.id,
        name: `branch_${b.ref}_${pending[0]!.number}_${req.body.through}`,
        statements: pending.map((p) => p.statements),
        author: { id: actor.id, email: actor.email },
      })
      await writeAudit(ctx.db, {
        action: 'project.branch_apply',
        actor,
        organization: { id: parent.organization_id!, slug: parent.organization_slug },
        target: parent.ref,
        details: { branch: b.ref, changes: result.data.applied },
      })
      return reply.result(
        ok(await detailOf({ ...b, branch_applied_through: req.body.through }, req.projectAccess!.project.name)),
      )
    },
  )
}
