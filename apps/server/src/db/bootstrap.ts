import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import { loadMigrations, migrate } from './migrate.ts'

const BOOTSTRAP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap')

/** Schema in a project database where Basalt records its bootstrap migrations and keeps its helpers. */
export const BASALT_SCHEMA = '_basalt'

/**
 * Brings a project database up to the project-database contract (DESIGN.md): roles, schemas, auth.users
 * and claim functions, storage tables and helpers, grants. Idempotent; on a database that already has
 * some of these (a Supabase one) it adds only what is missing and drops nothing.
 */
export async function bootstrapProjectDatabase(client: pg.ClientBase): Promise<string[]> {
  return migrate(client, BASALT_SCHEMA, await loadMigrations(BOOTSTRAP_DIR))
}
