import pg from 'pg'

/**
 * What one Basalt server tells every other on the same platform database (and itself), through Postgres'
 * LISTEN/NOTIFY, so that no replica acts on what another has changed:
 * - `access`: who may do what changed (a sign-out, a role, a member, a project's status…): drop remembered
 *   access;
 * - `project_closed`: a project was paused or deleted: close every connection to it.
 */
export type PlatformEvent = { kind: 'access' } | { kind: 'project_closed'; ref: string }

const CHANNEL = 'basalt_events'
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000]

export interface PlatformEvents {
  /** Sends an event to every server, this one included (after the sender's transaction, if any, commits). */
  publish(event: PlatformEvent): Promise<void>
  /** Runs handler for every event; also with `{ kind: 'resync' }` when listening (re)starts, as events may
   * have been missed while it was not. */
  subscribe(handler: (event: PlatformEvent | { kind: 'resync' }) => void): void
  close(): Promise<void>
}

/**
 * Events over the platform database: `publish` is a pg_notify on the pool, and one dedicated connection
 * listens (reconnecting with growing pauses when the platform database restarts). With no URL to listen
 * on, events reach this server only.
 */
export function platformEvents(db: pg.Pool, listenUrl: string | undefined): PlatformEvents {
  const handlers: ((event: PlatformEvent | { kind: 'resync' }) => void)[] = []
  const emit = (event: PlatformEvent | { kind: 'resync' }) => {
    for (const handler of handlers) handler(event)
  }
  let closed = false
  let listener: pg.Client | undefined
  let attempt = 0
  let pending: NodeJS.Timeout | undefined

  // One listening connection at a time: a lost one schedules the next attempt, with growing pauses.
  const retry = () => {
    if (closed || pending) return
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]
    pending = setTimeout(() => {
      pending = undefined
      void listen()
    }, delay)
  }
  const listen = async (): Promise<void> => {
    if (closed || !listenUrl) return
    const client = new pg.Client({ connectionString: listenUrl, application_name: 'basalt-events' })
    client.on('error', () => {})
    client.on('notification', (message) => {
      try {
        emit(JSON.parse(message.payload ?? '') as PlatformEvent)
      } catch {
        // Not one of ours.
      }
    })
    try {
      await client.connect()
      await client.query(`listen ${CHANNEL}`)
    } catch {
      await client.end().catch(() => {})
      retry()
      return
    }
    if (closed) {
      await client.end().catch(() => {})
      return
    }
    listener = client
    attempt = 0
    client.once('end', () => {
      listener = undefined
      retry()
    })
    emit({ kind: 'resync' })
  }
  void listen()

  return {
    async publish(event) {
      if (!listenUrl) {
        emit(event)
        return
      }
      await db.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)])
    },
    subscribe(handler) {
      handlers.push(handler)
    },
    async close() {
      closed = true
      clearTimeout(pending)
      await listener?.end().catch(() => {})
    },
  }
}
