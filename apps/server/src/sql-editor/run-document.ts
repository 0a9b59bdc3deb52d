import { PassThrough } from 'node:stream'
import { finished } from 'node:stream/promises'
import type { SqlColumn, SqlResult, SqlRunResult, StatementPlace } from '@basalt/contracts'

/** The answer went away (the client closed the connection): the run stops at its next write. */
export class RunAbortedError extends Error {
  override name = 'RunAbortedError'
}

/** Writes are gathered into chunks of about this size before they go to the socket. */
const CHUNK_CHARS = 64 * 1024

/**
 * The answer of a run (SqlRunResult) written as JSON while the run goes on, so that a big result set never
 * sits whole in the server's memory: each row goes out as it is read, and a slow reader holds the run back
 * (backpressure) instead of piling rows up. Fields that are only known at the end of a result set or of the
 * run (its command tag, columns' type names, notices, status) come after its rows; JSON does not mind.
 */
export class RunDocument {
  /** What the route sends: the document as a byte stream. */
  readonly stream = new PassThrough()
  #pending = ''
  #results = 0
  #rowsInResult = 0
  #closed = false
  #ended = false

  constructor(runId: string) {
    this.stream.once('close', () => {
      this.#closed = true
    })
    // Sent at once, headers with it: the caller knows the run started (and its id) while the first statement
    // still runs.
    this.stream.write(`{"runId":${JSON.stringify(runId)},"results":[`)
  }

  /** Whether the whole document was written. */
  get ended(): boolean {
    return this.#ended
  }

  /** Whether the reader went away. */
  get aborted(): boolean {
    return this.#closed || this.stream.destroyed
  }

  async #write(text: string, flush = false): Promise<void> {
    this.#pending += text
    if (!flush && this.#pending.length < CHUNK_CHARS) return
    if (this.aborted) throw new RunAbortedError('The client went away')
    const chunk = this.#pending
    this.#pending = ''
    if (this.stream.write(chunk)) return
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.stream.off('drain', done)
        this.stream.off('close', gone)
        resolve()
      }
      const gone = () => {
        this.stream.off('drain', done)
        reject(new RunAbortedError('The client went away'))
      }
      this.stream.once('drain', done)
      this.stream.once('close', gone)
    })
  }

  async startResult(statement: StatementPlace): Promise<void> {
    this.#rowsInResult = 0
    await this.#write(`${this.#results++ > 0 ? ',' : ''}{"statement":${JSON.stringify(statement)},"rows":[`)
  }

  /** One row, already JSON (its length counts toward the run's byte limit). */
  async row(json: string): Promise<void> {
    await this.#write(this.#rowsInResult++ > 0 ? ',' + json : json)
  }

  async endResult(tail: Omit<SqlResult, 'statement' | 'rows' | 'columns'> & { columns: SqlColumn[] }): Promise<void> {
    // The tail's fields follow the rows: `{…,"rows":[…],"columns":…,"command":…}`.
    await this.#write(`],${JSON.stringify(tail).slice(1, -1)}}`, true)
  }

  /**
   * Resolves once the reader has taken the whole document (or went away), a turn of the event loop later: work
   * that follows the answer starts after it.
   */
  async sent(): Promise<void> {
    await finished(this.stream).catch(() => {})
    await new Promise((resolve) => setImmediate(resolve))
  }

  /** The rest of the run's answer; ends the stream. */
  async finish(end: Omit<SqlRunResult, 'runId' | 'results'>): Promise<void> {
    await this.#write(`],${JSON.stringify(end).slice(1)}`, true)
    this.#ended = true
    this.stream.end()
  }
}
