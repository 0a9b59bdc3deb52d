import type { Result, SchemaFilterQuery } from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import type { SchemaFilter } from '../../pg-meta/catalog.ts'
import { auditChange } from './audit-change.ts'

/**
 * What the Database pages' routes share: the schema filter of a listing, and a change run as every page
 * runs one — through the executor's `ddl` (one transaction on the primary, as the member's login: the
 * project's admin role, never a superuser), then audited once it has committed.
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
 * Runs a Database page's change in one transaction and audits it when it committed.
 *
 * @example
 *   reply.result(await runChange(req, (c) => createPublication(c, req.body), { action: 'database.publication.create', target: (p) => p.name }), 201)
 */
export async function runChange<T>(
  req: FastifyRequest,
  run: (client: pg.ClientBase) => Promise<Result<T>>,
  record: ChangeRecord<T>,
): Promise<Result<T>> {
  return auditChange(req, await req.project.ddl(run), record.action, record.target, record.details)
}
