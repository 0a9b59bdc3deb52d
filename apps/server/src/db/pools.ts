import pg from 'pg'
import { guardRowSizes } from './row-guard.ts'

// Types whose JavaScript defaults lose information or time zones are returned as Postgres text; the
// grid and SQL editor show what Postgres says.
const TEXT_TYPES = [
  20, // int8: beyond Number.MAX_SAFE_INTEGER
  1700, // numeric
  1082, // date
  1114, // timestamp
  1184, // timestamptz
  1083, // time
  1266, // timetz
  1186, // interval
  17, // bytea: '\x…' text rather than a Buffer, so JSON answers stay readable
]
const textParser = (v: string) => v
export const dataTypeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.includes(oid) && format !== 'binary'
      ? textParser
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

export interface PoolOptions {
  max?: number
  applicationName?: string
  /** Server settings sent when each connection starts (no round trip of their own). */
  statementTimeoutMs?: number
  idleInTransactionTimeoutMs?: number
  /** `-c name=value` options for the server, e.g. default_transaction_read_only. */
  options?: string
  /** How long a call waits for a connection when every one is busy (and for a new one to connect). */
  waitMs?: number
}

/** How long a call waits for a pool's connection by default. */
export const POOL_WAIT_MS = 10_000

/**
 * Whether pool.connect() failed because every connection of the pool stayed busy for as long as the call
 * waited (not because the server could not be reached). pg-pool gives that error no code: its text, which
 * it uses for nothing else, is the one way to know.
 */
export const isPoolBusy = (err: unknown) =>
  err instanceof Error && err.message === 'timeout exceeded when trying to connect'

/** Where a pool connects: a connection string, or its parts. */
export type PoolTarget =
  { connectionString: string } | { host: string; port: number; database: string; user: string; password: string }

/** A pool for one project database (or the platform store), with Basalt's type parsing. */
export function createPool(
  target: string | PoolTarget,
  {
    max = 10,
    applicationName = 'basalt',
    statementTimeoutMs,
    idleInTransactionTimeoutMs,
    options,
    waitMs = POOL_WAIT_MS,
  }: PoolOptions = {},
): pg.Pool {
  const pool = new pg.Pool({
    ...(typeof target === 'string' ? { connectionString: target } : target),
    max,
    application_name: applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: waitMs,
    types: dataTypeParsers,
    ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
    ...(idleInTransactionTimeoutMs === undefined
      ? {}
      : { idle_in_transaction_session_timeout: idleInTransactionTimeoutMs }),
    ...(options === undefined ? {} : { options }),
  })
  // A client losing its connection (a server restart, a killed backend) must not crash the process: idle
  // ones are reported to the pool; one in use reports it to its call too, and emits it on itself, where
  // nothing would listen while it is checked out.
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    client.on('error', () => {})
    // A member's SQL can make rows the server cannot hold (db/row-guard.ts).
    guardRowSizes(client)
  })
  return pool
}

/**
 * Pools keyed by `<project ref>/<database>/<role>`, created on first use and closed on eviction. Lookups of
 * the connection details are done by the caller so that this class holds no secrets beyond the live pools.
 */
export class PoolRegistry {
  private pools = new Map<string, pg.Pool>()

  get(key: string, target: () => PoolTarget, options?: PoolOptions): pg.Pool {
    let pool = this.pools.get(key)
    if (!pool) {
      pool = createPool(target(), options)
      this.pools.set(key, pool)
    }
    return pool
  }

  /** The live pools of one project (every database and role), for tests and diagnostics. */
  of(ref: string): pg.Pool[] {
    return [...this.pools].filter(([key]) => key.startsWith(`${ref}/`)).map(([, pool]) => pool)
  }

  /** Closes every pool of a project. */
  async evict(ref: string): Promise<void> {
    const keys = [...this.pools.keys()].filter((key) => key.startsWith(`${ref}/`))
    const pools = keys.map((key) => this.pools.get(key)!)
    for (const key of keys) this.pools.delete(key)
    await Promise.all(pools.map((p) => p.end()))
  }

  async closeAll(): Promise<void> {
    const pools = [...this.pools.values()]
    this.pools.clear()
    await Promise.all(pools.map((p) => p.end()))
  }
}
