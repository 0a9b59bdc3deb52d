import pg from 'pg'
import { fail, ok, type Result } from '@basalt/contracts'
import { bootstrapProjectDatabase } from './bootstrap.ts'

/**
 * What the platform needs from the Postgres server that holds Basalt-created ("embedded") project
 * databases — the embedded cluster, or the server of PLATFORM_DATABASE_URL — plus probing and
 * bootstrapping any project database.
 */
export interface ProjectDatabaseProvider {
  /** Name of the database Basalt creates for a project ref. */
  databaseNameFor(ref: string): string
  /** Superuser URL of a database on the provider's server. */
  urlFor(database: string): string
  databaseExists(database: string): Promise<boolean>
  createDatabase(database: string): Promise<void>
  /** Drops the database, disconnecting its sessions; no error if it is already gone. */
  dropDatabase(database: string): Promise<void>
  /** Connects once and reads the server version; the failure message never contains the password. */
  testConnection(connectionString: string): Promise<Result<{ serverVersion: string }>>
  bootstrap(connectionString: string): Promise<void>
}

const CONNECT_TIMEOUT_MS = 5_000

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'basalt',
  })
  // A server closing the connection after connect must reject the call, not crash the process.
  client.on('error', () => {})
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Removes the password of a connection string from a driver message, in case a driver ever echoes it. */
function withoutPassword(message: string, connectionString: string): string {
  let password = ''
  try {
    password = decodeURIComponent(new URL(connectionString).password)
  } catch {
    return message
  }
  return password ? message.split(password).join('********') : message
}

/**
 * @param adminUrl a superuser URL to any database of the server where project databases are created
 * @param databasePrefix prefix of created database names (tests use their own to clean up after themselves)
 */
export function createProjectDatabaseProvider(
  adminUrl: string,
  databasePrefix = 'basalt_project_',
): ProjectDatabaseProvider {
  const urlFor = (database: string) => {
    const url = new URL(adminUrl)
    url.pathname = '/' + encodeURIComponent(database)
    return url.toString()
  }
  return {
    databaseNameFor: (ref) => databasePrefix + ref,
    urlFor,
    async databaseExists(database) {
      const { rows } = await withClient(adminUrl, (c) =>
        c.query('select 1 from pg_database where datname = $1', [database]),
      )
      return rows.length > 0
    },
    async createDatabase(database) {
      await withClient(adminUrl, (c) => c.query(`create database ${c.escapeIdentifier(database)}`))
    },
    async dropDatabase(database) {
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${c.escapeIdentifier(database)} with (force)`))
    },
    async testConnection(connectionString) {
      try {
        const version = await withClient(connectionString, (c) =>
          c.query<{ server_version: string }>('show server_version'),
        )
        return ok({ serverVersion: version.rows[0]?.server_version ?? 'unknown' })
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : 'Connection failed'
        return fail('connection_failed', `Unable to connect: ${withoutPassword(message, connectionString)}`)
      }
    },
    async bootstrap(connectionString) {
      await withClient(connectionString, (c) => bootstrapProjectDatabase(c))
    },
  }
}
