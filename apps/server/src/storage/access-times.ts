import { projectPool } from '../db/connections.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'

/** A read within this long of the recorded one does not write again (a file read in parts, a busy file). */
export const ACCESS_TIME_RESOLUTION_SECONDS = 60

/**
 * Records that an object's bytes were read: `last_accessed_at = now()`, which the explorer sorts by. It is
 * Basalt's bookkeeping, not the member's write, so it runs on the project's admin login whoever read the
 * file (a Read-only member's reads run on a login that can write nothing), as one statement touching that
 * column of that row only. It runs after the answer has started, off the request's path; a failure is
 * logged and changes nothing else.
 */
export function recordAccess(
  ctx: PlatformContext,
  project: ProjectRow,
  objectId: string,
  log: { warn(o: object, m: string): void },
): void {
  ctx.background(async () => {
    try {
      await projectPool(ctx, { project, role: 'owner' }, 'primary', 'admin').query(
        `update storage.objects set last_accessed_at = now()
          where id = $1 and (last_accessed_at is null
                             or last_accessed_at < now() - make_interval(secs => $2))`,
        [objectId, ACCESS_TIME_RESOLUTION_SECONDS],
      )
    } catch (err) {
      log.warn({ err }, 'last_accessed_at not recorded')
    }
  })
}
