import { randomUUID } from 'node:crypto'
import { StorageClient } from '@supabase/storage-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/global-setup.ts'
import { createProjectApp, projectSuperuserUrl } from '../../test/platform-app.ts'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'
import { bytePrefix, type ObjectStore } from '../storage/object-store.ts'

/**
 * The project's Storage API driven by the real `@supabase/storage-js` (issue 25, point 3), on both object
 * stores, as anon, two authenticated users and service_role, under policies made from each of the five
 * templates of spec 3 and the per-user-folder pattern: what is allowed, what is refused, and that a refused
 * call changed nothing (no row, no byte).
 */
describe.each(STORAGE_BACKENDS)('Storage API with storage-js on %s', (_kind, open) => {
  let backend: OpenBackend
  let store: ObjectStore
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let db: pg.Client
  /** The project's superuser: storage.objects belongs to it, so its policies are made through it. */
  let su: pg.Client
  let storageUrl: string
  let secret: Uint8Array
  let anonKey: string
  let serviceKey: string
  const userA = randomUUID()
  const userB = randomUUID()
  let anon: StorageClient
  let a: StorageClient
  let b: StorageClient
  let service: StorageClient

  const userToken = (sub: string, expiresIn = 3600) =>
    new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.com` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(secret)
  const client = (token: string) => new StorageClient(storageUrl, { apikey: anonKey, Authorization: `Bearer ${token}` })

  /** Everything a call could change: the rows of storage.objects and the keys in the object store. */
  const snapshot = async () => {
    const { rows } = await db.query<{ bucket_id: string; name: string; id: string; metadata: unknown }>(
      'select bucket_id, name, id::text, metadata from storage.objects order by bucket_id, name collate "C"',
    )
    const keys: string[] = []
    for await (const { key } of store.list(bytePrefix(p.ref))) keys.push(key)
    return { rows, keys: keys.sort() }
  }
  const policy = async (name: string, command: string, roles: string, definition: string) => {
    const using = command === 'INSERT' ? '' : `using (${definition})`
    const check = command === 'INSERT' || command === 'UPDATE' ? `with check (${definition})` : ''
    await su.query(`create policy "${name}" on storage.objects for ${command} to ${roles} ${using} ${check}`)
  }
  const text = async (blob: Blob | null) => (blob ? await blob.text() : null)

  beforeAll(async () => {
    backend = await open()
    store = backend.store
    const port = await freePort()
    p = await createProjectApp('Api', { objectStore: store, config: { publicUrl: `http://127.0.0.1:${port}` } })
    db = p.database
    su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
    await p.t.app.listen({ port, host: '127.0.0.1' })
    const settings = (await p.owner.get(`/api/projects/${p.ref}/settings/api`)).json()
    storageUrl = settings.storageUrl
    anonKey = settings.anonKey
    serviceKey = (await p.owner.post(`/api/projects/${p.ref}/settings/api/reveal`, { secret: 'service_role' })).json()
      .value
    const jwtSecret = (
      await p.owner.post(`/api/projects/${p.ref}/settings/api/reveal`, { secret: 'jwt_secret' })
    ).json().value
    secret = new TextEncoder().encode(jwtSecret)
    await db.query('insert into auth.users (id, email) values ($1, $2), ($3, $4)', [
      userA,
      'a@example.com',
      userB,
      'b@example.com',
    ])
    anon = client(anonKey)
    a = client(await userToken(userA))
    b = client(await userToken(userB))
    service = client(serviceKey)
    for (const id of ['files', 'jpgs', 'team', 'admin', 'onefile']) {
      const { error } = await service.createBucket(id, { public: false })
      expect(error).toBeNull()
    }
    // The per-user folder (template 2): every operation, in the user's own top-level folder.
    for (const command of ['SELECT', 'INSERT', 'UPDATE', 'DELETE']) {
      await policy(
        `own folder ${command}`,
        command,
        'authenticated',
        `bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text)`,
      )
    }
    // Template 1: JPG images in a public folder, for anonymous users (read).
    await policy(
      'anon jpgs',
      'SELECT',
      'anon',
      `bucket_id = 'jpgs' and storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public' and auth.role() = 'anon'`,
    )
    // Template 3: the folder 'private', for any authenticated user (read and upload).
    for (const command of ['SELECT', 'INSERT']) {
      await policy(
        `team ${command}`,
        command,
        'authenticated',
        `bucket_id = 'team' and (storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated'`,
      )
    }
    // Template 4: the nested folder admin/assets, for one user (read and upload).
    for (const command of ['SELECT', 'INSERT']) {
      await policy(
        `admin assets ${command}`,
        command,
        'authenticated',
        `bucket_id = 'admin' and (storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and auth.uid() = '${userA}'`,
      )
    }
    // Template 5: one file, for one user (read).
    await policy(
      'one file',
      'SELECT',
      'authenticated',
      `bucket_id = 'onefile' and name = 'admin/assets/Costa Rican Coffee.jpg' and auth.uid() = '${userA}'`,
    )
  })
  afterAll(async () => {
    await su?.end()
    await p?.close()
    await backend?.close()
  })

  describe('buckets', () => {
    it('service_role manages buckets; anon, with no policy on storage.buckets, sees none and creates none', async () => {
      const { data: list } = await service.listBuckets()
      expect(list!.map((x) => x.name)).toEqual(['admin', 'files', 'jpgs', 'onefile', 'team'])
      expect((await service.getBucket('files')).data).toMatchObject({ id: 'files', public: false })
      expect((await service.createBucket('tmp', { public: true, fileSizeLimit: '1MB' })).error).toBeNull()
      expect((await service.getBucket('tmp')).data).toMatchObject({ public: true, file_size_limit: 1024 * 1024 })
      expect((await service.updateBucket('tmp', { public: false, allowedMimeTypes: ['text/*'] })).error).toBeNull()
      expect((await service.getBucket('tmp')).data).toMatchObject({ public: false, allowed_mime_types: ['text/*'] })
      await service.from('tmp').upload('x.txt', Buffer.from('x'), { contentType: 'text/plain' })
      const notEmpty = await service.deleteBucket('tmp')
      expect(notEmpty.error).toMatchObject({ statusCode: '409' })
      expect((await service.emptyBucket('tmp')).error).toBeNull()
      expect((await service.deleteBucket('tmp')).error).toBeNull()
      expect((await service.getBucket('tmp')).error).toMatchObject({
        status: 400,
        statusCode: '404',
        message: 'Bucket not found',
      })

      expect((await anon.listBuckets()).data).toEqual([])
      const before = await db.query('select id from storage.buckets order by id')
      const refused = await anon.createBucket('mine')
      expect(refused.error).toMatchObject({ status: 400, statusCode: '403' })
      expect(refused.error!.message).toContain('new row violates row-level security policy')
      expect((await db.query('select id from storage.buckets order by id')).rows).toEqual(before.rows)
      expect((await service.createBucket('Bad Name')).error).toMatchObject({ statusCode: '400' })
    })
  })

  describe('the per-user folder (template 2)', () => {
    it('lets a user upload, read, list, sign, move, copy and remove in their own folder', async () => {
      const files = a.from('files')
      const up = await files.upload(`${userA}/notes/hello.txt`, Buffer.from('Hello'), {
        contentType: 'text/markdown',
        cacheControl: '120',
      })
      expect(up.error).toBeNull()
      expect(up.data).toMatchObject({ path: `${userA}/notes/hello.txt`, fullPath: `files/${userA}/notes/hello.txt` })
      const { rows } = await db.query('select owner_id, metadata from storage.objects where id = $1', [up.data!.id])
      expect(rows[0].owner_id).toBe(userA)
      expect(rows[0].metadata).toMatchObject({ size: 5, mimetype: 'text/markdown', cacheControl: 'max-age=120' })

      expect(await text((await files.download(`${userA}/notes/hello.txt`)).data)).toBe('Hello')
      const info = await files.info(`${userA}/notes/hello.txt`)
      expect(info.data).toMatchObject({ size: 5, contentType: 'text/markdown', cacheControl: 'max-age=120' })
      expect((await files.exists(`${userA}/notes/hello.txt`)).data).toBe(true)
      expect((await files.exists(`${userA}/notes/none.txt`)).data).toBe(false)

      const listed = await files.list(userA)
      expect(listed.data!.map((x) => [x.name, x.id === null])).toEqual([['notes', true]])

      const signed = await files.createSignedUrl(`${userA}/notes/hello.txt`, 60)
      const fetched = await fetch(signed.data!.signedUrl)
      expect(fetched.status).toBe(200)
      expect(await fetched.text()).toBe('Hello')
      expect(fetched.headers.get('cache-control')).toBe('max-age=120')
      expect(fetched.headers.get('content-type')).toBe('text/markdown')

      // A Blob goes as multipart form data: its type and cacheControl are kept too.
      const blob = await files.upload(`${userA}/pic.png`, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }))
      expect(blob.error).toBeNull()
      expect((await files.info(`${userA}/pic.png`)).data).toMatchObject({ size: 3, contentType: 'image/png' })

      expect((await files.move(`${userA}/pic.png`, `${userA}/moved.png`)).error).toBeNull()
      expect((await files.copy(`${userA}/moved.png`, `${userA}/copy.png`)).data).toEqual({
        path: `files/${userA}/copy.png`,
      })
      expect((await text((await files.download(`${userA}/copy.png`)).data))?.length).toBe(3)

      const removed = await files.remove([`${userA}/moved.png`, `${userA}/copy.png`])
      expect(removed.data!.map((x) => x.name).sort()).toEqual([`${userA}/copy.png`, `${userA}/moved.png`])
      const after = await snapshot()
      expect(after.rows.filter((r) => r.name.endsWith('.png'))).toEqual([])
      expect(after.keys).toHaveLength(after.rows.length)
    })

    it("refuses another user's folder, anon and service-less writes, and the refusals change nothing", async () => {
      await a.from('files').upload(`${userA}/secret.txt`, Buffer.from('mine'), { contentType: 'text/plain' })
      const before = await snapshot()
      const refusedWrites = [
        await a.from('files').upload(`${userB}/intrude.txt`, Buffer.from('x')),
        await anon.from('files').upload(`${userA}/anon.txt`, Buffer.from('x')),
        await b.from('files').update(`${userA}/secret.txt`, Buffer.from('overwritten')),
        await a.from('files').copy(`${userA}/secret.txt`, `${userB}/stolen.txt`),
        await b.from('files').createSignedUploadUrl(`${userA}/later.txt`),
      ]
      for (const r of refusedWrites) {
        expect(r.error).toMatchObject({ status: 400, statusCode: '403' })
        expect(r.error!.message).toContain('new row violates row-level security policy')
      }
      const refusedReads = [
        await b.from('files').download(`${userA}/secret.txt`),
        await b.from('files').createSignedUrl(`${userA}/secret.txt`, 60),
        await b.from('files').info(`${userA}/secret.txt`),
        await anon.from('files').download(`${userA}/secret.txt`),
        await b.from('files').move(`${userA}/secret.txt`, `${userB}/secret.txt`),
      ]
      for (const r of refusedReads) {
        expect(r.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' })
      }
      // A move of one's own file into another's folder: the UPDATE's check refuses the new row.
      const outward = await a.from('files').move(`${userA}/secret.txt`, `${userB}/secret.txt`)
      expect(outward.error).toMatchObject({ statusCode: '403' })
      // remove() of what the caller may not delete answers 200 with an empty list.
      expect(await b.from('files').remove([`${userA}/secret.txt`])).toEqual({ data: [], error: null })
      expect((await b.from('files').list(userA)).data).toEqual([])
      expect((await anon.from('files').list()).data).toEqual([])
      expect(await snapshot()).toEqual(before)
      // service_role sees and reads everything.
      expect(await text((await service.from('files').download(`${userA}/secret.txt`)).data)).toBe('mine')
      expect((await service.from('files').list()).data!.map((x) => x.name)).toContain(userA)
    })

    it('refuses a taken name without upsert (409) and replaces it with upsert, the old bytes gone', async () => {
      const files = a.from('files')
      await files.upload(`${userA}/v.txt`, Buffer.from('one'))
      const before = await snapshot()
      const taken = await files.upload(`${userA}/v.txt`, Buffer.from('two'))
      expect(taken.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
      expect(await snapshot()).toEqual(before)
      const copyOnto = await files.copy(`${userA}/secret.txt`, `${userA}/v.txt`)
      expect(copyOnto.error).toMatchObject({ statusCode: '409' })
      expect(await snapshot()).toEqual(before)
      const replaced = await files.upload(`${userA}/v.txt`, Buffer.from('three'), { upsert: true })
      expect(replaced.error).toBeNull()
      expect(await text((await files.download(`${userA}/v.txt`)).data)).toBe('three')
      const after = await snapshot()
      expect(after.rows.length).toBe(before.rows.length)
      expect(after.keys.length).toBe(before.keys.length)
      expect(after.keys).not.toEqual(before.keys)
    })

    it("refuses an upload over the bucket's limit or of a type it does not take, raw or multipart, keeping nothing", async () => {
      expect(
        (await service.createBucket('small', { public: false, fileSizeLimit: 8, allowedMimeTypes: ['text/*'] })).error,
      ).toBeNull()
      const small = service.from('small')
      const before = await snapshot()
      const raw = await small.upload('big.txt', Buffer.from('0123456789'), { contentType: 'text/plain' })
      expect(raw.error).toMatchObject({ status: 400, statusCode: '413' })
      const type = await small.upload('pic.png', Buffer.from('png'), { contentType: 'image/png' })
      expect(type.error).toMatchObject({ status: 400, statusCode: '415' })
      expect(await snapshot()).toEqual(before)
      // A form's file has no length up front: the stream is cut at the limit, and no row names it. (On the
      // directory store the cut file may stay until the sweep: see docs/storage.md.)
      const form = await small.upload('big.txt', new Blob(['0123456789'], { type: 'text/plain' }))
      expect(form.error).toMatchObject({ status: 400, statusCode: '413' })
      expect((await snapshot()).rows).toEqual(before.rows)
      expect((await small.upload('ok.txt', Buffer.from('12345678'), { contentType: 'text/plain' })).error).toBeNull()
    })

    it('signs an upload URL after the INSERT check and takes the bytes with it', async () => {
      const signed = await a.from('files').createSignedUploadUrl(`${userA}/signed.txt`)
      expect(signed.error).toBeNull()
      const done = await anon
        .from('files')
        .uploadToSignedUrl(`${userA}/signed.txt`, signed.data!.token, Buffer.from('via token'))
      expect(done.error).toBeNull()
      expect(await text((await a.from('files').download(`${userA}/signed.txt`)).data)).toBe('via token')
      // The token is for that path only.
      const elsewhere = await anon
        .from('files')
        .uploadToSignedUrl(`${userA}/other.txt`, signed.data!.token, Buffer.from('x'))
      expect(elsewhere.error).toMatchObject({ status: 400 })
      // …and it uploads, never downloads.
      const asDownload = await fetch(`${storageUrl}/object/sign/files/${userA}/signed.txt?token=${signed.data!.token}`)
      expect(asDownload.status).toBe(400)
    })

    it('signs many URLs, each one only where the caller may read', async () => {
      const many = await b.from('files').createSignedUrls([`${userA}/secret.txt`], 60)
      expect(many.data).toEqual([
        expect.objectContaining({ path: `${userA}/secret.txt`, signedURL: null, signedUrl: null }),
      ])
      const own = await a.from('files').createSignedUrls([`${userA}/secret.txt`, `${userA}/v.txt`], 60)
      for (const entry of own.data!) expect((await fetch(entry.signedUrl!)).status).toBe(200)
    })
  })

  describe('resumable uploads (TUS) with a project JWT', () => {
    const metadata = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',')
    const create = async (token: string, objectName: string, length: number) =>
      fetch(`${storageUrl}/upload/resumable`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': metadata({ bucketName: 'files', objectName, contentType: 'text/plain' }),
        },
      })

    it('uploads into the own folder in two parts, the Location absolute under the Storage API base', async () => {
      const token = await userToken(userA)
      const created = await create(token, `${userA}/big.txt`, 10)
      expect(created.status, await created.clone().text()).toBe(201)
      const location = created.headers.get('location')!
      expect(location.startsWith(`${storageUrl}/upload/resumable/`)).toBe(true)
      for (const [offset, part] of [
        [0, 'hello'],
        [5, 'world'],
      ] as const) {
        const res = await fetch(location, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: part,
        })
        expect(res.status, await res.clone().text()).toBe(204)
      }
      expect(await text((await a.from('files').download(`${userA}/big.txt`)).data)).toBe('helloworld')
      const { rows } = await db.query('select owner_id from storage.objects where name = $1', [`${userA}/big.txt`])
      expect(rows).toEqual([{ owner_id: userA }])
    })

    it("refuses a creation in another user's folder before the upload exists", async () => {
      const before = await snapshot()
      const refused = await create(await userToken(userB), `${userA}/intruder.txt`, 5)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({ statusCode: '403' })
      const anonymous = await create(anonKey, `${userA}/anon.txt`, 5)
      expect(anonymous.status).toBe(400)
      expect(await snapshot()).toEqual(before)
    })
  })

  describe('the other templates', () => {
    it('template 1: anon reads JPGs under public/ only, and uploads nothing', async () => {
      for (const name of ['public/cat.jpg', 'public/doc.png', 'other/dog.jpg']) {
        expect(
          (await service.from('jpgs').upload(name, Buffer.from(name), { contentType: 'image/jpeg' })).error,
        ).toBeNull()
      }
      expect(await text((await anon.from('jpgs').download('public/cat.jpg')).data)).toBe('public/cat.jpg')
      expect((await anon.from('jpgs').download('public/doc.png')).error).toMatchObject({ statusCode: '404' })
      expect((await anon.from('jpgs').download('other/dog.jpg')).error).toMatchObject({ statusCode: '404' })
      // The policy names anon: an authenticated user reads none of them.
      expect((await a.from('jpgs').download('public/cat.jpg')).error).toMatchObject({ statusCode: '404' })
      const before = await snapshot()
      expect((await anon.from('jpgs').upload('public/new.jpg', Buffer.from('x'))).error).toMatchObject({
        statusCode: '403',
      })
      expect(await snapshot()).toEqual(before)
    })

    it("template 3: the folder 'private' for any authenticated user, not anon", async () => {
      expect((await a.from('team').upload('private/plan.txt', Buffer.from('plan'))).error).toBeNull()
      expect(await text((await b.from('team').download('private/plan.txt')).data)).toBe('plan')
      expect((await b.from('team').list('private')).data!.map((x) => x.name)).toEqual(['plan.txt'])
      const before = await snapshot()
      expect((await a.from('team').upload('public/plan.txt', Buffer.from('x'))).error).toMatchObject({
        statusCode: '403',
      })
      expect((await anon.from('team').upload('private/anon.txt', Buffer.from('x'))).error).toMatchObject({
        statusCode: '403',
      })
      expect((await anon.from('team').list('private')).data).toEqual([])
      expect(await snapshot()).toEqual(before)
    })

    it('template 4: admin/assets for one user only', async () => {
      expect((await a.from('admin').upload('admin/assets/logo.svg', Buffer.from('<svg/>'))).error).toBeNull()
      const before = await snapshot()
      expect((await b.from('admin').upload('admin/assets/b.svg', Buffer.from('x'))).error).toMatchObject({
        statusCode: '403',
      })
      expect((await a.from('admin').upload('admin/other/a.svg', Buffer.from('x'))).error).toMatchObject({
        statusCode: '403',
      })
      expect((await b.from('admin').download('admin/assets/logo.svg')).error).toMatchObject({ statusCode: '404' })
      expect(await snapshot()).toEqual(before)
    })

    it('template 5: one file for one user', async () => {
      await service.from('onefile').upload('admin/assets/Costa Rican Coffee.jpg', Buffer.from('coffee'))
      await service.from('onefile').upload('admin/assets/Tea.jpg', Buffer.from('tea'))
      expect(await text((await a.from('onefile').download('admin/assets/Costa Rican Coffee.jpg')).data)).toBe('coffee')
      expect((await a.from('onefile').download('admin/assets/Tea.jpg')).error).toMatchObject({ statusCode: '404' })
      expect((await b.from('onefile').download('admin/assets/Costa Rican Coffee.jpg')).error).toMatchObject({
        statusCode: '404',
      })
      expect((await a.from('onefile').list('admin/assets')).data!.map((x) => x.name)).toEqual([
        'Costa Rican Coffee.jpg',
      ])
    })
  })

  describe('listing, public URLs, ranges and tokens', () => {
    it('lists folders and files together by name, with limit, offset, search (a prefix) and sortBy', async () => {
      const l = service.from('team')
      for (const name of ['list/b.txt', 'list/a/x.txt', 'list/c.txt', 'list/B2.txt', 'list/c/deep.txt']) {
        await l.upload(name, Buffer.from(name))
      }
      const all = await l.list('list')
      expect(all.data!.map((x) => x.name)).toEqual(['B2.txt', 'a', 'b.txt', 'c', 'c.txt'])
      expect((await l.list('list', { limit: 2, offset: 1 })).data!.map((x) => x.name)).toEqual(['a', 'b.txt'])
      expect((await l.list('list', { search: 'c' })).data!.map((x) => x.name)).toEqual(['c', 'c.txt'])
      const desc = await l.list('list', { sortBy: { column: 'name', order: 'desc' } })
      expect(desc.data!.map((x) => x.name)).toEqual(['c.txt', 'c', 'b.txt', 'a', 'B2.txt'])

      const page1 = await l.listV2({ prefix: 'list/', limit: 2, with_delimiter: true })
      expect(page1.data!.folders.map((f) => f.name).concat(page1.data!.objects.map((o) => o.name))).toEqual([
        'a',
        'list/B2.txt',
      ])
      expect(page1.data!.hasNext).toBe(true)
      const page2 = await l.listV2({ prefix: 'list/', limit: 10, with_delimiter: true, cursor: page1.data!.nextCursor })
      expect(page2.data!.folders.map((f) => f.name)).toEqual(['c'])
      expect(page2.data!.objects.map((o) => o.name)).toEqual(['list/b.txt', 'list/c.txt'])
      expect(page2.data!.hasNext).toBe(false)
    })

    it('keeps a key with empty segments exactly, and refuses .. and NUL', async () => {
      const res = await fetch(`${storageUrl}/object/team/list/a///b.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceKey}`, 'content-type': 'text/plain' },
        body: 'empty segments',
      })
      expect(res.status, await res.clone().text()).toBe(200)
      expect((await db.query("select 1 from storage.objects where name = 'list/a///b.txt'")).rows).toHaveLength(1)
      expect(await text((await service.from('team').download('list/a///b.txt')).data)).toBe('empty segments')
      const nul = await fetch(`${storageUrl}/object/team/list/%00.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceKey}` },
        body: 'x',
      })
      expect(nul.status).toBe(400)
      expect(((await nul.json()) as { statusCode: string }).statusCode).toBe('400')
      // A URL's own `..` is resolved before it is sent: the names in a body are checked as they are.
      const before = await snapshot()
      const up = await service.from('team').copy('list/b.txt', 'list/../x.txt')
      expect(up.error).toMatchObject({ status: 400, statusCode: '400' })
      expect(up.error!.message).toContain('..')
      expect(await snapshot()).toEqual(before)
    })

    it("serves a public bucket's objects without a policy, and refuses a private bucket's public URL", async () => {
      await service.createBucket('open', { public: true })
      await service.from('open').upload('hello.txt', Buffer.from('hello public'), { contentType: 'text/plain' })
      const url = anon.from('open').getPublicUrl('hello.txt').data.publicUrl
      expect(url).toBe(`${storageUrl}/object/public/open/hello.txt`)
      expect(await (await fetch(url)).text()).toBe('hello public')
      const closed = await fetch(anon.from('files').getPublicUrl(`${userA}/secret.txt`).data.publicUrl)
      expect(closed.status).toBe(400)
      expect(await closed.json()).toMatchObject({ statusCode: '400', message: 'This bucket is not public' })
      // Apps on other origins may call the API (bearer tokens, no cookies).
      const preflight = await fetch(`${storageUrl}/object/list/files`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    })

    it('answers a Range, and a Range past the end with a clear 400', async () => {
      const headers = { authorization: `Bearer ${await userToken(userA)}` }
      const part = await fetch(`${storageUrl}/object/files/${userA}/secret.txt`, {
        headers: { ...headers, range: 'bytes=1-2' },
      })
      expect(part.status).toBe(206)
      expect(await part.text()).toBe('in')
      const past = await fetch(`${storageUrl}/object/files/${userA}/secret.txt`, {
        headers: { ...headers, range: 'bytes=100-200' },
      })
      expect(past.status).toBe(400)
      expect(await past.json()).toMatchObject({ statusCode: '400', code: 'InvalidRange' })
    })

    it('refuses missing, expired, badly signed and other-project tokens; a download without one is anon', async () => {
      const expired = client(await userToken(userA, -10))
      expect((await expired.from('files').list(userA)).error).toMatchObject({
        status: 400,
        statusCode: '400',
        message: 'jwt expired',
      })
      const forged = await new SignJWT({ sub: userA, role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another project secret'))
      expect((await client(forged).from('files').list()).error).toMatchObject({
        statusCode: '400',
        message: 'invalid signature',
      })
      const otherRef = await new SignJWT({ role: 'service_role', ref: 'another-project' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret)
      expect((await client(otherRef).from('files').list()).error).toMatchObject({ statusCode: '400' })
      const none = await fetch(`${storageUrl}/object/list/files`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(none.status).toBe(400)
      expect(await none.json()).toMatchObject({ statusCode: '400', message: 'jwt must be provided' })
      const before = await snapshot()
      const upload = await fetch(`${storageUrl}/object/files/${userA}/no-token.txt`, { method: 'POST', body: 'x' })
      expect(upload.status).toBe(400)
      expect(await snapshot()).toEqual(before)
      // Downloads: no token, or a bad one, is anonymous.
      expect((await fetch(`${storageUrl}/object/jpgs/public/cat.jpg`)).status).toBe(200)
      const badDownload = await fetch(`${storageUrl}/object/jpgs/public/cat.jpg`, {
        headers: { authorization: `Bearer ${forged}` },
      })
      expect(badDownload.status).toBe(200)
      // A bearer token alone is enough.
      const bare = await fetch(`${storageUrl}/object/list/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await userToken(userA)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: userA }),
      })
      expect(bare.status).toBe(200)
    })
  })
})
