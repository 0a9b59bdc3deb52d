import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { loadMigrations, migrate } from '../db/migrate.ts'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Brings schema `basalt` of the platform database up to date; returns the versions applied. */
export async function migratePlatform(client: pg.ClientBase): Promise<string[]> {
  return migrate(client, 'basalt', await loadMigrations(MIGRATIONS_DIR))
}

/**
 * The platform store's pool. Unlike project pools it keeps pg's default type parsing: platform code reads
 * timestamps as Date.
 */
export function createPlatformPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'basalt-platform',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  })
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {})
  return pool
}
