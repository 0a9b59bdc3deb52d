import { ok, type DatabaseOverview, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { PLATFORM_SCHEMAS } from '../db/project-roles.ts'
import { runSql } from './catalog.ts'

/**
 * The project overview's figures, read now from the project's own database as the member's role: its size,
 * its tables outside the platform's schemas, and its connections against max_connections. (The project
 * roles hold no pg_read_all_stats: pg_stat_activity lists every session of the database, with the details
 * of other roles' hidden, which a count does not need.)
 */
export async function readDatabaseOverview(client: pg.ClientBase): Promise<Result<DatabaseOverview>> {
  const rows = await runSql<{
    size_bytes: string
    tables: number
    connections: number
    max_connections: number
    server_version: string
  }>(
    client,
    `select pg_database_size(current_database())::text as size_bytes,
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p') and not c.relispartition
                and n.nspname <> all($1::text[]) and n.nspname !~ '^pg_') as tables,
            (select count(*)::int from pg_stat_activity where datname = current_database()) as connections,
            current_setting('max_connections')::int as max_connections,
            current_setting('server_version') as server_version`,
    [PLATFORM_SCHEMAS],
  )
  if (!rows.ok) return rows
  const r = rows.data[0]!
  return ok({
    sizeBytes: Number(r.size_bytes),
    tables: r.tables,
    connections: r.connections,
    maxConnections: r.max_connections,
    serverVersion: r.server_version,
  })
}
