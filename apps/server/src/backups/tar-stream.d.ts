// tar-stream ships no types: the part of its API Basalt uses (streamx streams).
declare module 'tar-stream' {
  import type { EventEmitter } from 'node:events'

  export interface Headers {
    name: string
    size?: number
    mode?: number
    mtime?: Date
    type?: 'file' | 'directory' | 'symlink' | 'link' | string
    linkname?: string
  }
  export interface EntryWriter extends EventEmitter {
    write(chunk: Buffer): boolean
    end(): void
  }
  export interface Pack extends AsyncIterable<Buffer>, EventEmitter {
    entry(header: Headers, callback?: (err?: Error | null) => void): EntryWriter
    entry(header: Headers, buffer: Buffer | string, callback?: (err?: Error | null) => void): void
    finalize(): void
    destroy(err?: Error): void
  }
  export interface Entry extends AsyncIterable<Buffer> {
    header: Headers
    resume(): void
  }
  export interface Extract extends AsyncIterable<Entry>, EventEmitter {
    write(chunk: Buffer): boolean
    end(): void
    destroy(err?: Error): void
  }
  export function pack(): Pack
  export function extract(): Extract
}
