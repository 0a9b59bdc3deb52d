import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { ConfigError } from '../config.ts'
import { keyCheckValue } from '../db/crypto.ts'
import { loadMigrations, migrate } from '../db/migrate.ts'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Brings schema `basalt` of the platform database up to date; returns the versions applied. Also closes the
 * platform database to roles that were only given it through PUBLIC (on a shared server, the projects'
 * roles): when Basalt's role may not do that, the operator is told to.
 */
export async function migratePlatform(
  client: pg.ClientBase,
  warn: (message: string) => void = () => {},
): Promise<string[]> {
  const applied = await migrate(client, 'basalt', await loadMigrations(MIGRATIONS_DIR))
  const { rows } = await client.query<{ db: string; open: boolean }>(
    `select current_database() as db,
            has_database_privilege('public', current_database(), 'connect') as open`,
  )
  if (rows[0]!.open) {
    await client
      .query(`revoke connect, temporary on database ${client.escapeIdentifier(rows[0]!.db)} from public`)
      .catch((err: Error) =>
        warn(`Could not revoke CONNECT on the platform database from PUBLIC (${err.message}): do it as its owner.`),
      )
  }
  return applied
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
  // A client losing its connection (a server restart, a killed backend) must not crash the process: idle
  // ones are reported to the pool; one in use reports it to its call too, and emits it on itself, where
  // nothing would listen while it is checked out.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

/**
 * Refuses to run with an ENCRYPTION_KEY other than the one this platform database was first used with:
 * replicas that hold different keys would each fail on what the others encrypted. The first server to run
 * records the key's check value (never the key).
 */
export async function checkEncryptionKey(db: pg.Pool, key: Buffer): Promise<void> {
  const mine = keyCheckValue(key)
  await db.query(
    `insert into basalt.installation (name, value) values ('encryption_key_check', $1) on conflict (name) do nothing`,
    [mine],
  )
  const { rows } = await db.query<{ value: string }>(
    `select value from basalt.installation where name = 'encryption_key_check'`,
  )
  if (rows[0]!.value !== mine) throw new ConfigError(ENCRYPTION_KEY_MISMATCH)
}

export const ENCRYPTION_KEY_MISMATCH =
  'ENCRYPTION_KEY does not match the key this platform database was first used with: every Basalt server on it must use the same ENCRYPTION_KEY (copy it, or DATA_DIR/encryption.key, from the first server).'
