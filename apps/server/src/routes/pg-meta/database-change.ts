import type { Result, SchemaFilterQuery } from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import { actorOf } from '../../http/session.ts'
import type { SchemaFilter } from '../../pg-meta/catalog.ts'
import {
  migrationName,
  migrationStatements,
  recordingClient,
  recordMigration,
} from '../../platform/project-migrations.ts'
import { auditChange } from './audit-change.ts'

/**
 * What the Database pages' routes share: the schema filter of a listing, and a change run as every page
 * runs one — through the executor's `ddl` (one transaction on the primary, as the member's login: the
 * project's admin role, never a superuser), then, once it has committed, audited and recorded as the
 * project's next migration (Database › Migrations). The table editor's and the policies' changes run here too.
 */

/** `?included_schemas=&excluded_schemas=&include_system_schemas=` as the catalog modules take it. */
export function schemaFilterOf(query: SchemaFilterQuery): SchemaFilter {
  return {
    includedSchemas: query.included_schemas,
    excludedSchemas: query.excluded_schemas,
    includeSystemSchemas: query.include_system_schemas,
  }
}

/** How a change is named in the audit log: its action and the object it concerns. */
export interface ChangeRecord<T> {
  /** `database.publication.create` … */
  action: string
  target: (data: T) => string
  details?: Record<string, unknown>
}

/**
 * Runs a schema change in one transaction; when it committed, audits it with the SQL it ran and records
 * that SQL as a migration.
 *
 * @example
 *   reply.result(await runChange(req, (c) => createPublication(c, req.body), { action: 'database.publication.create', target: (p) => p.name }), 201)
 */
export async function runChange<T>(
  req: FastifyRequest,
  run: (client: pg.ClientBase) => Promise<Result<T>>,
  record: ChangeRecord<T>,
): Promise<Result<T>> {
  const ran: string[] = []
  const result = await req.project.ddl((client) => run(recordingClient(client, ran)))
  if (!result.ok) return result
  // What ran, as the migration records it (passwords and user mappings' credentials left out): the audit
  // entry holds the same SQL.
  const statements = await migrationStatements(ran)
  await auditChange(req, result, record.action, record.target, {
    ...record.details,
    sql: statements.join('\n\n'),
  })
  const actor = actorOf(req)
  await recordMigration(req.server.platform.db, {
    projectId: req.projectAccess!.project.id,
    name: migrationName(record.action, record.target(result.data)),
    statements,
    author: { id: actor.id, email: actor.email },
  })
  return result
}
