import { ok, type Result } from '@basalt/contracts'
import type pg from 'pg'
import type { z } from 'zod'
import type { supabaseMigrationSchema } from '@basalt/contracts'
import { runSql } from './catalog.ts'

type SupabaseMigration = z.infer<typeof supabaseMigrationSchema>

/**
 * The Supabase CLI's migration history (`supabase_migrations.schema_migrations`: version, name, statements),
 * when the database has that table and the role may read it; null otherwise. Older CLIs kept no name.
 */
export async function listSupabaseMigrations(client: pg.ClientBase): Promise<Result<SupabaseMigration[] | null>> {
  const found = await runSql<{ readable: boolean | null; named: boolean }>(
    client,
    // By the catalog, not to_regclass: naming a schema the role may not use is an error, not a null.
    `select has_schema_privilege(n.oid, 'USAGE') and has_table_privilege(c.oid, 'SELECT') as readable,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'name' and not a.attisdropped) as named
       from pg_namespace n join pg_class c on c.relnamespace = n.oid and c.relname = 'schema_migrations'
      where n.nspname = 'supabase_migrations'`,
  )
  if (!found.ok) return found
  if (!found.data[0]?.readable) return ok(null)
  const rows = await runSql<SupabaseMigration>(
    client,
    `select version::text, ${found.data[0].named ? 'name::text' : 'null::text as name'},
            coalesce(statements, array[]::text[]) as statements
       from supabase_migrations.schema_migrations order by version`,
  )
  return rows.ok ? ok(rows.data) : rows
}
