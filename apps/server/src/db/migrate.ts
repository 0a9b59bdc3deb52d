import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'

export interface Migration {
  version: string
  name: string
  sql: string
}

/** Reads `NNNN_name.sql` files from a directory, in version order. */
export async function loadMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort()
  return Promise.all(
    files.map(async (file) => ({
      version: file.slice(0, 4),
      name: file.slice(5, -4),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  )
}

/**
 * Applies the migrations not yet recorded in `trackingSchema.schema_migrations`, each in its own
 * transaction together with its record, so a failing migration leaves nothing half-applied.
 * An advisory lock keeps two servers starting at once from running the same migration twice.
 * Returns the versions applied.
 */
export async function migrate(
  client: pg.ClientBase,
  trackingSchema: string,
  migrations: Migration[],
): Promise<string[]> {
  const schema = client.escapeIdentifier(trackingSchema)
  // The lock key is derived from the schema name so platform and project runners never block each other.
  // Names are schema-qualified: on a project database this runs as the superuser, and a member may have
  // made functions of the same names (docs/isolation.md).
  await client.query('select pg_catalog.pg_advisory_lock(pg_catalog.hashtext($1))', [
    `basalt-migrate:${trackingSchema}`,
  ])
  try {
    await client.query(`create schema if not exists ${schema}`)
    await client.query(
      `create table if not exists ${schema}.schema_migrations (version text primary key, name text not null, applied_at timestamptz not null default now())`,
    )
    const { rows } = await client.query<{ version: string }>(`select version from ${schema}.schema_migrations`)
    const done = new Set(rows.map((r) => r.version))
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.version)) continue
      await client.query('begin')
      try {
        await client.query(m.sql)
        await client.query(`insert into ${schema}.schema_migrations (version, name) values ($1, $2)`, [
          m.version,
          m.name,
        ])
        await client.query('commit')
      } catch (err) {
        await client.query('rollback')
        const e = err as Error
        e.message = `migration ${m.version}_${m.name} failed: ${e.message}`
        throw e
      }
      applied.push(m.version)
    }
    return applied
  } finally {
    await client.query('select pg_catalog.pg_advisory_unlock(pg_catalog.hashtext($1))', [
      `basalt-migrate:${trackingSchema}`,
    ])
  }
}
