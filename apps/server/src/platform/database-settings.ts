import type { DatabaseSettings } from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor, PlatformContext } from './context.ts'
import type { ProjectAccess } from './projects.ts'

/** The project's database settings as Settings → Database shows them. */
export const databaseSettingsOf = (a: ProjectAccess): DatabaseSettings => ({
  statementTimeoutMs: a.project.statement_timeout_ms,
})

/**
 * Changes the project's database settings: the statement_timeout of every dashboard call on its database,
 * the SQL editor's runs included. Pools set it when they connect, so this server drops the project's pools
 * at once and every other one when the event of a closed project reaches it (that event does exactly this):
 * the next call connects with the new timeout, while calls under way finish on their connections.
 */
export async function updateDatabaseSettings(
  ctx: PlatformContext,
  a: ProjectAccess,
  settings: DatabaseSettings,
  actor: Actor,
): Promise<DatabaseSettings> {
  await ctx.db.query('update basalt.projects set statement_timeout_ms = $2 where id = $1', [
    a.project.id,
    settings.statementTimeoutMs,
  ])
  await writeAudit(ctx.db, {
    action: 'project.database_settings',
    actor,
    organization: a.project.organization_id
      ? { id: a.project.organization_id, slug: a.project.organization_slug }
      : null,
    target: a.project.ref,
    details: { statementTimeoutMs: { from: a.project.statement_timeout_ms, to: settings.statementTimeoutMs } },
  })
  // Not awaited: the pools end once their calls under way have released their connections.
  void ctx.projectPools.evict(a.project.ref).catch(() => {})
  await ctx.events.publish({ kind: 'project_closed', ref: a.project.ref })
  return settings
}
