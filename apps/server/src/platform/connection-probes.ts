import { ok, type Result } from '@basalt/contracts'
import type { ConnectionFacts } from '../db/project-databases.ts'
import type { PlatformContext } from './context.ts'
import { takeAttempt, TOO_MANY_PROBES } from './rate-limit.ts'

/**
 * Testing a connection string — or creating a project from one — makes Basalt's host connect to an address
 * the caller chose: a network probe from inside the operator's network. So it needs the permission to create
 * projects (the routes declare it) and each user has a limited number of them (RateLimits.probe), whether
 * they reach anything or not.
 */
export async function takeProbe(ctx: PlatformContext, userId: string): Promise<Result<null>> {
  const taken = await takeAttempt(ctx.db, `probe:${userId}`, ctx.rateLimits.probe, TOO_MANY_PROBES)
  return taken.ok ? ok(null) : taken
}

/** POST /api/organizations/:slug/projects/test-connection: the probe, within the user's limit. */
export async function testConnectionAs(
  ctx: PlatformContext,
  userId: string,
  connectionString: string,
): Promise<Result<ConnectionFacts>> {
  const allowed = await takeProbe(ctx, userId)
  if (!allowed.ok) return allowed
  return ctx.projectDatabases.testConnection(connectionString)
}
