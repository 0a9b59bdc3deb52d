import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, opendir, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { checkKey, InvalidKeyError, sizeGuard, StoreWriteError, type ObjectStore } from './object-store.ts'

/** Suffix of a file being written; the sweep and list skip them, the rename at the end drops it. */
const PARTIAL = '.partial-'

/**
 * The object store in a directory (DATA_DIR/storage by default): each key is a file under root. A write
 * goes to a temporary file beside its key, flushed to the disk (fsync) and renamed over the key, the rename
 * flushed too (the directory's fsync): a key never holds part of its bytes, and a write that returned
 * survives a power cut, as an object an S3 server has answered for does.
 */
export function fsObjectStore(root: string): ObjectStore {
  const base = path.resolve(root)
  /** The file of key; refuses any key whose file would not be inside root. */
  const fileOf = (key: string) => {
    checkKey(key)
    const file = path.resolve(base, key)
    if (!file.startsWith(base + path.sep)) throw new InvalidKeyError('Invalid storage key: outside the store')
    return file
  }
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT'

  return {
    kind: 'fs',
    location: { root: base },
    async put(key, body, { expectedSize }) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}${PARTIAL}${randomBytes(6).toString('hex')}`
      const guarded = sizeGuard(body, { expected: expectedSize })
      try {
        await pipeline(guarded.stream, createWriteStream(temp, { highWaterMark: 1024 * 1024, flush: true }))
        await rename(temp, file)
        await fsyncPath(path.dirname(file))
      } catch (err) {
        await rm(temp, { force: true })
        if (err instanceof StoreWriteError) throw err
        throw new StoreWriteError((err as Error).message)
      }
      return { size: guarded.counted() }
    },
    async get(key, range) {
      const file = fileOf(key)
      try {
        await stat(file)
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
      return createReadStream(file, { ...(range ?? {}), highWaterMark: 1024 * 1024 })
    },
    async stat(key) {
      try {
        const s = await stat(fileOf(key))
        return { size: s.size, modified: s.mtime }
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },
    async delete(keys) {
      for (const key of keys) {
        await unlink(fileOf(key)).catch((err: unknown) => {
          if (!missing(err)) throw err
        })
      }
    },
    async *list(prefix) {
      const dir = fileOf(prefix.replace(/\/$/, ''))
      async function* walk(d: string): AsyncGenerator<{ key: string; modified: Date }> {
        let handle
        try {
          handle = await opendir(d)
        } catch (err) {
          if (missing(err)) return
          throw err
        }
        for await (const entry of handle) {
          const full = path.join(d, entry.name)
          if (entry.isDirectory()) yield* walk(full)
          else if (entry.isFile()) {
            const s = await stat(full).catch(() => null)
            if (s) yield { key: path.relative(base, full).split(path.sep).join('/'), modified: s.mtime }
          }
        }
      }
      yield* walk(dir)
    },
    async close() {},
  }
}

/** Flushes a file or directory to the disk (fsync). */
export async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
