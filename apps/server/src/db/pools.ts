import pg from 'pg'

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
}

/** A pool for one project database (or the platform store), with Basalt's type parsing. */
export function createPool(
  connectionString: string,
  { max = 10, applicationName = 'basalt' }: PoolOptions = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: dataTypeParsers,
  })
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {})
  return pool
}

/**
 * Pools keyed by an id (project ref), created on first use and closed on eviction. Lookups of the
 * connection string are done by the caller so that this class holds no secrets beyond the live pools.
 */
export class PoolRegistry {
  private pools = new Map<string, pg.Pool>()

  get(key: string, connectionString: () => string, options?: PoolOptions): pg.Pool {
    let pool = this.pools.get(key)
    if (!pool) {
      pool = createPool(connectionString(), options)
      this.pools.set(key, pool)
    }
    return pool
  }

  async evict(key: string): Promise<void> {
    const pool = this.pools.get(key)
    this.pools.delete(key)
    await pool?.end()
  }

  async closeAll(): Promise<void> {
    const pools = [...this.pools.values()]
    this.pools.clear()
    await Promise.all(pools.map((p) => p.end()))
  }
}
