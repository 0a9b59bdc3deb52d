import type pg from 'pg'

/*
 * pg reads a whole protocol message before it hands it on, and turns a row's values into strings: one value
 * over 512 MB (V8's longest string) throws inside pg's socket handler and ends the server, and a read of
 * many wide rows holds them all at once. A member's SQL can make either (`select repeat('x', 600000000)`),
 * Read-only members included. So every connection to a project database watches the size of the rows it
 * receives, and closes the connection (which rolls back its transaction) before a row or a read grows past
 * these limits: the call that read it fails with ResultTooLargeError, and the server goes on.
 */

/** The most one row may take on the wire. */
export const MAX_ROW_BYTES = 64 * 1024 * 1024
/** The most the rows of one read may take together (rows received one after another, with nothing between). */
export const MAX_READ_BYTES = 256 * 1024 * 1024

const MB = 1024 * 1024

/** A row, or the rows of one read, would have been over the limits above. */
export class ResultTooLargeError extends Error {
  override name = 'ResultTooLargeError'
}

const DATA_ROW = 0x44 // 'D'
const HEADER_BYTES = 5 // type (1) and length (4, counting itself)

/**
 * Watches the messages a connected client receives (from a message boundary: right after it connected) and
 * closes its socket with a ResultTooLargeError when a row, or a run of rows, goes over the limits.
 */
export function guardRowSizes(
  client: pg.PoolClient | pg.Client,
  limits = { row: MAX_ROW_BYTES, read: MAX_READ_BYTES },
) {
  const stream = (client as unknown as { connection: { stream: NodeJS.ReadableStream & { destroy(e: Error): void } } })
    .connection.stream
  const header = Buffer.alloc(HEADER_BYTES)
  let headerBytes = 0
  /** Bytes of the current message still to come. */
  let rest = 0
  /** Bytes of the rows received one after another so far. */
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
      rest = header.readUInt32BE(1) - 4
      if (header[0] !== DATA_ROW) {
        read = 0
        continue
      }
      read += rest
      if (rest > limits.row) {
        refuse(`A row of the result is over ${limits.row / MB} MB: select fewer or shorter columns`)
      } else if (read > limits.read) {
        refuse(`The rows read at once are over ${limits.read / MB} MB: select fewer or shorter columns, or fewer rows`)
      }
    }
    if (!closed) parse(chunk)
  })
}
