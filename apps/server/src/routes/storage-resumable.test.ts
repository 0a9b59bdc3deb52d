import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import type pg from 'pg'
import * as tus from 'tus-js-client'
import { STORAGE_MESSAGES } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { buildApp } from '../app.ts'
import type { App } from './types.ts'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'
import { bytePrefix, type ObjectStore } from '../storage/object-store.ts'

/** TUS resumable uploads at the Storage API path, with tus-js-client (what the explorer uses), on both stores. */
describe.each(STORAGE_BACKENDS)('resumable uploads on %s', (_kind, open) => {
  let backend: OpenBackend
  let store: ObjectStore
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let base: string
  let staging: string
  /** Basalt started again on the same data (the restart test). */
  let restarted: App | undefined
  const endpoint = () => `${base}/project-api/${p.ref}/storage/v1/upload/resumable`
  const headersOf = (agent: Agent) => ({
    cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': agent.cookies.get('basalt_csrf') ?? '',
  })
  const keys = async () => {
    const found: string[] = []
    for await (const { key } of store.list(bytePrefix(p.ref, 'big'))) found.push(key)
    return found
  }
  /** Runs an upload to its end (or its error), stopping it once after `stopAfter` bytes when given. */
  const run = (
    data: Buffer,
    options: { name: string; agent?: Agent; uploadUrl?: string; stopAfter?: number; upsert?: boolean },
  ) =>
    new Promise<{ url: string | null; error: Error | null; stopped: boolean }>((resolve) => {
      const upload: tus.Upload = new tus.Upload(data, {
        endpoint: endpoint(),
        uploadUrl: options.uploadUrl,
        chunkSize: 2 * 1024 * 1024,
        retryDelays: null,
        removeFingerprintOnSuccess: true,
        metadata: { bucketName: 'big', objectName: options.name, contentType: 'application/octet-stream' },
        headers: { ...headersOf(options.agent ?? p.owner), ...(options.upsert ? { 'x-upsert': 'true' } : {}) },
        onProgress: (sent) => {
          if (options.stopAfter !== undefined && sent >= options.stopAfter) {
            upload.abort().then(
              () => resolve({ url: upload.url, error: null, stopped: true }),
              (error: Error) => resolve({ url: upload.url, error, stopped: true }),
            )
          }
        },
        onSuccess: () => resolve({ url: upload.url, error: null, stopped: false }),
        onError: (error) => resolve({ url: upload.url, error, stopped: false }),
      })
      upload.start()
    })

  beforeAll(async () => {
    backend = await open()
    store = backend.store
    staging = await mkdtemp(path.join(os.tmpdir(), 'basalt-staging-'))
    // Closing a server leaves the store to the test (the restart test starts a second server on it).
    p = await createProjectApp('Resumable', {
      objectStore: { ...store, close: async () => {} },
      config: { dataDir: staging },
    })
    project = p.database
    base = await p.t.app.listen({ port: 0, host: '127.0.0.1' })
    await p.owner.post(`/api/storage/${p.ref}/buckets`, { id: 'big', file_size_limit: 20 * 1024 * 1024 })
  })
  afterAll(async () => {
    await restarted?.close()
    await p?.close()
    await backend?.close()
    await rm(staging, { recursive: true, force: true })
  })

  it('finishes an upload stopped half-way (a dropped connection or a reload) from where it stopped', async () => {
    const data = Buffer.alloc(7 * 1024 * 1024)
    for (let i = 0; i < data.length; i += 4) data.writeUInt32LE(i, i)
    const first = await run(data, { name: 'videos/clip.bin', stopAfter: 2 * 1024 * 1024 })
    expect(first.stopped).toBe(true)
    expect(first.url).toMatch(new RegExp(`/project-api/${p.ref}/storage/v1/upload/resumable/`))
    // Not visible while unfinished.
    expect((await project.query(`select 1 from storage.objects where name = 'videos/clip.bin'`)).rows).toEqual([])
    // A new client (the page reloaded) asks where it stands and sends the rest.
    const second = await run(data, { name: 'videos/clip.bin', uploadUrl: first.url! })
    expect(second.error).toBeNull()
    const { rows } = await project.query(
      `select id::text, metadata->>'size' as size from storage.objects where bucket_id = 'big' and name = 'videos/clip.bin'`,
    )
    expect(rows).toEqual([{ id: expect.any(String), size: String(data.length) }])
    const res = await p.owner.get(`/api/storage/${p.ref}/buckets/big/objects/download?path=videos/clip.bin`)
    expect(res.rawPayload.equals(data)).toBe(true)
    // Only the object's bytes are left: the upload's own state is gone.
    expect(await keys()).toEqual([`${bytePrefix(p.ref, 'big')}${rows[0].id}`])
    const back = await store.get(`${bytePrefix(p.ref, 'big')}${rows[0].id}`, { start: 0, end: 3 })
    expect(Buffer.from(await text(back!), 'latin1').length).toBe(4)
  })

  it('refuses before the first byte: over the limit, a taken name, a bad name, and callers without write access', async () => {
    const over = await run(Buffer.alloc(21 * 1024 * 1024), { name: 'huge.bin' })
    expect(over.error?.message).toContain(STORAGE_MESSAGES.overBucketLimit(20 * 1024 * 1024))
    const taken = await run(Buffer.alloc(10), { name: 'videos/clip.bin' })
    expect(taken.error?.message).toContain('409')
    expect((await run(Buffer.from('new'), { name: 'videos/clip.bin', upsert: true })).error).toBeNull()
    const bad = await run(Buffer.alloc(10), { name: '../escape.bin' })
    expect(bad.error?.message).toContain('400')
    const readOnly = await p.join('ro@example.com', 'read_only')
    expect((await run(Buffer.alloc(10), { name: 'ro.bin', agent: readOnly })).error?.message).toContain('403')
    const outsider = await p.outsider()
    expect((await run(Buffer.alloc(10), { name: 'out.bin', agent: outsider })).error?.message).toContain('404')
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    expect((await run(Buffer.alloc(10), { name: 'anon.bin', agent: anonymous })).error?.message).toContain('401')
    const noToken = await fetch(endpoint(), {
      method: 'POST',
      headers: { cookie: headersOf(p.owner).cookie, 'tus-resumable': '1.0.0', 'upload-length': '1' },
    })
    expect(noToken.status).toBe(403)
    const names = await project.query(`select name from storage.objects where bucket_id = 'big' order by name`)
    expect(names.rows).toEqual([{ name: 'videos/clip.bin' }])
  })

  it('finishes an upload after Basalt restarts in the middle of it', async () => {
    const data = Buffer.alloc(5 * 1024 * 1024)
    for (let i = 0; i < data.length; i += 4) data.writeUInt32LE(i ^ 0x5a5a5a5a, i)
    const first = await run(data, { name: 'restart/clip.bin', stopAfter: 2 * 1024 * 1024 })
    expect(first.stopped).toBe(true)
    // Basalt stops, and starts again on the same platform database, data directory and store, at the same
    // address: nothing of the upload is kept in the first server's memory.
    await p.t.app.close()
    restarted = await buildApp({
      config: p.t.config,
      db: p.t.db,
      projectDatabases: p.t.projectDatabases,
      platformUrl: p.t.platformUrl,
      webDistDir: null,
      objectStore: { ...store, close: async () => {} },
    })
    await restarted.listen({ port: Number(new URL(base).port), host: '127.0.0.1' })
    expect((await project.query(`select 1 from storage.objects where name = 'restart/clip.bin'`)).rows).toEqual([])
    const second = await run(data, { name: 'restart/clip.bin', uploadUrl: first.url! })
    expect(second.error).toBeNull()
    const res = await fetch(`${base}/api/storage/${p.ref}/buckets/big/objects/download?path=restart/clip.bin`, {
      headers: { cookie: headersOf(p.owner).cookie },
    })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true)
  })
})
