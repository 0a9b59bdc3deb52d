import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** Superuser URL of a database on the test cluster. */
export function testDatabaseUrl(database: string): string {
  const url = new URL(inject('pgAdminUrl'))
  url.pathname = '/' + encodeURIComponent(database)
  return url.toString()
}

/** Runs fn with a superuser client on the test cluster's maintenance database. */
export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Creates a fresh, empty database for one test file; returns its URL and a function dropping it. */
export async function createTestDatabase(
  prefix = 't',
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await withAdminClient((c) => c.query(`create database ${c.escapeIdentifier(name)}`))
  return {
    name,
    url: testDatabaseUrl(name),
    drop: () =>
      withAdminClient((c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`)).then(
        () => undefined,
      ),
  }
}
