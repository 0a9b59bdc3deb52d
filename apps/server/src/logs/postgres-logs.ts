import { open, readdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'

/** At most this many bytes of one file are read per pass: a burst of logs is collected over a few passes. */
const MAX_READ = 4 * 1024 * 1024
/** A file fully collected and untouched this long is removed: its lines are in the platform database. */
const DONE_AGE_MS = 10 * 60_000

/** One jsonlog line as PostgreSQL writes it (the fields Basalt keeps). */
interface JsonLogLine {
  timestamp?: string
  error_severity?: string
  state_code?: string
  message?: string
  detail?: string
  hint?: string
  statement?: string
  user?: string
  dbname?: string
  application_name?: string
  backend_type?: string
  pid?: number
  session_id?: string
}

/**
 * A statement that may carry a password or credentials (a role's password, a user mapping's options, a
 * subscription's connection string): a failing one is logged with its text, which every member who may read
 * the project's logs would see, Read-only ones too. Its text is not stored. Deliberately wide, like the same
 * rule in the query-performance report's _basalt.statement_stats() (db/bootstrap/0028).
 */
const MAY_HOLD_SECRETS = /password|user\s+mapping|subscription/i
export const STATEMENT_NOT_KEPT = '-- statement text not kept: it may hold a password or credentials'

const withoutSecrets = (line: JsonLogLine): JsonLogLine =>
  line.statement && MAY_HOLD_SECRETS.test(line.statement) ? { ...line, statement: STATEMENT_NOT_KEPT } : line

/**
 * Collects the new lines of a project's jsonlog files (see PROJECT_CLUSTER_SETTINGS) into
 * basalt_logs.postgres_log: each file is read from where the last pass stopped, up to its last complete line,
 * and the lines and the new offset are written in one transaction, so a line is stored once even when the
 * server stops between the two. A file shorter than its offset was started again: it is read from its start.
 * Files wholly read and left alone for ten minutes are removed. Answers how many lines it stored.
 */
export async function collectPostgresLogs(db: pg.Pool, ref: string, directory: string): Promise<number> {
  let files: string[]
  try {
    files = (await readdir(directory)).filter((f) => f.endsWith('.json')).sort()
  } catch {
    return 0
  }
  if (files.length === 0) return 0
  const { rows } = await db.query<{ file: string; read_bytes: string }>(
    'select file, read_bytes from basalt_logs.collector_offsets where project_ref = $1',
    [ref],
  )
  const offsets = new Map(rows.map((r) => [r.file, Number(r.read_bytes)]))
  let stored = 0
  for (const [index, file] of files.entries()) {
    const full = path.join(directory, file)
    const info = await stat(full).catch(() => null)
    if (!info) continue
    let offset = offsets.get(file) ?? 0
    if (info.size < offset) offset = 0
    if (info.size === offset) {
      const newest = index === files.length - 1
      if (!newest && Date.now() - info.mtimeMs > DONE_AGE_MS) {
        await unlink(full).catch(() => {})
        await db.query('delete from basalt_logs.collector_offsets where project_ref = $1 and file = $2', [ref, file])
      }
      continue
    }
    const length = Math.min(info.size - offset, MAX_READ)
    const buffer = Buffer.alloc(length)
    const handle = await open(full, 'r')
    try {
      await handle.read(buffer, 0, length, offset)
    } finally {
      await handle.close()
    }
    const end = buffer.lastIndexOf(0x0a)
    if (end < 0) continue
    const lines = buffer
      .subarray(0, end)
      .toString('utf8')
      .split('\n')
      .flatMap((text) => {
        try {
          return [withoutSecrets(JSON.parse(text) as JsonLogLine)]
        } catch {
          return []
        }
      })
    const client = await db.connect()
    try {
      await client.query('begin')
      if (lines.length > 0) await insertPostgresLog(client, ref, lines)
      await client.query(
        `insert into basalt_logs.collector_offsets (project_ref, file, read_bytes) values ($1, $2, $3)
         on conflict (project_ref, file) do update set read_bytes = excluded.read_bytes, updated_at = now()`,
        [ref, file, offset + end + 1],
      )
      await client.query('commit')
      stored += lines.length
    } catch (err) {
      await client.query('rollback').catch(() => {})
      throw err
    } finally {
      client.release()
    }
  }
  return stored
}

async function insertPostgresLog(client: pg.ClientBase, ref: string, lines: JsonLogLine[]): Promise<void> {
  const col = <K extends keyof JsonLogLine>(k: K) => lines.map((l) => l[k] ?? null)
  await client.query(
    `insert into basalt_logs.postgres_log
       (project_ref, ts, severity, sqlstate, message, detail, hint, statement, user_name, database_name,
        application_name, backend_type, pid, session_id)
     select $1, ts::timestamptz, coalesce(severity, 'LOG'), sqlstate, coalesce(message, ''), detail, hint,
            statement, user_name, database_name, application_name, backend_type, pid, session_id
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::text[], $11::text[], $12::text[], $13::int[], $14::text[])
         as l(ts, severity, sqlstate, message, detail, hint, statement, user_name, database_name,
              application_name, backend_type, pid, session_id)
      where ts is not null`,
    [
      ref,
      col('timestamp'),
      col('error_severity'),
      col('state_code'),
      col('message'),
      col('detail'),
      col('hint'),
      col('statement'),
      col('user'),
      col('dbname'),
      col('application_name'),
      col('backend_type'),
      col('pid'),
      col('session_id'),
    ],
  )
}
