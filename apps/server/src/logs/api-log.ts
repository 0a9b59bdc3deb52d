import type { FastifyInstance } from 'fastify'
import type pg from 'pg'

/** One request Basalt answered for a project: never its body, query string, cookies or headers but the agent. */
export interface ApiLogLine {
  projectRef: string
  ts: Date
  method: string
  /** The route's template (`/api/platform/pg-meta/:ref/tables`), never the URL: a query string may hold a token. */
  path: string
  status: number
  durationMs: number
  memberId: string | null
  memberEmail: string | null
  responseBytes: number | null
  userAgent: string | null
}

/** Lines held at most while the platform database does not take them; beyond, the oldest are dropped. */
const MAX_PENDING = 20_000
const BATCH = 2_000

/**
 * The API log's writer: a request only appends its line to an array (no I/O on the request's path); a timer
 * writes what gathered, at most every `flushMs`, as one `insert … select from unnest(…)` per batch into the
 * platform database, where every replica's lines meet. A write that fails is retried with the next flush;
 * what cannot be held (MAX_PENDING) is dropped and counted, never blocking a request.
 */
export class ApiLogWriter {
  private pending: ApiLogLine[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> | undefined
  /** Lines dropped because the platform database did not take them in time. */
  dropped = 0

  constructor(
    private readonly db: pg.Pool,
    private readonly flushMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  add(line: ApiLogLine): void {
    this.pending.push(line)
    if (this.pending.length > MAX_PENDING) {
      this.dropped += this.pending.length - MAX_PENDING
      this.pending.splice(0, this.pending.length - MAX_PENDING)
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined
        void this.flush()
      }, this.flushMs)
      this.timer.unref()
    }
  }

  /** Writes every line gathered so far (also what the app's close waits for). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (this.pending.length === 0) return
    this.flushing = this.write().finally(() => (this.flushing = undefined))
    await this.flushing
  }

  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, BATCH)
      try {
        await insertApiLog(this.db, batch)
        this.pending.splice(0, batch.length)
      } catch (err) {
        this.onError(err)
        return
      }
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    await this.flush()
  }
}

/** Inserts lines in one statement: one array parameter per column. */
export async function insertApiLog(db: pg.Pool | pg.ClientBase, lines: readonly ApiLogLine[]): Promise<void> {
  await db.query(
    `insert into basalt_logs.api_log
       (project_ref, ts, method, path, status, duration_ms, member_id, member_email, response_bytes, user_agent)
     select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::smallint[], $6::real[],
                          $7::uuid[], $8::text[], $9::bigint[], $10::text[])`,
    [
      lines.map((l) => l.projectRef),
      lines.map((l) => l.ts),
      lines.map((l) => l.method),
      lines.map((l) => l.path),
      lines.map((l) => l.status),
      lines.map((l) => l.durationMs),
      lines.map((l) => l.memberId),
      lines.map((l) => l.memberEmail),
      lines.map((l) => l.responseBytes),
      lines.map((l) => l.userAgent),
    ],
  )
}

/**
 * Logs every request answered for a project: one whose route resolved the caller's access to a project
 * (`req.projectAccess`: the dashboard's project routes after their permission check, and the project's own
 * Storage API). A request refused before its project was known (signed out, a project of another
 * organisation) belongs to no project's log.
 */
export function registerApiLog(app: FastifyInstance, writer: ApiLogWriter): void {
  app.addHook('onResponse', (req, reply, done) => {
    const access = req.projectAccess
    if (access) {
      const length = Number(reply.getHeader('content-length'))
      const agent = req.headers['user-agent']
      writer.add({
        projectRef: access.project.ref,
        ts: new Date(Date.now() - reply.elapsedTime),
        method: req.method,
        path: req.routeOptions.url ?? 'unknown',
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        memberId: req.auth?.user.id ?? null,
        memberEmail: req.auth?.user.email ?? null,
        responseBytes: Number.isFinite(length) ? length : null,
        userAgent: agent ? agent.slice(0, 512) : null,
      })
    }
    done()
  })
}
