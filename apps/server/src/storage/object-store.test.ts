import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'
import { byteKey, InvalidKeyError, StoreWriteError, type ObjectStore } from './object-store.ts'

/** One suite, both backends: the directory store and the S3 store against a real s3rver on 127.0.0.1. */
describe.each(STORAGE_BACKENDS)('object store: %s', (kind, open) => {
  let store: ObjectStore
  let env: OpenBackend
  beforeAll(async () => {
    env = await open()
    store = env.store
  })
  afterAll(async () => {
    await env?.close()
  })
  const keys = async (prefix: string) => {
    const found: string[] = []
    for await (const { key } of store.list(prefix)) found.push(key)
    return found.sort()
  }

  it('stores bytes, reads them whole and by range, and deletes them', async () => {
    const key = byteKey('proj', 'avatars', '11111111-1111-4111-8111-111111111111')
    const body = Buffer.from('0123456789'.repeat(1000))
    const { size } = await store.put(key, Readable.from([body]), { contentType: 'text/plain', expectedSize: 10_000 })
    expect(size).toBe(10_000)
    expect(await text((await store.get(key))!)).toBe(body.toString())
    expect(await text((await store.get(key, { start: 5, end: 14 }))!)).toBe('5678901234')
    expect((await store.stat(key))?.size).toBe(10_000)
    expect(await keys('proj/')).toEqual([key])
    await store.delete([key, byteKey('proj', 'avatars', 'never-written')])
    expect(await store.get(key)).toBeNull()
    expect(await store.stat(key)).toBeNull()
  })

  it('stores a multi-part body (over 8 MiB) in order', async () => {
    const key = byteKey('proj', 'big', 'multi')
    const chunks = Array.from({ length: 9 }, (_, i) => Buffer.alloc(1024 * 1024, 65 + i))
    await store.put(key, Readable.from(chunks), { contentType: 'application/octet-stream', expectedSize: 9 << 20 })
    const back = await text((await store.get(key, { start: (8 << 20) - 2, end: (8 << 20) + 1 }))!)
    expect(back).toBe('HHII')
    await store.delete([key])
  })

  it('leaves nothing under the key when the body ends short, is cut, or is too long', async () => {
    const short = byteKey('proj', 'b', 'short')
    await expect(
      store.put(short, Readable.from([Buffer.alloc(100)]), { contentType: 'text/plain', expectedSize: 200 }),
    ).rejects.toBeInstanceOf(StoreWriteError)
    const long = byteKey('proj', 'b', 'long')
    await expect(
      store.put(long, Readable.from([Buffer.alloc(300)]), { contentType: 'text/plain', expectedSize: 200 }),
    ).rejects.toBeInstanceOf(StoreWriteError)
    // A connection that drops half-way through a 12 MiB body.
    const cut = byteKey('proj', 'b', 'cut')
    const body = new PassThrough()
    const writing = store.put(cut, body, { contentType: 'text/plain', expectedSize: 12 << 20 })
    body.write(Buffer.alloc(9 << 20, 1))
    setTimeout(() => body.destroy(new Error('connection reset')), 50)
    await expect(writing).rejects.toBeInstanceOf(StoreWriteError)
    for (const key of [short, long, cut]) expect(await store.stat(key), key).toBeNull()
    expect(await keys('proj/b/')).toEqual([])
    if (env.root) {
      // No temporary file left beside them either.
      expect(await readdir(path.join(env.root, 'proj/b')).catch(() => [])).toEqual([])
    }
  })

  it('refuses keys that could leave the store, encoded or not', async () => {
    const bad = ['../outside', 'proj/../../outside', '/etc/passwd', 'proj/a\u0000b', 'proj/..\\..\\x', 'proj//x', '']
    for (const key of bad) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toThrow(
        InvalidKeyError,
      )
      await expect(store.get(key)).rejects.toThrow(InvalidKeyError)
      await expect(store.delete([key])).rejects.toThrow(InvalidKeyError)
    }
    // Ids and bucket names are encoded into one segment each: '..', '/' and '%2e%2e' stay inside.
    expect(byteKey('proj', '..', '../x')).toBe('proj/%2E%2E/%2E%2E%2Fx')
    expect(byteKey('proj', '%2e%2e', 'a')).toBe('proj/%252e%252e/a')
    const key = byteKey('proj', '..', '..')
    await store.put(key, Readable.from([Buffer.from('inside')]), { contentType: 'text/plain' })
    expect(await keys('proj/')).toEqual([key])
    await store.delete([key])
  })

  it(`is the ${kind} backend`, () => {
    expect(store.kind).toBe(kind)
  })
})
