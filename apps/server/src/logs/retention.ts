import type pg from 'pg'

/** The partitioned log tables of schema basalt_logs, pruned by day. */
export const LOG_TABLES = ['api_log', 'postgres_log', 'samples'] as const
export const DEFAULT_LOG_RETENTION_DAYS = 7

const DAY_MS = 24 * 3600_000
const dayName = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '')
const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))

/**
 * The logs job (every ten minutes, by one replica: pg-boss): creates the partitions of today and the next two
 * days, moving into them what the default partition caught; drops the partitions wholly older than the
 * retention; deletes from the partitions left the rows older than it (the oldest day is cut at the hour the
 * retention ends); and vacuums the partitions that grew since their last vacuum (vacuumLogs). Safe to run
 * twice at once: every step is idempotent, under one advisory lock.
 */
export async function maintainLogs(db: pg.Pool, retentionDays: number, now = new Date()): Promise<void> {
  const client = await db.connect()
  try {
    await client.query(`select pg_advisory_lock(hashtext('basalt-logs-maintenance'))`)
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
    for (const table of LOG_TABLES) {
      for (let i = 0; i < 3; i++) await ensureDay(client, table, new Date(dayStart(now).getTime() + i * DAY_MS))
      const { rows } = await client.query<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = $1::regclass and c.relname ~ '_[0-9]{8}$'`,
        [`basalt_logs.${table}`],
      )
      for (const { name } of rows) {
        const day = name.slice(-8)
        const start = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`)
        if (start.getTime() + DAY_MS <= cutoff.getTime()) {
          await client.query(`drop table if exists basalt_logs.${client.escapeIdentifier(name)}`)
        }
      }
      await client.query(`delete from basalt_logs.${table} where ts < $1`, [cutoff])
    }
    await vacuumLogs(client)
    // What the log readers' backends were last allowed (log-reader.ts): a query lasts seconds.
    await client.query(`delete from basalt_logs.reader_sessions where updated_at < now() - interval '1 hour'`)
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('basalt-logs-maintenance'))`).catch(() => {})
    client.release()
  }
}

/** Creates the partition of one day, moving the default partition's rows of that day into it first. */
async function ensureDay(client: pg.PoolClient, table: string, day: Date): Promise<void> {
  const name = `${table}_${dayName(day)}`
  const { rows } = await client.query(`select 1 from pg_class where oid = to_regclass($1)`, [`basalt_logs.${name}`])
  if (rows.length > 0) return
  const from = day.toISOString()
  const to = new Date(day.getTime() + DAY_MS).toISOString()
  // A partition cannot be attached while the default one holds rows of its range: move them in one transaction.
  await client.query('begin')
  try {
    await client.query(`create table basalt_logs.${name} (like basalt_logs.${table} including defaults)`)
    await client.query(
      `with moved as (delete from basalt_logs.${table}_default where ts >= $1 and ts < $2 returning *)
       insert into basalt_logs.${name} select * from moved`,
      [from, to],
    )
    await client.query(
      `alter table basalt_logs.${table} attach partition basalt_logs.${name} for values from (${client.escapeLiteral(from)}) to (${client.escapeLiteral(to)})`,
    )
    await client.query('commit')
  } catch (err) {
    await client.query('rollback')
    // Another server made it at the same moment.
    if (!/already exists/.test((err as Error).message)) throw err
  }
}

/**
 * Vacuums (and analyzes) each log partition of which more than a tenth of the pages are not marked all-visible.
 * A query over a range then reads its lines from an index alone — `api_log_path_idx` in path order (migration
 * 0034), `(project_ref, ts)` for counts and histograms — where it would otherwise read every page of the table
 * as well. The logs only grow (and are cut once a day), so a vacuum reads just the pages written since the last
 * one; autovacuum would get there too, on its own schedule, or never where it is turned off.
 */
async function vacuumLogs(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = any($1::regclass[]) and c.relkind = 'r' and pg_relation_size(c.oid) > 0
        and c.relallvisible < 0.9 * (pg_relation_size(c.oid) / current_setting('block_size')::int)`,
    [LOG_TABLES.map((table) => `basalt_logs.${table}`)],
  )
  for (const { name } of rows) await client.query(`vacuum (analyze) basalt_logs.${client.escapeIdentifier(name)}`)
}
