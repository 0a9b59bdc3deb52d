import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { SignJWT } from 'jose'
import type pg from 'pg'
import { STORAGE_MESSAGES, ZIP_MANIFEST_NAME, type StorageItem } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'
import { byteKey, bytePrefix, type ObjectStore } from '../storage/object-store.ts'
import { projectJwtSecret } from '../storage/project-secrets.ts'
import { sweepProject } from '../storage/sweep.ts'

/**
 * The storage routes (issue 24), the whole suite once per object store: the directory and S3 (a real s3rver
 * on 127.0.0.1). Metadata in the project's own storage tables, through the members' own logins.
 */
describe.each(STORAGE_BACKENDS)('storage routes on %s', (_kind, open) => {
  let backend: OpenBackend
  let store: ObjectStore
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let project: pg.Client
  let readOnly: Agent
  let outsider: Agent
  let anonymous: Agent
  const api = (rest: string) => `/api/storage/${p.ref}${rest}`
  const objects = (bucket: string, rest = '') => api(`/buckets/${bucket}/objects${rest}`)
  const upload = (agent: Agent, bucket: string, name: string, body: Buffer | string, type = 'text/plain', query = '') =>
    agent.request('POST', objects(bucket, `/upload?path=${encodeURIComponent(name)}${query}`), Buffer.from(body), {
      'content-type': type,
    })
  const keysOf = async (bucket: string) => {
    const keys: string[] = []
    for await (const { key } of store.list(bytePrefix(p.ref, bucket))) keys.push(key)
    return keys
  }
  const waitForJob = async (jobId: string) => {
    for (let i = 0; i < 300; i++) {
      const job = (await p.owner.get(api(`/jobs/${jobId}`))).json()
      if (job.state === 'done' || job.state === 'failed') return job
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('job did not end')
  }

  beforeAll(async () => {
    backend = await open()
    store = backend.store
    p = await createProjectApp('Files', { objectStore: store })
    project = p.database
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
  })
  afterAll(async () => {
    await p?.close()
    await backend?.close()
  })

  describe('buckets', () => {
    it('creates, lists, reads and edits a bucket (not its name)', async () => {
      const created = await p.owner.post(api('/buckets'), {
        id: 'avatars',
        public: false,
        file_size_limit: 1024,
        allowed_mime_types: ['image/*'],
      })
      expect(created.statusCode, created.body).toBe(201)
      expect(created.json()).toMatchObject({ id: 'avatars', name: 'avatars', public: false, file_size_limit: 1024 })
      // In the project's own table, as a Supabase database has it.
      const { rows } = await project.query('select id, name, public, allowed_mime_types from storage.buckets')
      expect(rows).toEqual([{ id: 'avatars', name: 'avatars', public: false, allowed_mime_types: ['image/*'] }])
      const edited = await p.owner.patch(api('/buckets/avatars'), { public: true, allowed_mime_types: null })
      expect(edited.json()).toMatchObject({ public: true, file_size_limit: 1024, allowed_mime_types: null })
      expect((await p.owner.patch(api('/buckets/avatars'), { name: 'x' })).statusCode).toBe(400)
      const list = await readOnly.get(api('/buckets'))
      expect(list.json().map((b: { id: string }) => b.id)).toEqual(['avatars'])
    })

    it('refuses names that break the rules with the spec sentences, and a taken name', async () => {
      const cases: [string, string][] = [
        ['', STORAGE_MESSAGES.bucketNameRequired],
        ['photos ', STORAGE_MESSAGES.bucketNameTrailingSpace],
        ['public', STORAGE_MESSAGES.bucketNameReserved],
        ['Photos', STORAGE_MESSAGES.bucketNameHint],
        ['..', STORAGE_MESSAGES.bucketNameHint],
        ['a/b', STORAGE_MESSAGES.bucketNameHint],
      ]
      for (const [id, message] of cases) {
        const res = await p.owner.post(api('/buckets'), { id })
        expect(res.statusCode, id).toBe(400)
        expect(res.json().message, id).toContain(message)
      }
      const negative = await p.owner.post(api('/buckets'), { id: 'neg', file_size_limit: -1 })
      expect(negative.json().message).toContain(STORAGE_MESSAGES.bucketSizeLimitMin)
      const taken = await p.owner.post(api('/buckets'), { id: 'avatars' })
      expect(taken.statusCode).toBe(409)
      expect(taken.json().message).toBe('A bucket named "avatars" already exists')
    })

    it('is a 404 for a missing bucket', async () => {
      for (const url of [api('/buckets/nope'), objects('nope'), objects('nope', '/download?path=a.txt')]) {
        const res = await p.owner.get(url)
        expect(res.statusCode, url).toBe(404)
        expect(res.json().message).toBe('Bucket not found')
      }
    })
  })

  describe('uploads and downloads', () => {
    beforeAll(async () => {
      await p.owner.post(api('/buckets'), { id: 'docs' })
    })

    it('stores a file streamed from the body and serves it whole, by range and by ETag', async () => {
      const res = await upload(p.owner, 'docs', 'notes/hello.txt', 'Hello, world!')
      expect(res.statusCode, res.body).toBe(201)
      const item: StorageItem = res.json()
      expect(item).toMatchObject({ name: 'hello.txt', path: 'notes/hello.txt', kind: 'file', size: 13 })
      expect(item.mimetype).toBe('text/plain')
      expect(item.cacheControl).toBe('max-age=3600')
      expect(await keysOf('docs')).toEqual([byteKey(p.ref, 'docs', item.id!)])

      const whole = await readOnly.get(objects('docs', '/download?path=notes/hello.txt'))
      expect(whole.statusCode).toBe(200)
      expect(whole.body).toBe('Hello, world!')
      expect(whole.headers['content-type']).toBe('text/plain')
      expect(whole.headers['content-length']).toBe('13')
      expect(whole.headers['last-modified']).toBeTruthy()
      expect(whole.headers['content-disposition']).toBe('inline; filename="hello.txt"')
      const part = await readOnly.request(
        'GET',
        objects('docs', '/download?path=notes/hello.txt&download=1'),
        undefined,
        {
          range: 'bytes=7-11',
        },
      )
      expect(part.statusCode).toBe(206)
      expect(part.body).toBe('world')
      expect(part.headers['content-range']).toBe('bytes 7-11/13')
      expect(part.headers['content-disposition']).toBe('attachment; filename="hello.txt"')
      const cached = await readOnly.request('GET', objects('docs', '/download?path=notes/hello.txt'), undefined, {
        'if-none-match': whole.headers.etag as string,
      })
      expect(cached.statusCode).toBe(304)
      const outside = await readOnly.request('GET', objects('docs', '/download?path=notes/hello.txt'), undefined, {
        range: 'bytes=50-60',
      })
      expect(outside.statusCode).toBe(416)
    })

    it("records a download in last_accessed_at, a Read-only member's too, and nothing else", async () => {
      const item: StorageItem = (await upload(p.owner, 'docs', 'read-me.txt', 'read')).json()
      await project.query(
        `update storage.objects set last_accessed_at = '2020-01-01', updated_at = '2021-01-01' where id = $1`,
        [item.id],
      )
      const accessed = async () =>
        (
          await project.query<{ last: Date; updated: Date }>(
            'select last_accessed_at as last, updated_at as updated from storage.objects where id = $1',
            [item.id],
          )
        ).rows[0]!
      expect((await readOnly.get(objects('docs', '/download?path=read-me.txt'))).statusCode).toBe(200)
      // Recorded after the answer: wait for it (bounded).
      for (let i = 0; i < 100 && (await accessed()).last.getUTCFullYear() === 2020; i++) {
        await new Promise((r) => setTimeout(r, 20))
      }
      const after = await accessed()
      expect(Date.now() - after.last.getTime()).toBeLessThan(60_000)
      expect(after.updated.toISOString()).toBe('2021-01-01T00:00:00.000Z')
    })

    it('refuses a taken name, and replaces it with upsert (the old bytes removed)', async () => {
      await upload(p.owner, 'docs', 'same.txt', 'first')
      const again = await upload(p.owner, 'docs', 'same.txt', 'second')
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe(STORAGE_MESSAGES.objectExists('same.txt'))
      const before = await keysOf('docs')
      const replaced = await upload(p.owner, 'docs', 'same.txt', 'second', 'text/plain', '&upsert=true')
      expect(replaced.statusCode).toBe(201)
      expect((await p.owner.get(objects('docs', '/download?path=same.txt'))).body).toBe('second')
      expect((await keysOf('docs')).length).toBe(before.length)
    })

    it('checks both limits and the allowed types before storing a byte, and says which refused', async () => {
      await p.owner.post(api('/buckets'), {
        id: 'small',
        file_size_limit: 10,
        allowed_mime_types: ['image/*', 'text/csv'],
      })
      const big = await upload(p.owner, 'small', 'big.png', Buffer.alloc(11), 'image/png')
      expect(big.statusCode).toBe(413)
      expect(big.json().message).toBe(STORAGE_MESSAGES.overBucketLimit(10))
      const type = await upload(p.owner, 'small', 'x.pdf', Buffer.alloc(5), 'application/pdf')
      expect(type.statusCode).toBe(415)
      expect(type.json().message).toBe('The file type application/pdf is not allowed in this bucket')
      expect((await upload(p.owner, 'small', 'ok.png', Buffer.alloc(10), 'image/png')).statusCode).toBe(201)

      expect(
        (await p.owner.patch(`/api/platform/projects/${p.ref}/config/storage`, { fileSizeLimit: 4 })).statusCode,
      ).toBe(200)
      expect(
        (await readOnly.patch(`/api/platform/projects/${p.ref}/config/storage`, { fileSizeLimit: 4 })).statusCode,
      ).toBe(403)
      const overProject = await upload(p.owner, 'docs', 'five.txt', '12345')
      expect(overProject.statusCode).toBe(413)
      expect(overProject.json().message).toBe(STORAGE_MESSAGES.overProjectLimit(4))
      const tooHigh = await p.owner.patch(`/api/platform/projects/${p.ref}/config/storage`, {
        fileSizeLimit: 53_687_091_201,
      })
      expect(tooHigh.json().message).toContain('Upload file size limit must be up to 50GB (53687091200 bytes)')
      await p.owner.patch(`/api/platform/projects/${p.ref}/config/storage`, { fileSizeLimit: 53_687_091_200 })
      expect((await p.owner.get(`/api/platform/projects/${p.ref}/config/storage`)).json()).toEqual({
        fileSizeLimit: 53_687_091_200,
        isFreeTier: false,
      })
      const { rows } = await project.query(`select name from storage.objects where bucket_id = 'small'`)
      expect(rows).toEqual([{ name: 'ok.png' }])
      const audit = await p.t.db.query(
        `select details from basalt.audit_log where action = 'storage.settings.update' order by id`,
      )
      expect(audit.rows.at(-1)?.details).toMatchObject({ project: p.ref, fileSizeLimit: { after: 53_687_091_200 } })
    })

    it('fixes the limit at 50 MB on the free plan: shown as such, not changeable, enforced on uploads', async () => {
      const settings = `/api/platform/projects/${p.ref}/config/storage`
      p.t.config.storagePlan = 'free'
      try {
        expect((await readOnly.get(settings)).json()).toEqual({ fileSizeLimit: 52_428_800, isFreeTier: true })
        const refused = await p.owner.patch(settings, { fileSizeLimit: 1000 })
        expect(refused.statusCode).toBe(403)
        expect(refused.json().message).toBe(STORAGE_MESSAGES.freePlanLimit)
        const over = await upload(p.owner, 'docs', 'big.bin', Buffer.alloc(52_428_801))
        expect(over.statusCode).toBe(413)
        expect(over.json().message).toBe(STORAGE_MESSAGES.overProjectLimit(52_428_800))
      } finally {
        p.t.config.storagePlan = 'pro'
      }
      expect((await p.owner.get(settings)).json()).toEqual({ fileSizeLimit: 53_687_091_200, isFreeTier: false })
      expect((await project.query(`select 1 from storage.objects where name = 'big.bin'`)).rows).toEqual([])
    })

    it('refuses bad names, encoded ones too, and stores nothing', async () => {
      const before = await keysOf('docs')
      const names = ['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a\u0000b', 'a'.repeat(1100), 'a//b', 'x/']
      for (const name of names) {
        const res = await upload(p.owner, 'docs', name, 'x')
        expect(res.statusCode, JSON.stringify(name)).toBe(400)
      }
      // Percent-encoded traversal arrives decoded, and is refused the same way.
      for (const raw of ['%2e%2e%2fescape.txt', '..%2Fescape.txt', 'a%00b']) {
        const res = await p.owner.request('POST', objects('docs', `/upload?path=${raw}`), Buffer.from('x'), {
          'content-type': 'text/plain',
        })
        expect(res.statusCode, raw).toBe(400)
        const down = await p.owner.get(objects('docs', `/download?path=${raw}`))
        expect(down.statusCode, raw).toBe(400)
      }
      expect(await keysOf('docs')).toEqual(before)
    })

    it('leaves nothing visible, and no bytes, when the connection drops mid-upload', async () => {
      const address = await p.t.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = new URL(address)
      const cookie = [...p.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const before = await keysOf('docs')
      const socket = net.connect(Number(port), '127.0.0.1')
      await new Promise((r) => socket.once('connect', r))
      socket.write(
        `POST ${objects('docs', '/upload?path=cut.bin')} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
          `x-csrf-token: ${p.owner.cookies.get('basalt_csrf')}\r\nContent-Type: application/octet-stream\r\n` +
          `Content-Length: ${12 * 1024 * 1024}\r\n\r\n`,
      )
      socket.write(Buffer.alloc(9 * 1024 * 1024, 7))
      await new Promise((r) => setTimeout(r, 300))
      socket.destroy()
      // The server notices the dropped body and gives up its write.
      for (let i = 0; i < 100; i++) {
        if ((await keysOf('docs')).length === before.length) break
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(await keysOf('docs')).toEqual(before)
      const { rows } = await project.query(`select 1 from storage.objects where name = 'cut.bin'`)
      expect(rows).toEqual([])
    })
  })

  describe('the explorer', () => {
    beforeAll(async () => {
      await p.owner.post(api('/buckets'), { id: 'explorer' })
      // 450 files in 'big', 3 subfolders, a placeholder; rows only (listing reads no bytes).
      await project.query(`
        insert into storage.objects (bucket_id, name, metadata, created_at)
        select 'explorer', 'big/' || lpad(i::text, 4, '0') || '.txt', '{"size": 1, "mimetype": "text/plain"}',
               now() - (i || ' minutes')::interval
          from generate_series(1, 450) i;
        insert into storage.objects (bucket_id, name, metadata) values
          ('explorer', 'big/.emptyFolderPlaceholder', '{"size": 0}'),
          ('explorer', 'big/0100.txt.d/deep/a.txt', '{"size": 1}'),
          ('explorer', 'big/zz/b.txt', '{"size": 1}'),
          ('explorer', 'big/zz/c.txt', '{"size": 1}'),
          ('explorer', 'big/AA/.emptyFolderPlaceholder', '{"size": 0}'),
          ('explorer', 'top.txt', '{"size": 5}');
      `)
    })

    const pageOf = async (query: string) => {
      const res = await readOnly.get(objects('explorer', `?${query}`))
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { items: StorageItem[]; nextCursor: string | null }
    }
    const all = async (query: string) => {
      const names: string[] = []
      let cursor: string | null = null
      do {
        const page = await pageOf(`${query}${cursor ? `&cursor=${cursor}` : ''}`)
        expect(page.items.length).toBeLessThanOrEqual(200)
        names.push(...page.items.map((i) => `${i.kind === 'folder' ? 'D ' : ''}${i.name}`))
        cursor = page.nextCursor
      } while (cursor)
      return names
    }

    it('lists a folder in keyset pages of 200: folders derived from names, the placeholder hidden', async () => {
      const root = await pageOf('')
      expect(root.items.map((i) => [i.kind, i.name])).toEqual([
        ['folder', 'big'],
        ['file', 'top.txt'],
      ])
      expect(root.items[1]).toMatchObject({ size: 5, path: 'top.txt' })
      const names = await all('prefix=big&limit=200')
      const files = Array.from({ length: 450 }, (_, i) => `${String(i + 1).padStart(4, '0')}.txt`)
      // Byte order: 'AA' before digits? No: digits (0x30) sort before 'A' (0x41), which sorts before 'z'.
      const expected = [...files.slice(0, 100), 'D 0100.txt.d', ...files.slice(100), 'D AA', 'D zz']
      expect(names).toEqual(expected)
      expect(await all('prefix=big&order=desc')).toEqual([...expected].reverse())
    })

    it('sorts by a date with folders first, each way', async () => {
      const asc = await all('prefix=big&sortBy=created_at&order=asc')
      expect(asc.slice(0, 4)).toEqual(['D 0100.txt.d', 'D AA', 'D zz', '0450.txt'])
      const desc = await all('prefix=big&sortBy=created_at&order=desc')
      expect(desc.slice(0, 3)).toEqual(['D 0100.txt.d', 'D AA', 'D zz'])
      expect(desc.filter((n) => !n.startsWith('D ')).length).toBe(450)
      // The three newest: the files without a set date first, then 0001.
      expect(desc.slice(3)).toContain('0001.txt')
      expect(desc.indexOf('0001.txt')).toBeLessThan(desc.indexOf('0002.txt'))
    })

    it('pages a date sort by keyset across the folders and the files, whatever the page length', async () => {
      const files = Array.from({ length: 450 }, (_, i) => `${String(i + 1).padStart(4, '0')}.txt`)
      const folders = ['D 0100.txt.d', 'D AA', 'D zz']
      // Created one minute apart, 0450 the oldest.
      const oldestFirst = [...files].reverse()
      expect(await all('prefix=big&sortBy=created_at&order=asc&limit=200')).toEqual([...folders, ...oldestFirst])
      expect(await all('prefix=big&sortBy=created_at&order=desc&limit=200')).toEqual([...folders, ...files])
      // Pages of 3: the folders fill the first exactly, the files start on the second.
      const names = (page: { items: StorageItem[] }) =>
        page.items.map((i) => `${i.kind === 'folder' ? 'D ' : ''}${i.name}`)
      let page = await pageOf('prefix=big&sortBy=created_at&order=desc&limit=3')
      expect(names(page)).toEqual(folders)
      page = await pageOf(`prefix=big&sortBy=created_at&order=desc&limit=3&cursor=${page.nextCursor}`)
      expect(names(page)).toEqual(files.slice(0, 3))
      page = await pageOf(`prefix=big&sortBy=created_at&order=desc&limit=3&cursor=${page.nextCursor}`)
      expect(names(page)).toEqual(files.slice(3, 6))
      page = await pageOf('prefix=big&sortBy=created_at&order=asc&limit=2')
      page = await pageOf(`prefix=big&sortBy=created_at&order=asc&limit=2&cursor=${page.nextCursor}`)
      expect(names(page)).toEqual(['D zz', oldestFirst[0]])
      // At the root: one folder, one file.
      expect(await all('sortBy=updated_at&order=asc&limit=1')).toEqual(['D big', 'top.txt'])
    })

    it('refuses a cursor of another listing', async () => {
      const first = await pageOf('prefix=big')
      const res = await readOnly.get(objects('explorer', `?prefix=big&order=desc&cursor=${first.nextCursor}`))
      expect(res.statusCode).toBe(400)
    })

    it('searches the whole bucket on the server, each hit with its folder', async () => {
      const res = await readOnly.get(objects('explorer', '/search?q=B.TXT'))
      expect(res.json().items.map((i: { name: string; folder: string }) => [i.folder, i.name])).toEqual([
        ['big/zz', 'b.txt'],
      ])
      const paged = await readOnly.get(objects('explorer', '/search?q=.txt&prefix=big&limit=300'))
      expect(paged.json().items.length).toBe(300)
      const rest = await readOnly.get(
        objects('explorer', `/search?q=.txt&prefix=big&limit=300&cursor=${paged.json().nextCursor}`),
      )
      expect(rest.json().items.length).toBe(453 - 300)
      expect(rest.json().nextCursor).toBeNull()
      expect((await readOnly.get(objects('explorer', '/search?q=%25'))).json().items).toEqual([])
    })
  })

  describe('folders, move, rename, delete', () => {
    beforeAll(async () => {
      await p.owner.post(api('/buckets'), { id: 'work' })
      for (const name of ['a/one.txt', 'a/sub/two.txt', 'b/three.txt', 'loose.txt'])
        await upload(p.owner, 'work', name, name)
      await project.query(`
        insert into storage.objects (bucket_id, name, metadata)
        select 'work', 'many/' || i || '.txt', '{"size": 1}' from generate_series(1, 1000) i`)
    })
    const names = async () =>
      (
        await project.query(`select name from storage.objects where bucket_id = 'work' order by name collate "C"`)
      ).rows.map((r) => r.name as string)

    it('creates a folder as its placeholder, and refuses a name that exists', async () => {
      const res = await p.owner.post(objects('work', '/folder'), { path: 'a/new folder' })
      expect(res.statusCode, res.body).toBe(201)
      expect(await names()).toContain('a/new folder/.emptyFolderPlaceholder')
      const again = await p.owner.post(objects('work', '/folder'), { path: 'a/sub' })
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe(
        'The name sub already exists in the current directory. Please use a different name.',
      )
    })

    it('renames a folder of 1,000 objects in one step, and its bytes follow without moving', async () => {
      const res = await p.owner.post(objects('work', '/rename'), { from: 'many', to: 'lots', kind: 'folder' })
      expect(res.json()).toEqual({ moved: 1000 })
      const now = await names()
      expect(now.filter((n) => n.startsWith('many/'))).toEqual([])
      expect(now.filter((n) => n.startsWith('lots/')).length).toBe(1000)
      await p.owner.post(objects('work', '/rename'), { from: 'a/one.txt', to: 'a/uno.txt', kind: 'file' })
      expect((await p.owner.get(objects('work', '/download?path=a/uno.txt'))).body).toBe('a/one.txt')
    })

    it('moves files and folders together, or nothing when a name is taken', async () => {
      const before = await names()
      const clash = await p.owner.post(objects('work', '/move'), {
        items: [
          { path: 'loose.txt', kind: 'file' },
          { path: 'b', kind: 'folder' },
        ],
        destination: '/a',
      })
      // 'a' has no 'b' yet, but moving loose.txt first then b: make 'a/b' exist to clash on the second.
      expect(clash.statusCode).toBe(200)
      expect(clash.json()).toEqual({ moved: 2 })
      const back = await p.owner.post(objects('work', '/move'), {
        items: [
          { path: 'a/loose.txt', kind: 'file' },
          { path: 'a/sub', kind: 'folder' },
        ],
        destination: 'lots',
      })
      expect(back.statusCode).toBe(200)
      const refused = await p.owner.post(objects('work', '/move'), {
        items: [
          { path: 'lots/loose.txt', kind: 'file' },
          { path: 'a/b', kind: 'folder' },
        ],
        destination: 'lots/sub',
      })
      expect(refused.statusCode).toBe(200)
      const snapshot = await names()
      await p.owner.post(objects('work', '/folder'), { path: 'target/b' })
      const taken = await p.owner.post(objects('work', '/move'), {
        items: [
          { path: 'lots/sub/loose.txt', kind: 'file' },
          { path: 'lots/sub/b', kind: 'folder' },
        ],
        destination: 'target',
      })
      expect(taken.statusCode).toBe(409)
      expect(taken.json().message).toBe(STORAGE_MESSAGES.objectExists('b'))
      expect((await names()).filter((n) => !n.startsWith('target/'))).toEqual(snapshot)
      const into = await p.owner.post(objects('work', '/move'), {
        items: [{ path: 'lots', kind: 'folder' }],
        destination: 'lots/sub',
      })
      expect(into.statusCode).toBe(400)
      expect(before.length).toBe(snapshot.length)
    })

    it('deletes files and folders recursively, with their bytes', async () => {
      const keysBefore = (await keysOf('work')).length
      const res = await p.owner.post(objects('work', '/delete'), {
        items: [
          { path: 'lots', kind: 'folder' },
          { path: 'a/uno.txt', kind: 'file' },
        ],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().deleted).toBeGreaterThan(1000)
      expect((await names()).filter((n) => n.startsWith('lots/') || n === 'a/uno.txt')).toEqual([])
      // a/uno.txt, lots/loose.txt, lots/sub/two.txt and lots/sub/b/three.txt had bytes.
      expect((await keysOf('work')).length).toBe(keysBefore - 4)
    })
  })

  describe('links', () => {
    let secret: Uint8Array
    beforeAll(async () => {
      await p.owner.post(api('/buckets'), { id: 'shared' })
      await upload(p.owner, 'shared', 'dir/report 1.csv', 'a,b\n1,2\n', 'text/csv')
      await upload(p.owner, 'shared', 'other.csv', 'x', 'text/csv')
      secret = (await projectJwtSecret(p.t.app.platform, p.ref))!
    })
    const relative = (url: string) => url.replace('http://localhost:8000', '')

    it('signs a URL that serves the file to anyone, by range, until it expires', async () => {
      const res = await readOnly.post(objects('shared', '/sign'), { path: 'dir/report 1.csv', expiresIn: 60 })
      expect(res.statusCode, res.body).toBe(200)
      const { signedUrl, expiresAt } = res.json()
      expect(signedUrl).toMatch(
        new RegExp(
          `^http://localhost:8000/project-api/${p.ref}/storage/v1/object/sign/shared/dir/report%201.csv\\?token=`,
        ),
      )
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(50_000)
      const got = await p.t.app.inject({ method: 'GET', url: relative(signedUrl) })
      expect(got.statusCode).toBe(200)
      expect(got.body).toBe('a,b\n1,2\n')
      expect(got.headers['content-type']).toBe('text/csv')
      expect(got.headers.etag).toBeTruthy()
      const part = await p.t.app.inject({ method: 'GET', url: relative(signedUrl), headers: { range: 'bytes=0-2' } })
      expect(part.statusCode).toBe(206)
      expect(part.body).toBe('a,b')
      expect((await readOnly.post(objects('shared', '/sign'), { path: 'x', expiresIn: 0 })).json().message).toContain(
        STORAGE_MESSAGES.signedUrlExpiryMin,
      )
    })

    it('refuses a tampered token, another path and a past expiry', async () => {
      const { signedUrl } = (
        await p.owner.post(objects('shared', '/sign'), { path: 'dir/report 1.csv', expiresIn: 60 })
      ).json()
      const url = relative(signedUrl)
      const token = url.split('token=')[1]!
      const [h, payload, sig] = token.split('.')
      const forged = Buffer.from(JSON.stringify({ url: 'shared/other.csv', exp: 9_999_999_999 })).toString('base64url')
      // Its first character changed, the signature differs in its first six bits (the last characters, once
      // replaced by 'AA', were 'AA' already in one signature of 256).
      const tampered = `${sig!.startsWith('A') ? 'B' : 'A'}${sig!.slice(1)}`
      const cases: [string, string][] = [
        [url.replace(token, `${h}.${forged}.${sig}`), STORAGE_MESSAGES.tokenInvalid],
        [url.replace(token, `${h}.${payload}.${tampered}`), STORAGE_MESSAGES.tokenInvalid],
        [url.replace('dir/report%201.csv', 'other.csv'), STORAGE_MESSAGES.tokenOtherObject],
        [url.split('?')[0]!, STORAGE_MESSAGES.tokenInvalid],
      ]
      const expired = await new SignJWT({ url: 'shared/other.csv' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(secret)
      cases.push([
        `/project-api/${p.ref}/storage/v1/object/sign/shared/other.csv?token=${expired}`,
        STORAGE_MESSAGES.tokenExpired,
      ])
      const otherSecret = await new SignJWT({ url: 'shared/other.csv' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not the project secret'))
      cases.push([
        `/project-api/${p.ref}/storage/v1/object/sign/shared/other.csv?token=${otherSecret}`,
        STORAGE_MESSAGES.tokenInvalid,
      ])
      for (const [bad, message] of cases) {
        const res = await p.t.app.inject({ method: 'GET', url: bad })
        expect(res.statusCode, bad).toBe(400)
        expect(res.json().message, bad).toBe(message)
      }
    })

    it('serves public URLs of public buckets only', async () => {
      const { publicUrl } = (await readOnly.post(objects('shared', '/public-url'), { path: 'other.csv' })).json()
      expect(publicUrl).toBe(`http://localhost:8000/project-api/${p.ref}/storage/v1/object/public/shared/other.csv`)
      const closed = await p.t.app.inject({ method: 'GET', url: relative(publicUrl) })
      expect(closed.statusCode).toBe(400)
      expect(closed.json().message).toBe(STORAGE_MESSAGES.bucketNotPublic)
      await p.owner.patch(api('/buckets/shared'), { public: true })
      const open = await p.t.app.inject({ method: 'GET', url: relative(publicUrl) })
      expect(open.statusCode).toBe(200)
      expect(open.body).toBe('x')
      const traversal = await p.t.app.inject({
        method: 'GET',
        url: `/project-api/${p.ref}/storage/v1/object/public/shared/dir/%2e%2e/%2e%2e/other.csv`,
      })
      // Refused, whether the URL's dots are resolved before routing or reach the name check.
      expect([400, 404]).toContain(traversal.statusCode)
      expect(traversal.body).not.toBe('x')
      const otherProject = await p.t.app.inject({
        method: 'GET',
        url: `/project-api/nosuchproject/storage/v1/object/public/shared/other.csv`,
      })
      // The Storage API answers in supabase/storage's shape: HTTP 400, the real status as a string.
      expect(otherProject.statusCode).toBe(400)
      expect(otherProject.json()).toMatchObject({ statusCode: '404', message: 'Project not found' })
    })
  })

  describe('zips', () => {
    let dir: string
    beforeAll(async () => {
      await p.owner.post(api('/buckets'), { id: 'zips' })
      await upload(p.owner, 'zips', 'photos/2024/a.txt', 'alpha')
      await upload(p.owner, 'zips', 'photos/2024/deep/b.png', Buffer.alloc(1000, 1), 'image/png')
      await upload(p.owner, 'zips', 'photos/2024/lost.txt', 'lost')
      await upload(p.owner, 'zips', 'photos/c.txt', 'gamma')
      await p.owner.post(objects('zips', '/folder'), { path: 'photos/2024/empty' })
      // The bytes of lost.txt vanish from the store: the zip lists it instead of failing.
      const { rows } = await project.query(`select id::text from storage.objects where name = 'photos/2024/lost.txt'`)
      await store.delete([byteKey(p.ref, 'zips', rows[0].id)])
      dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-zip-'))
    })
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('streams a folder and a file as one zip, entries relative to their common folder, with a manifest', async () => {
      const res = await readOnly.get(objects('zips', '/zip?path=photos/2024/&path=photos/c.txt&name=photos'))
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      expect(res.headers['content-type']).toBe('application/zip')
      expect(res.headers['content-disposition']).toBe('attachment; filename="photos.zip"')
      const file = path.join(dir, 'photos.zip')
      await writeFile(file, res.rawPayload)
      const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort()
      expect(listing).toEqual(['2024/a.txt', '2024/deep/b.png', ZIP_MANIFEST_NAME, 'c.txt'].sort())
      expect(execFileSync('unzip', ['-p', file, '2024/a.txt'], { encoding: 'utf8' })).toBe('alpha')
      expect(execFileSync('unzip', ['-p', file, ZIP_MANIFEST_NAME], { encoding: 'utf8' })).toContain(
        'photos/2024/lost.txt',
      )
      // Already-compressed types are stored, text deflated.
      const verbose = execFileSync('unzip', ['-v', file], { encoding: 'utf8' })
      expect(verbose).toMatch(/Stored.*2024\/deep\/b\.png/)
      expect(verbose).toMatch(/Defl:.*2024\/a\.txt/)
    })

    it('answers HEAD as the download would start, without a byte: what the explorer asks before a download', async () => {
      const head = (url: string, agent: Agent = readOnly) => agent.request('HEAD', url)
      const zip = await head(objects('zips', '/zip?path=photos/2024/&name=photos'))
      expect(zip.statusCode).toBe(200)
      expect(zip.headers['content-type']).toBe('application/zip')
      expect(zip.rawPayload.length).toBe(0)
      expect((await head(objects('zips', '/zip?path=../x/'))).statusCode).toBe(400)
      expect((await head(api('/buckets/nope/objects/zip?path=a/'))).statusCode).toBe(404)
      const file = await head(objects('zips', '/download?path=photos/c.txt&download=true'))
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-disposition']).toBe('attachment; filename="c.txt"')
      expect(file.rawPayload.length).toBe(0)
      // A file whose bytes are gone, a missing file, and a caller whose session ended.
      expect((await head(objects('zips', '/download?path=photos/2024/lost.txt'))).statusCode).toBe(404)
      expect((await head(objects('zips', '/download?path=photos/none.txt'))).statusCode).toBe(404)
      expect((await head(objects('zips', '/download?path=photos/c.txt'), anonymous)).statusCode).toBe(401)
    })
  })

  describe('bucket jobs', () => {
    it('empties, then deletes a bucket as jobs with progress, its bytes and leftovers gone', async () => {
      await p.owner.post(api('/buckets'), { id: 'doomed' })
      for (let i = 0; i < 3; i++) await upload(p.owner, 'doomed', `f${i}.txt`, `file ${i}`)
      await project.query(`
        insert into storage.objects (bucket_id, name, metadata)
        select 'doomed', 'rows/' || i, '{"size": 1}' from generate_series(1, 2500) i`)
      const started = await p.owner.post(api('/buckets/doomed/empty'))
      expect(started.statusCode, started.body).toBe(202)
      const job = await waitForJob(started.json().id)
      expect(job).toMatchObject({ kind: 'empty', state: 'done', deleted: 2503, total: 2503, error: null })
      expect(
        (await project.query(`select count(*)::int as n from storage.objects where bucket_id = 'doomed'`)).rows[0].n,
      ).toBe(0)
      expect(await keysOf('doomed')).toEqual([])
      expect((await p.owner.get(api('/buckets/doomed'))).statusCode).toBe(200)

      await upload(p.owner, 'doomed', 'again.txt', 'again')
      const removal = await p.owner.delete(api('/buckets/doomed'))
      expect(removal.statusCode).toBe(202)
      expect(await waitForJob(removal.json().id)).toMatchObject({ kind: 'delete', state: 'done', deleted: 1 })
      expect((await p.owner.get(api('/buckets/doomed'))).statusCode).toBe(404)
      expect(await keysOf('doomed')).toEqual([])
      // Another project's jobs are not this one's.
      expect((await outsider.get(api(`/jobs/${removal.json().id}`))).statusCode).toBe(404)
    })
  })

  describe('the sweep', () => {
    it('removes bytes no row names and temporary files, once old enough, and keeps every object', async () => {
      await p.owner.post(api('/buckets'), { id: 'swept' })
      const kept = (await upload(p.owner, 'swept', 'kept.txt', 'kept')).json().id as string
      const orphan = byteKey(p.ref, 'swept', '00000000-0000-4000-8000-000000000001')
      await store.put(orphan, Readable.from([Buffer.from('cut short')]), { contentType: 'text/plain' })
      await store.put(`${orphan}.json`, Readable.from([Buffer.from('{}')]), { contentType: 'application/json' })
      const { rows } = await p.t.db.query('select * from basalt.projects where ref = $1', [p.ref])
      // Young leftovers may be uploads under way: left alone.
      expect(await sweepProject(p.t.app.platform, store, rows[0])).toBe(0)
      expect(await sweepProject(p.t.app.platform, store, rows[0], -60_000)).toBeGreaterThanOrEqual(2)
      expect(await keysOf('swept')).toEqual([byteKey(p.ref, 'swept', kept)])
      expect((await p.owner.get(objects('swept', '/download?path=kept.txt'))).body).toBe('kept')
    })
  })

  describe('who may do what', () => {
    const ROUTES: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: () => string; body?: unknown; write: boolean }[] =
      [
        { method: 'GET', url: () => api('/buckets'), write: false },
        { method: 'POST', url: () => api('/buckets'), body: { id: 'nope' }, write: true },
        { method: 'GET', url: () => api('/buckets/docs'), write: false },
        { method: 'PATCH', url: () => api('/buckets/docs'), body: { public: true }, write: true },
        { method: 'POST', url: () => api('/buckets/docs/empty'), write: true },
        { method: 'DELETE', url: () => api('/buckets/docs'), write: true },
        { method: 'GET', url: () => api('/jobs/00000000-0000-4000-8000-000000000000'), write: false },
        { method: 'GET', url: () => objects('docs'), write: false },
        { method: 'GET', url: () => objects('docs', '/search?q=a'), write: false },
        { method: 'GET', url: () => objects('docs', '/info?path=same.txt'), write: false },
        { method: 'POST', url: () => objects('docs', '/folder'), body: { path: 'f' }, write: true },
        {
          method: 'POST',
          url: () => objects('docs', '/move'),
          body: { items: [{ path: 'same.txt', kind: 'file' }], destination: 'x' },
          write: true,
        },
        {
          method: 'POST',
          url: () => objects('docs', '/rename'),
          body: { from: 'same.txt', to: 'x.txt', kind: 'file' },
          write: true,
        },
        {
          method: 'POST',
          url: () => objects('docs', '/delete'),
          body: { items: [{ path: 'same.txt', kind: 'file' }] },
          write: true,
        },
        { method: 'POST', url: () => objects('docs', '/upload?path=new.txt'), body: Buffer.from('x'), write: true },
        { method: 'GET', url: () => objects('docs', '/download?path=same.txt'), write: false },
        { method: 'GET', url: () => objects('docs', '/zip?path=same.txt'), write: false },
        {
          method: 'POST',
          url: () => objects('docs', '/sign'),
          body: { path: 'same.txt', expiresIn: 60 },
          write: false,
        },
        { method: 'POST', url: () => objects('docs', '/public-url'), body: { path: 'same.txt' }, write: false },
        { method: 'GET', url: () => `/api/platform/projects/${p.ref}/config/storage`, write: false },
        {
          method: 'PATCH',
          url: () => `/api/platform/projects/${p.ref}/config/storage`,
          body: { fileSizeLimit: 1 },
          write: true,
        },
      ]

    it('answers a member of another organisation 404, anyone signed out 401, and a Read-only member 403 on writes', async () => {
      for (const r of ROUTES) {
        const label = `${r.method} ${r.url()}`
        expect((await outsider.request(r.method, r.url(), r.body)).statusCode, label).toBe(404)
        expect((await anonymous.request(r.method, r.url(), r.body)).statusCode, label).toBe(401)
        const ro = await readOnly.request(r.method, r.url(), r.body)
        if (r.write) {
          expect(ro.statusCode, label).toBe(403)
          expect(ro.json().message, label).toBe('You need additional permissions to change storage')
        } else expect(ro.statusCode, label).not.toBe(403)
      }
      // Nothing a refused caller sent was applied.
      expect((await p.owner.get(api('/buckets/docs'))).json().public).toBe(false)
      expect((await p.owner.get(objects('docs', '/info?path=same.txt'))).statusCode).toBe(200)
      expect((await p.owner.get(`/api/platform/projects/${p.ref}/config/storage`)).json().fileSizeLimit).toBe(
        53_687_091_200,
      )
    })
  })
})
