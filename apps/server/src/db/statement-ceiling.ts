import net from 'node:net'
import pg from 'pg'

/*
 * The project's statement timeout is a ceiling its members cannot raise. Postgres' statement_timeout is a
 * setting, and a member's SQL may change it (`set statement_timeout = 0`, `set local`, `set_config`, inside
 * `begin`): so Basalt also stops, from its own side, a statement of a member's SQL that runs past the
 * project's timeout, whatever the session says. It asks the server to cancel it with a protocol cancel
 * request (the backend's pid and secret key, on a connection of its own: no pooled connection and no role
 * needed, so a full pool cannot hold it up); a statement that catches the cancel and goes on is cancelled
 * again, and then ended with pg_terminate_backend from a new connection of the same login.
 */

/** How long after the project's timeout Basalt cancels: Postgres' own timeout, when it holds, fires first. */
export const CEILING_GRACE_MS = 500
/** How often a statement that goes on after a cancel is cancelled again. */
const RECANCEL_EVERY_MS = 500
/** How long after the first cancel a statement that still runs is ended with its backend. */
const TERMINATE_AFTER_MS = 5_000

const CANCEL_REQUEST_CODE = 80877102

/** Sends a protocol CancelRequest for the backend of `client` to the server it is connected to. */
export function sendCancelRequest(client: pg.ClientBase): Promise<void> {
  const c = client as unknown as { host: string; port: number; processID: number | null; secretKey: number | null }
  if (c.processID === null || c.secretKey === null) return Promise.resolve()
  return new Promise((resolve) => {
    const message = Buffer.alloc(16)
    message.writeInt32BE(16, 0)
    message.writeInt32BE(CANCEL_REQUEST_CODE, 4)
    message.writeInt32BE(c.processID!, 8)
    message.writeInt32BE(c.secretKey!, 12)
    const socket = net.connect(c.port, c.host, () => socket.end(message))
    socket.setTimeout(5_000, () => socket.destroy())
    socket.on('error', () => {})
    socket.on('close', () => resolve())
  })
}

/** Ends a backend of the login `options` connects as, from a new connection of that login. */
async function terminateBackend(options: pg.ClientConfig, pid: number): Promise<void> {
  const client = new pg.Client({ ...options, statement_timeout: 5_000, connectionTimeoutMillis: 5_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select pg_catalog.pg_terminate_backend($1)', [pid])
  } catch {
    // The backend's connection limit, or a server going away: the run's own connection is closed anyway.
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Watches the statements of one connection against the project's timeout (see above). `fired` tells the
 * run that a cancel it met was the ceiling's, i.e. a timeout.
 */
export class StatementCeiling {
  fired = false

  constructor(
    private readonly client: pg.ClientBase,
    /** How the connection logged in (the pool's options): to end its backend as the same login. */
    private readonly login: pg.ClientConfig,
    readonly timeoutMs: number,
  ) {}

  /** Runs `statement` (a promise of work under way on the connection), cancelling it past the ceiling. */
  async watch<T>(statement: Promise<T>): Promise<T> {
    let recancel: NodeJS.Timeout | undefined
    let firstCancel = 0
    // Cancels under way: waited for before the statement counts as over, so that none reaches a later one.
    let cancelling: Promise<unknown> = Promise.resolve()
    const cancel = () => {
      cancelling = Promise.all([cancelling, sendCancelRequest(this.client)])
    }
    const timer = setTimeout(() => {
      this.fired = true
      firstCancel = Date.now()
      cancel()
      recancel = setInterval(() => {
        if (Date.now() - firstCancel < TERMINATE_AFTER_MS) {
          cancel()
          return
        }
        clearInterval(recancel)
        const pid = (this.client as unknown as { processID: number | null }).processID
        if (pid !== null) void terminateBackend(this.login, pid)
      }, RECANCEL_EVERY_MS)
    }, this.timeoutMs + CEILING_GRACE_MS)
    try {
      return await statement
    } finally {
      clearTimeout(timer)
      clearInterval(recancel)
      await cancelling
    }
  }
}
