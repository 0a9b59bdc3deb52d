import type pg from 'pg'

/*
 * pg reads a whole protocol message before it hands it on, and turns it into strings: one message over 512 MB
 * (V8's longest string) throws inside pg's socket handler and ends the server, and a read of many wide rows
 * holds them all at once. A member's SQL can make either — a value (`select repeat('x', 600000000)`), an
 * error quoting one (`select repeat('x', 600000000)::int`), a notice, a notification — Read-only members
 * included. So every connection to a project database watches the size of every message it receives, and
 * closes the connection (which rolls back its transaction) before one grows past these limits: the call that
 * read it fails with ResultTooLargeError, saying what was too big, and the server goes on.
 */

/** The most one row may take on the wire. */
export const MAX_ROW_BYTES = 64 * 1024 * 1024
/** The most the rows of one read may take together (rows received one after another, until the read ends). */
export const MAX_READ_BYTES = 256 * 1024 * 1024
/**
 * The most any other message may take: an error, a notice, a notification, a result's column descriptions.
 * Postgres' own are a few kB; a bigger one quotes a value the member's SQL made.
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024

const MB = 1024 * 1024
/** `64 MB`, `0.25 MB`, `4 kB`. */
const inMb = (bytes: number) =>
  bytes >= MB / 10 ? `${Math.round((bytes / MB) * 100) / 100} MB` : `${Math.round(bytes / 1024)} kB`

/** A row, the rows of one read, or another message would have been over the limits above. */
export class ResultTooLargeError extends Error {
  override name = 'ResultTooLargeError'
}

export interface GuardLimits {
  row: number
  read: number
  message: number
}

/**
 * Counts the bytes of rows a connection receives against a budget shared with other connections (the SQL
 * editor's memory budget): `take` answers why it refuses them, or null.
 */
export interface RowMeter {
  take(bytes: number): string | null
}

const meters = new WeakMap<object, RowMeter>()

/** Counts the rows the client receives from now on with `meter` (until it is set to undefined). */
export function meterRows(client: pg.ClientBase, meter: RowMeter | undefined): void {
  if (meter) meters.set(client, meter)
  else meters.delete(client)
}

const DATA_ROW = 0x44 // 'D'
const COPY_DATA = 0x64 // 'd': data too, sized like a row
/** Messages that end a read: after them, the rows of the next read are counted from nothing. */
const READ_ENDS = new Set(
  ['C', 's', 'Z', 'E', 'I', 'T', 'n'].map((c) => c.charCodeAt(0)), // complete, suspended, ready, error, empty, description, no data
)
/** What the member is told of a message too big, by its type. */
const MESSAGE_NAMES = new Map(
  Object.entries({
    E: 'An error message from the database',
    N: 'A notice from the database',
    A: 'A notification from the database',
    T: "The description of a result's columns",
    S: 'A setting reported by the database',
  }).map(([c, name]) => [c.charCodeAt(0), name]),
)
const HEADER_BYTES = 5 // type (1) and length (4, counting itself)

/** What happened to the call when a message was refused. */
const STOPPED = 'its query was stopped and its transaction rolled back'

/**
 * Watches the messages a connected client receives (from a message boundary: right after it connected) and
 * closes its socket with a ResultTooLargeError when a message, or a run of rows, goes over the limits.
 */
export function guardRowSizes(
  client: pg.PoolClient | pg.Client,
  limits: GuardLimits = { row: MAX_ROW_BYTES, read: MAX_READ_BYTES, message: MAX_MESSAGE_BYTES },
) {
  const stream = (client as unknown as { connection: { stream: NodeJS.ReadableStream & { destroy(e: Error): void } } })
    .connection.stream
  const header = Buffer.alloc(HEADER_BYTES)
  let headerBytes = 0
  /** Bytes of the current message still to come. */
  let rest = 0
  /** Bytes of the rows received since the last read ended. */
  let read = 0
  let closed = false
  const refuse = (message: string) => {
    closed = true
    stream.destroy(new ResultTooLargeError(message))
  }
  // pg's parser is the stream's one 'data' listener; the guard runs in its place and hands each chunk on, so
  // that the refusal comes before pg has gathered the message. Kept as the one listener: pg-copy-streams
  // takes that listener over while a COPY runs, and hands it back at a message boundary.
  const listeners = stream.listeners('data') as ((chunk: Buffer) => void)[]
  if (listeners.length !== 1) throw new Error(`a pg connection has ${listeners.length} data listeners, not 1`)
  const parse = listeners[0]!
  stream.removeListener('data', parse)
  stream.on('data', (chunk: Buffer) => {
    let at = 0
    while (at < chunk.length && !closed) {
      if (rest > 0) {
        const skipped = Math.min(rest, chunk.length - at)
        rest -= skipped
        at += skipped
        continue
      }
      header[headerBytes++] = chunk[at++]!
      if (headerBytes < HEADER_BYTES) continue
      headerBytes = 0
      const type = header[0]!
      rest = header.readUInt32BE(1) - 4
      if (type === DATA_ROW || type === COPY_DATA) {
        read += rest
        if (rest > limits.row) {
          refuse(`A row of the result is over ${inMb(limits.row)}: select fewer or shorter columns`)
        } else if (read > limits.read) {
          refuse(`The rows read at once are over ${inMb(limits.read)}: select fewer or shorter columns, or fewer rows`)
        } else {
          const refused = meters.get(client)?.take(rest)
          if (refused) refuse(refused)
        }
        continue
      }
      if (READ_ENDS.has(type)) read = 0
      if (rest > limits.message) {
        const name = MESSAGE_NAMES.get(type) ?? 'A message from the database'
        refuse(`${name} is over ${inMb(limits.message)}: ${STOPPED}`)
      }
    }
    if (!closed) parse(chunk)
  })
}
