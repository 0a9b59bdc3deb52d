import type { Result } from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import { actorOf } from '../../http/session.ts'
import { writeAudit } from '../../platform/audit.ts'

/**
 * Records a schema change a member made on a project's database (issue 26 point 14), once it has committed:
 * the action (`database.function.create` …), the object it concerns and the SQL's details. A failed change
 * is not recorded (nothing changed). The entry goes to the organisation's audit log.
 */
export async function auditChange<T>(
  req: FastifyRequest,
  result: Result<T>,
  action: string,
  target: (data: T) => string,
  details: Record<string, unknown> = {},
): Promise<Result<T>> {
  if (!result.ok) return result
  const project = req.projectAccess!.project
  await writeAudit(req.server.platform.db, {
    action,
    actor: actorOf(req),
    organization: project.organization_id ? { id: project.organization_id, slug: project.organization_slug } : null,
    target: target(result.data),
    details: { project: project.ref, ...details },
  })
  return result
}
